import { beforeEach, describe, expect, it } from 'vitest';
import { httpClient } from '../../../../src/platform/dataProvider/httpClient';
import { sessionStore, TOKEN_STORAGE_KEY } from '../../../../src/platform/authProvider/sessionStore';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { engineerPermissions, sessionUser } from '../../helpers/sessionUsers';

const engineerUser = sessionUser(engineerPermissions);

describe('httpClient', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStore.setToken('old-token');
    sessionStore.setUser(engineerUser);
  });

  it('sends the stored token and keeps a fresh one the server answers after a password change', async () => {
    const api = mockApi({
      'PUT /api/user/u1': () => new Response(JSON.stringify({ _id: 'u1' }), { status: 200, headers: { 'Content-Type': 'application/json', 'x-auth': 'fresh-token' } }),
      'GET /api/token/init': () => jsonResponse(200, engineerUser),
    });
    await httpClient('/api/user/u1', { method: 'PUT', body: '{}' });
    expect(api.calls[0]!.headers.get('x-auth')).toBe('old-token');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
    expect(sessionStore.getUser()).toEqual(engineerUser);
    await httpClient('/api/token/init');
    expect(api.calls[1]!.headers.get('x-auth')).toBe('fresh-token');
  });
});
