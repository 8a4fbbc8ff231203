import type { Server } from 'socket.io';
import { permissionRoom, pushAudience, type PushEventName, type PushEvents } from '../../common/realtime';
import { userKey } from '../auth/sessionCache';
import { afterAnswer } from './pushesAfterAnswer';

/** A failing emit is reported on the engine, never thrown into the publisher. */
function emitSafely<E extends PushEventName>(io: Server, room: string, event: E, payload: PushEvents[E]): void {
  try {
    io.to(room).emit(event, payload);
  } catch (error) {
    io.engine?.emit('push_error', error);
  }
}

/**
 * Where handlers publish live events (DESIGN §6). The socket server attaches itself once the HTTP
 * server exists; with the Redis adapter an emit here reaches the sockets of every process.
 * Publishing never throws into the request that caused it, and a request's pushes leave once its
 * answer is out (pushesAfterAnswer.ts). socket.io encodes each emit once for all the sockets of
 * its room (and, for websockets, its frame too: docs/operations.md "Live pushes at scale").
 */
export function createPushHub() {
  let io: Server | null = null;
  return {
    attach(server: Server) {
      io = server;
    },
    publish<E extends PushEventName>(event: E, payload: PushEvents[E]): void {
      const server = io;
      if (!server) return;
      afterAnswer(() => emitSafely(server, permissionRoom(pushAudience(event, payload)), event, payload));
    },
    /** To one user's sockets (their own room, joined at connection), on every process. */
    publishToUser<E extends PushEventName>(userId: string, event: E, payload: PushEvents[E]): void {
      const server = io;
      if (!server) return;
      afterAnswer(() => emitSafely(server, userKey(userId), event, payload));
    },
  };
}

export type PushHub = ReturnType<typeof createPushHub>;
