import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { authProvider } from '../../../../src/platform/authProvider';
import { sessionStore } from '../../../../src/platform/authProvider/sessionStore';
import { errorResponse, jsonResponse, mockApi } from '../../helpers/mockApi';
import { sessionUser } from '../../helpers/sessionUsers';

describe('authProvider (spec §4, §2.1)', () => {
  it('logs in: stores the jwt under "jwt" and loads the user with it', async () => {
    const api = mockApi({
      'POST /api/token/login': () => jsonResponse(200, { token: 't1' }),
      'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-engineer'])),
    });
    await authProvider.login({ username: 'dana', password: 'secret' });
    expect(localStorage.getItem('jwt')).toBe('t1');
    expect(api.callsTo('GET', '/api/token/init')[0]?.headers.get('x-auth')).toBe('t1');
    expect(sessionStore.getUser()?.name).toBe('Dana Field');
  });

  it("rejects a failed login with the server's message and stores nothing", async () => {
    mockApi({ 'POST /api/token/login': () => errorResponse(429, 'Too many attempts, try again later') });
    await expect(authProvider.login({ username: 'dana', password: 'x' })).rejects.toThrow(
      'Too many attempts, try again later',
    );
    expect(localStorage.getItem('jwt')).toBeNull();
  });

  it('loads permissions with the stored jwt when they are not loaded, once', async () => {
    localStorage.setItem('jwt', 'stored');
    const api = mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-onsite'])) });
    const [first, second] = await Promise.all([authProvider.getPermissions(), authProvider.getPermissions()]);
    expect(first).toEqual(['view-onsite']);
    expect(second).toEqual(['view-onsite']);
    await authProvider.getPermissions();
    expect(api.callsTo('GET', '/api/token/init')).toHaveLength(1);
  });

  it('has no permissions without a jwt and asks nothing', async () => {
    const api = mockApi();
    await expect(authProvider.getPermissions()).resolves.toEqual([]);
    expect(api.calls).toHaveLength(0);
  });

  it('gives the identity from the session user', async () => {
    localStorage.setItem('jwt', 'stored');
    mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser([])) });
    await expect(authProvider.getIdentity()).resolves.toEqual({ id: 'u1', fullName: 'Dana Field' });
  });

  it('rejects checkError for 401 and 403 only', async () => {
    await expect(authProvider.checkError(new HttpError('expired', 401))).rejects.toBeDefined();
    await expect(authProvider.checkError(new HttpError('denied', 403))).rejects.toBeDefined();
    await expect(authProvider.checkError(new HttpError('broken', 500))).resolves.toBeUndefined();
    await expect(authProvider.checkError(new TypeError('Failed to fetch'))).resolves.toBeUndefined();
  });

  it('checkAuth passes only with a stored jwt', async () => {
    await expect(authProvider.checkAuth()).rejects.toBeDefined();
    localStorage.setItem('jwt', 'stored');
    await expect(authProvider.checkAuth()).resolves.toBeUndefined();
  });

  it('logout clears the token and the user', async () => {
    sessionStore.setToken('t1');
    sessionStore.setUser(sessionUser([]));
    await authProvider.logout();
    expect(localStorage.getItem('jwt')).toBeNull();
    expect(sessionStore.getUser()).toBeNull();
  });
});
