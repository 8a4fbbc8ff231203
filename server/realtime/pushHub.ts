import type { ServerResponse } from 'node:http';
import type { Server } from 'socket.io';
import { permissionRoom, pushAudience, type PermissionWideEventName, type PermissionWideEvents, type PushEventName, type PushEvents } from '../../common/realtime';
import { afterAnswer } from './pushesAfterAnswer';

/** A failing emit is reported on the engine, never thrown into the publisher. */
function emitSafely(io: Server, rooms: string | readonly string[], event: PushEventName, payload: PushEvents[PushEventName]): void {
  try {
    io.to(rooms as string | string[]).emit(event, payload);
  } catch (error) {
    io.engine?.emit('push_error', error);
  }
}

/** What publishes live events: the hub itself (at once), or its view for one request's answer. */
export interface Publisher {
  /** To every holder of the permission that reads what the event names, on every process. */
  publish<E extends PermissionWideEventName>(event: E, payload: PermissionWideEvents[E]): void;
  /** To the sockets in any of these rooms (common/realtime.ts names them), on every process. */
  publishTo<E extends PushEventName>(rooms: readonly string[], event: E, payload: PushEvents[E]): void;
}

/**
 * Where live events are published (DESIGN §6). The socket server attaches itself once the HTTP
 * server exists; with the Redis adapter an emit here reaches the sockets of every process.
 * An event goes only to the users who may read what it names: the holders of a permission
 * (`publish`), or the rooms a module works out from the record (`publishTo`, e.g. a work order's
 * managers and assignee: workOrderAudience). A socket in several of the rooms gets it once.
 * Publishing never throws into the request that caused it. A handler publishes through
 * `forAnswer(reply)`, so its pushes leave once its answer is out (pushesAfterAnswer.ts); jobs and
 * work that outlives a request publish on the hub itself, at once. socket.io encodes each emit once
 * for all the sockets of its rooms (and, for websockets, its frame too: docs/operations.md "Live
 * pushes at scale").
 */
export function createPushHub() {
  let io: Server | null = null;
  /** The answer whose pushes are being published, during a `forAnswer` publisher's (synchronous) call. */
  let answering: ServerResponse | null = null;
  const send = (rooms: string | readonly string[], event: PushEventName, payload: PushEvents[PushEventName]) => {
    const server = io;
    if (!server) return;
    const emit = () => emitSafely(server, rooms, event, payload);
    if (answering) afterAnswer(answering, emit);
    else emit();
  };
  const hub = {
    attach(server: Server) {
      io = server;
    },
    /** To every holder of the permission that reads what the event names, on every process. */
    publish<E extends PermissionWideEventName>(event: E, payload: PermissionWideEvents[E]): void {
      send(permissionRoom(pushAudience(event, payload)), event, payload);
    },
    /** To the sockets in any of these rooms (common/realtime.ts names them), on every process. */
    publishTo<E extends PushEventName>(rooms: readonly string[], event: E, payload: PushEvents[E]): void {
      if (rooms.length > 0) send(rooms, event, payload);
    },
    /**
     * The hub's own publish and publishTo, for the request answered by `reply`: what they publish
     * waits for that answer. They call the hub's methods, so whatever watches those sees every push.
     */
    forAnswer(reply: { raw: ServerResponse }): Publisher {
      const during = (publishing: () => void) => {
        const outer = answering;
        answering = reply.raw;
        try {
          publishing();
        } finally {
          answering = outer;
        }
      };
      return {
        publish: (event, payload) => during(() => hub.publish(event, payload)),
        publishTo: (rooms, event, payload) => during(() => hub.publishTo(rooms, event, payload)),
      };
    },
  };
  return hub;
}

export type PushHub = ReturnType<typeof createPushHub>;
