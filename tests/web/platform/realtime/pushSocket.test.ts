import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewAlertEvent } from '../../../../common/realtime';
import { FakeSocket } from './fakeSocket';

const sockets = vi.hoisted(() => [] as import('./fakeSocket').FakeSocket[]);
vi.mock('socket.io-client', () => ({
  io: (url: string, options: ConstructorParameters<typeof FakeSocket>[1]) => {
    const socket = new FakeSocket(url, options);
    sockets.push(socket);
    return socket;
  },
}));

// Fresh modules per test: the socket is a singleton of the session.
let push: typeof import('../../../../src/platform/realtime/pushSocket');
let session: typeof import('../../../../src/platform/authProvider/sessionStore').sessionStore;
beforeEach(async () => {
  vi.resetModules();
  sockets.length = 0;
  push = await import('../../../../src/platform/realtime/pushSocket');
  session = (await import('../../../../src/platform/authProvider/sessionStore')).sessionStore;
});
afterEach(() => session.clear());

const alert = { _id: 'a1', assetName: 'Pump 1', levelName: 'High' } as NewAlertEvent;

async function firstSocket(): Promise<FakeSocket> {
  await vi.waitFor(() => expect(sockets).toHaveLength(1));
  return sockets[0]!;
}

describe('the session push socket', () => {
  it('opens one socket for every listener, signed in with the stored token, and hands each event to them', async () => {
    session.setToken('token-1');
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = push.subscribePush('new-alert', first);
    push.subscribePush('new-alert', second);
    const socket = await firstSocket();
    expect(socket.options.path).toBe('/socket.io');
    expect(socket.token()).toBe('token-1');
    socket.accept();
    socket.push('new-alert', alert);
    stopFirst();
    socket.push('new-alert', alert);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(2);
    expect(second).toHaveBeenCalledWith(alert);
    expect(sockets).toHaveLength(1);
  });

  it('opens nothing while signed out', async () => {
    push.subscribePush('new-alert', vi.fn());
    // The socket is created once socket.io-client has loaded (a lazy import): when the test's own
    // import of it has settled, one the module had started would have settled first.
    await import('socket.io-client');
    await Promise.resolve();
    expect(sockets).toHaveLength(0);
  });

  it('reports the connection, and closes it on logout', async () => {
    session.setToken('token-1');
    const changed = vi.fn();
    push.subscribeConnection(changed);
    const socket = await firstSocket();
    expect(push.pushConnection()).toBe('disconnected');
    socket.accept();
    expect(push.pushConnection()).toBe('connected');
    session.clear();
    expect(push.pushConnection()).toBe('disconnected');
    expect(socket.active).toBe(false);
    expect(changed).toHaveBeenCalledTimes(2);
  });

  it('comes back after the server drops it (grants changed), with the current token', async () => {
    vi.useFakeTimers();
    session.setToken('token-1');
    push.subscribePush('new-alert', vi.fn());
    const socket = await firstSocket();
    socket.accept();
    socket.serverDisconnect();
    expect(push.pushConnection()).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(1000);
    expect(socket.connectCalls).toBe(1);
    expect(socket.token()).toBe('token-1');
  });

  it('after being refused, waits for another token and signs in with it', async () => {
    vi.useFakeTimers();
    session.setToken('stale');
    push.subscribePush('new-alert', vi.fn());
    const socket = await firstSocket();
    socket.refuse('unauthorized');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(socket.connectCalls).toBe(0);
    session.renewToken('fresh');
    expect(socket.connectCalls).toBe(1);
    expect(socket.token()).toBe('fresh');
  });

  it('closes when the last listener has gone', async () => {
    vi.useFakeTimers();
    session.setToken('token-1');
    const stop = push.subscribePush('new-alert', vi.fn());
    const socket = await firstSocket();
    socket.accept();
    stop();
    await vi.advanceTimersByTimeAsync(2000);
    expect(socket.active).toBe(false);
  });
});

describe('socketEndpoint', () => {
  it('is the page origin by default (API under /api)', () => {
    expect(push.socketEndpoint('/api', 'https://plant.example.com/home')).toEqual({ url: 'https://plant.example.com', path: '/socket.io' });
  });

  it("follows an API on another host, keeping the API's path prefix", () => {
    expect(push.socketEndpoint('https://plant-api.example.com/api', 'https://plant.example.com/home')).toEqual({
      url: 'https://plant-api.example.com', path: '/socket.io',
    });
    expect(push.socketEndpoint('https://ops.example.com/facility/api', 'https://ops.example.com/')).toEqual({
      url: 'https://ops.example.com', path: '/facility/socket.io',
    });
  });
});
