import type { Server } from 'socket.io';

/** What of engine.io's socket and websocket transport this file relies on (engine.io 6, ws 8). */
interface EngineSocket {
  readyState: string;
  transport: {
    name: string;
    writable: boolean;
    /** The ws WebSocket, and under it the TCP socket. */
    socket?: { _socket?: { cork(): void; uncork(): void } };
  };
  write(...args: unknown[]): unknown;
  flush(): void;
}

/**
 * Each websocket gets the frames written to it in one tick in one write.
 *
 * Issue 21 "Fan-out": socket.io encodes an emit once for its whole room, and for websockets even
 * its frame; what is left is per socket — engine.io's bookkeeping and one write (a system call)
 * per frame. A submit sends three events to an engineer (new-inspection, new-alert, update-detail):
 * 15,000 writes at 5,000 sockets, on the process that published them and, through the Redis
 * adapter, on every other. Here the first packet a socket gets in a tick marks its transport busy,
 * so engine.io queues that tick's packets in the socket's buffer (what it does anyway while a write
 * is in flight); at the end of the tick each such socket is flushed once with its TCP socket
 * corked: one write. The frames, their order and who gets them are socket.io's as before.
 */
export function coalesceFramesPerTick(io: Server): void {
  let held = new Set<EngineSocket>();

  const flushHeld = () => {
    const sockets = held;
    held = new Set();
    for (const socket of sockets) {
      socket.transport.writable = true;
      // A closing socket waits for its buffer to drain before it closes: flush it too.
      if (socket.readyState === 'closed') continue;
      const tcp = socket.transport.socket?._socket;
      tcp?.cork();
      socket.flush();
      tcp?.uncork();
    }
  };

  io.engine.on('connection', (socket: EngineSocket) => {
    const write = socket.write.bind(socket);
    socket.write = (...args: unknown[]) => {
      // A transport busy with a write queues by itself; a polling one answers its own requests.
      if (socket.transport.name === 'websocket' && socket.transport.writable && socket.readyState === 'open') {
        if (held.size === 0) process.nextTick(flushHeld);
        socket.transport.writable = false;
        held.add(socket);
      }
      return write(...args);
    };
  });
}
