import type { Socket } from 'socket.io-client';
import { SOCKET_PATH, type PushEventName, type PushEvents } from '../../../common/realtime';
import { sessionStore } from '../authProvider/sessionStore';
import { API_BASE } from '../dataProvider/apiBase';
import { pageSettled } from '../firstScreen/pageSettled';

/**
 * The one socket.io connection of a signed-in session (DESIGN §6). It opens when the first screen
 * listens, signs in with the stored jwt (read again on every reconnect, so a renewed token is
 * used), and closes on logout or when no screen listens any more. socket.io-client is loaded
 * on demand so that /login never downloads it.
 */
export type PushConnection = 'connected' | 'disconnected';

type AnyHandler = (payload: unknown) => void;

/** Every event name once; the Record makes the compiler name one that is missing. */
const EVENT_NAMES = Object.keys({ 'new-inspection': true, 'new-alert': true, 'update-detail': true, 'new-work-order': true, 'reorder-notice': true } satisfies Record<PushEventName, true>) as PushEventName[];

/** A short pause before closing, so a screen that remounts (route change, StrictMode) keeps the socket. */
const CLOSE_GRACE_MS = 1000;
/** Spread of reconnects after the server drops every socket at once (a role change). */
const RECONNECT_SPREAD_MS = 500;
/** Retry after the server could not check the token (database hiccup), rather than give up. */
const UNAVAILABLE_RETRY_MS = 5000;

const handlers = new Map<PushEventName, Set<AnyHandler>>();
const connectionListeners = new Set<() => void>();
let holders = 0;
let socket: Socket | null = null;
let opening: Promise<void> | null = null;
/** The token the socket last signed in with; another one in the store means: sign in again. */
let signedInWith: string | null = null;
let connection: PushConnection = 'disconnected';
let closeTimer: ReturnType<typeof setTimeout> | undefined;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let unsubscribeSession: (() => void) | null = null;

/** Where the socket server is: the API's origin, with the API's path prefix (if any) before /socket.io. */
export function socketEndpoint(apiBase: string = API_BASE, page: string = window.location.href): { url: string; path: string } {
  const api = new URL(apiBase, page);
  const prefix = api.pathname.replace(/\/api\/?$/, '').replace(/\/+$/, '');
  return { url: api.origin, path: `${prefix}${SOCKET_PATH}` };
}

function setConnection(next: PushConnection) {
  if (connection === next) return;
  connection = next;
  connectionListeners.forEach((listener) => listener());
}

function dispatch(event: PushEventName, payload: unknown) {
  handlers.get(event)?.forEach((handler) => handler(payload));
}

function reconnectLater(delayMs: number) {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    // Not when a token change already started a new attempt, nor after the session ended.
    if (socket && !socket.active && sessionStore.getToken()) socket.connect();
  }, delayMs);
}

function wire(created: Socket) {
  created.on('connect', () => setConnection('connected'));
  created.on('disconnect', (reason) => {
    setConnection('disconnected');
    // The server drops a user's sockets when their grants change: come back with current ones.
    // (Lost networks reconnect by themselves; only a server's disconnect needs asking again.)
    if (reason === 'io server disconnect') reconnectLater(Math.random() * RECONNECT_SPREAD_MS);
  });
  created.on('connect_error', (error) => {
    setConnection('disconnected');
    if (created.active) return; // a transport error: socket.io retries with back-off
    // Refused by the server. 'unauthorized' waits for another token (sign-in, renewal);
    // anything else was the server's trouble, so try again in a while.
    if (error.message !== 'unauthorized') reconnectLater(UNAVAILABLE_RETRY_MS);
  });
  for (const event of EVENT_NAMES) created.on(event, (payload: unknown) => dispatch(event, payload));
}

/* Pushes change what a page shows, never what it shows first: the socket's code is asked once the page has settled. */
function open() {
  if (socket || opening) return;
  opening = pageSettled()
    .then(() => import('socket.io-client'))
    .then(({ io }) => {
      if (socket || !wanted()) return;
      const { url, path } = socketEndpoint();
      socket = io(url, {
        path,
        // WebSocket first: no sticky sessions needed behind a load balancer (DESIGN §1); long-polling
        // only where a proxy blocks WebSockets.
        transports: ['websocket', 'polling'],
        tryAllTransports: true,
        auth: (callback) => {
          signedInWith = sessionStore.getToken();
          callback({ token: signedInWith });
        },
      });
      wire(socket);
    })
    // A chunk that failed to load (offline) is tried again on the next change of listeners or token.
    .catch(() => undefined)
    .finally(() => {
      opening = null;
    });
}

function close() {
  clearTimeout(retryTimer);
  const closing = socket;
  socket = null;
  signedInWith = null;
  closing?.removeAllListeners();
  closing?.disconnect();
  setConnection('disconnected');
}

function wanted(): boolean {
  return holders > 0 && Boolean(sessionStore.getToken());
}

/** Brings the socket in line with the session: open, signed in with the current token, or closed. */
function sync() {
  if (!wanted()) {
    if (!sessionStore.getToken()) close();
    return;
  }
  clearTimeout(closeTimer);
  if (!socket) return open();
  const token = sessionStore.getToken();
  if (token !== signedInWith) {
    // Another sign-in or a renewed token: sign the socket in again with it.
    socket.disconnect();
    socket.connect();
  }
}

/** Keeps the socket wanted until the returned function is called. */
function hold(): () => void {
  holders++;
  unsubscribeSession ??= sessionStore.subscribe(sync);
  sync();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holders--;
    if (holders > 0) return;
    clearTimeout(closeTimer);
    closeTimer = setTimeout(() => {
      if (holders > 0) return;
      close();
      unsubscribeSession?.();
      unsubscribeSession = null;
    }, CLOSE_GRACE_MS);
  };
}

/** Calls `handler` with every `event` pushed to this session until the returned function is called. */
export function subscribePush<E extends PushEventName>(event: E, handler: (payload: PushEvents[E]) => void): () => void {
  const set = handlers.get(event) ?? new Set<AnyHandler>();
  handlers.set(event, set);
  const entry = handler as AnyHandler;
  set.add(entry);
  const release = hold();
  return () => {
    set.delete(entry);
    release();
  };
}

/** For useSyncExternalStore: watching the connection also keeps it open. */
export function subscribeConnection(listener: () => void): () => void {
  connectionListeners.add(listener);
  const release = hold();
  return () => {
    connectionListeners.delete(listener);
    release();
  };
}

export function pushConnection(): PushConnection {
  return connection;
}
