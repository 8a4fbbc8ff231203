import type { ManagerOptions, SocketOptions } from 'socket.io-client';

type Listener = (...args: unknown[]) => void;

/**
 * Stands in for a socket.io-client Socket in web tests (`vi.mock('socket.io-client', ...)`): records
 * how it was opened, and lets a test play the server — accept, refuse, push, drop.
 */
export class FakeSocket {
  private listeners = new Map<string, Set<Listener>>();
  connected = false;
  /** Like socket.io: true while connecting or connected, false once refused or disconnected. */
  active = true;
  connectCalls = 0;

  constructor(
    readonly url: string,
    readonly options: Partial<ManagerOptions & SocketOptions>,
  ) {}

  on(event: string, listener: Listener) {
    const set = this.listeners.get(event) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  removeAllListeners() {
    this.listeners.clear();
    return this;
  }

  connect() {
    this.connectCalls++;
    this.active = true;
    return this;
  }

  disconnect() {
    const was = this.connected;
    this.connected = false;
    this.active = false;
    if (was) this.fire('disconnect', 'io client disconnect');
    return this;
  }

  /** The token the client would sign in with now (its `auth` callback). */
  token(): unknown {
    let token: unknown;
    const auth = this.options.auth;
    if (typeof auth === 'function') auth((data) => (token = (data as { token?: unknown }).token));
    else token = (auth as { token?: unknown } | undefined)?.token;
    return token;
  }

  // --- the server's side ---
  accept() {
    this.connected = true;
    this.active = true;
    this.fire('connect');
  }

  refuse(message: string) {
    this.connected = false;
    this.active = false;
    this.fire('connect_error', new Error(message));
  }

  serverDisconnect() {
    this.connected = false;
    this.active = false;
    this.fire('disconnect', 'io server disconnect');
  }

  push(event: string, payload: unknown) {
    this.fire(event, payload);
  }

  private fire(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }
}

/**
 * Every socket the app opened in this test file, newest last: tests/web/setup.ts mocks
 * socket.io-client with `fakeIo` for every web test. Tests that count sockets empty it first.
 */
export const fakeSockets: FakeSocket[] = [];

export function fakeIo(url: string, options: Partial<ManagerOptions & SocketOptions>): FakeSocket {
  const socket = new FakeSocket(url, options);
  fakeSockets.push(socket);
  return socket;
}
