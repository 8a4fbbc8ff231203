import type { Server } from 'socket.io';
import { permissionRoom, pushAudience, type PushEventName, type PushEvents } from '../../common/realtime';
import { userKey } from '../auth/sessionCache';

/**
 * Where handlers publish live events (DESIGN §6). The socket server attaches itself once the HTTP
 * server exists; with the Redis adapter an emit here reaches the sockets of every process.
 * Publishing never throws into the request that caused it.
 */
export function createPushHub() {
  let io: Server | null = null;
  return {
    attach(server: Server) {
      io = server;
    },
    publish<E extends PushEventName>(event: E, payload: PushEvents[E]): void {
      if (!io) return;
      try {
        io.to(permissionRoom(pushAudience(event, payload))).emit(event, payload);
      } catch (error) {
        io.engine?.emit('push_error', error);
      }
    },
    /** To one user's sockets (their own room, joined at connection), on every process. */
    publishToUser<E extends PushEventName>(userId: string, event: E, payload: PushEvents[E]): void {
      if (!io) return;
      try {
        io.to(userKey(userId)).emit(event, payload);
      } catch (error) {
        io.engine?.emit('push_error', error);
      }
    },
  };
}

export type PushHub = ReturnType<typeof createPushHub>;
