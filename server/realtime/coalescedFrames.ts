import type { Server } from 'socket.io';

/** What of engine.io's socket and websocket transport this file relies on (engine.io 6, ws 8). */
interface EngineSocket {
  transport: {
    name: string;
    writable: boolean;
    /** The ws WebSocket, and under it the TCP socket. */
    socket?: { _socket?: { cork(): void; uncork(): void } };
  };
  flush(): void;
}

const engineSockets = (io: Server): EngineSocket[] =>
  Object.values((io.engine as unknown as { clients: Record<string, EngineSocket> }).clients);

/**
 * Runs several emits so that each websocket receives all of their frames in one write.
 *
 * Issue 21 "Fan-out": socket.io encodes an emit once for its whole room, and for websockets even
 * its frame; what is left is per socket — engine.io's bookkeeping and one write (a system call)
 * per frame. A submit sends three events to an engineer (new-inspection, new-alert, update-detail):
 * 15,000 writes at 5,000 sockets. Here the transports are marked busy while the emits run, so
 * engine.io queues the packets in each socket's buffer (what it does anyway while a write is in
 * flight), then each socket is flushed once with its TCP socket corked: one write per socket.
 * The frames, their order and who gets them are socket.io's as before.
 */
export function emitCoalesced(io: Server, emits: readonly (() => void)[]): void {
  if (emits.length < 2) {
    emits.forEach((emit) => emit());
    return;
  }
  const held = engineSockets(io).filter((socket) => socket.transport.name === 'websocket' && socket.transport.writable);
  for (const socket of held) socket.transport.writable = false;
  try {
    emits.forEach((emit) => emit());
  } finally {
    for (const socket of held) {
      socket.transport.writable = true;
      const tcp = socket.transport.socket?._socket;
      tcp?.cork();
      socket.flush();
      tcp?.uncork();
    }
  }
}
