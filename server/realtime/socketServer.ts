import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { logRedisOutages } from './redisOutageLog';
import { permissionRoomsOf, SOCKET_PATH } from '../../common/realtime';
import type { AuthUser } from '../auth/access';
import { resolveJwtSecret } from '../auth/jwtSecret';
import { ALL_USERS_KEY, userKey } from '../auth/sessionCache';
import { userOfToken } from '../auth/tokenUser';
import { deploymentChannel } from './deploymentChannel';
import { coalesceFramesPerTick } from './coalescedFrames';

interface SocketData {
  user: AuthUser;
  /** When its token expires: the socket is dropped then, as HTTP calls would be refused. */
  expiresAt: number;
}

/** setTimeout's ceiling (about 24.8 days); longer tokens are checked again at their reconnect. */
const MAX_TIMER_MS = 2_147_483_647;

/** A user's own room; named like the invalidation key of that user, so a key names its room. */
export const userRoom = userKey;

/**
 * socket.io on the app's own HTTP server (DESIGN §6, docs/inspections.md "Live pushes"):
 * - a socket signs in with its JWT (`auth: { token }`) under exactly the HTTP rules, or is refused
 *   with `unauthorized`;
 * - it joins one room per permission it holds, its user's room, and its user's rooms of the
 *   permissions that read records of their own (common/realtime.ts permissionRoomsOf); the push hub
 *   emits to the rooms of those who may read what an event names;
 * - a user change on the invalidation bus disconnects that user's sockets (a role or permission
 *   change: everybody's), so they come back with their current grants, or not at all;
 * - with REDIS_URL the Redis adapter carries emits to the sockets of every process.
 */
export async function attachSocketServer(app: FastifyInstance): Promise<Server> {
  const { config } = app.services;
  const io = new Server(app.server, {
    path: SOCKET_PATH,
    serveClient: false,
    // The same cross-origin rule as the HTTP API (server/http/crossHostApi.ts): only a configured page
    // whose derived API host this is; same-origin pages send nothing to check. WebSockets are not subject
    // to CORS, but sockets authenticate with a token in the handshake, never a cookie, so another
    // site's page cannot ride a user's session.
    cors: (request, callback) =>
      callback(null, { origin: app.services.derivedApiHosts.pageOriginOf(request) ?? false, methods: ['GET', 'POST'], maxAge: 600 }),
  });

  // engine.io answers its HTTP long-polling requests itself, past Fastify and helmet's headers:
  // every answer, errors included, says nosniff as the rest of the app does (issue 16 §7).
  io.engine.use((_request: IncomingMessage, response: ServerResponse, next: () => void) => {
    response.setHeader('X-Content-Type-Options', 'nosniff');
    next();
  });

  coalesceFramesPerTick(io);

  const redisClients = config.redisUrl ? await attachRedisAdapter(app, io, config.redisUrl) : [];

  let closing = false;
  io.use((socket, next) => {
    // A socket arriving while the server drains would hold its close up: send it elsewhere.
    if (closing) return next(new Error('unavailable'));
    const token: unknown = socket.handshake.auth?.token;
    userOfToken(app, token).then(
      async (user) => {
        const claims = user && typeof token === 'string' ? await app.services.tokens.verify(token) : null;
        if (!user || !claims) return next(new Error('unauthorized'));
        Object.assign(socket.data as SocketData, { user, expiresAt: claims.expiresAt });
        next();
      },
      (error: unknown) => {
        // A database hiccup is not the user's fault: the client retries instead of giving up.
        app.log.error({ err: error }, 'socket sign-in failed');
        next(new Error('unavailable'));
      },
    );
  });

  io.on('connection', (socket: Socket) => {
    const { user, expiresAt } = socket.data as SocketData;
    void socket.join([userRoom(user._id), ...permissionRoomsOf(user)]);
    // A wall board stays connected for days: its socket must not outlive the token it signed in with.
    const expiry = setTimeout(() => socket.disconnect(true), Math.min(Math.max(expiresAt - Date.now(), 0), MAX_TIMER_MS));
    socket.once('disconnect', () => clearTimeout(expiry));
  });

  app.services.bus.subscribe((key) => {
    if (closing) return;
    // Every process hears the key on the bus, so each drops only its own sockets (io.local).
    if (key === ALL_USERS_KEY) io.local.disconnectSockets(true);
    else if (key.startsWith(userRoom(''))) io.local.in(key).disconnectSockets(true);
  });

  // Open WebSockets would keep the HTTP server from closing: drop them while it drains.
  app.addHook('preClose', (done) => {
    closing = true;
    io.local.disconnectSockets(true);
    done();
  });
  // Not io.close(): that closes the HTTP server too, which Fastify owns and closes itself.
  app.addHook('onClose', async () => {
    io.engine.close();
    // With Redis down the adapter's unsubscribes (fired, not awaited) would reject unhandled; the
    // subscriptions end with the connection anyway.
    const redisUp = redisClients.every((client) => client.status === 'ready');
    if (redisUp) await Promise.allSettled([...io._nsps.values()].map((namespace) => namespace.adapter.close()));
    await Promise.allSettled(redisClients.map((client) => (redisUp ? client.quit() : Promise.resolve(client.disconnect()))));
  });

  app.services.pushes.attach(io);
  return io;
}

/** Two clients, as the adapter needs: one publishes, the other sits in subscriber mode. */
async function attachRedisAdapter(app: FastifyInstance, io: Server, redisUrl: string): Promise<Redis[]> {
  // Auto-pipelining sends the publishes of one tick in one write (issue 21 "Fan-out"): a submit's
  // three events then reach Redis, and from it every other process, together, so that process reads
  // them in one turn and writes them to each of its sockets in one write (coalescedFrames.ts) rather
  // than three. The subscriber only subscribes: nothing of it to pipeline.
  const publisher = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2, enableAutoPipelining: true });
  const subscriber = publisher.duplicate({ enableAutoPipelining: false });
  // The adapter publishes without waiting (broadcast → pubClient.publish): while Redis is down each
  // publish would reject unhandled, and Node ends the process on an unhandled rejection. A push that
  // cannot cross processes is what 'degraded' readiness means; this process's own sockets still get it.
  const publish = publisher.publish.bind(publisher);
  publisher.publish = ((...args: Parameters<typeof publish>) => {
    const sent = publish(...args);
    sent.catch(() => undefined);
    return sent;
  }) as typeof publisher.publish;
  const clients = [publisher, subscriber];
  for (const client of clients) logRedisOutages(client, 'socket.io adapter', app.log);
  try {
    await Promise.all(clients.map((client) => client.connect()));
  } catch (error) {
    clients.forEach((client) => client.disconnect());
    throw error;
  }
  const secret = await resolveJwtSecret(app.services.db, app.services.config.jwtSecret);
  io.adapter(createAdapter(publisher, subscriber, { key: deploymentChannel(secret, 'socket.io') }));
  return clients;
}
