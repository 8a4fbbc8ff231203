import type { Server } from 'socket.io';

/** A TCP socket, as far as this file writes to it. */
interface TcpSocket {
  cork(): void;
  uncork(): void;
  write(data: Buffer, callback: (error?: Error | null) => void): boolean;
}

/** A packet in engine.io's write buffer; a broadcast's carries the websocket frame built once for its room. */
interface EnginePacket {
  options?: { wsPreEncodedFrame?: Buffer[] };
}

/** What of engine.io's websocket transport this file relies on (engine.io 6, ws 8). */
interface EngineTransport {
  name: string;
  writable: boolean;
  /** Set when the server compresses frames; then no frame is pre-encoded. */
  perMessageDeflate?: unknown;
  /** The ws WebSocket, and under it the TCP socket. */
  socket?: { _socket?: TcpSocket };
  send(packets: EnginePacket[]): void;
  /** What engine.io calls once the last frame of a send is written: 'drain', writable again, 'ready'. */
  _onSentLast?: (error?: Error | null) => void;
}

/** What of engine.io's socket this file relies on. */
interface EngineSocket {
  readyState: string;
  transport: EngineTransport;
  write(...args: unknown[]): unknown;
  flush(): void;
}

/** A sequence of frames in JoinedFrames's trie: what may follow it, and its frames joined. */
interface FramesNode {
  next: Map<Buffer[], FramesNode>;
  joined?: Buffer;
}

/**
 * The frames of one flush, joined once for every socket that gets the same ones: the sockets of one
 * audience get the same broadcasts in a tick, and each broadcast's frame list is one object shared
 * by all of them, so a trie on those objects finds the joined bytes without comparing any.
 */
class JoinedFrames {
  private readonly root = new Map<Buffer[], FramesNode>();

  /** The packets' frames as one buffer, or null if one of them has no pre-encoded frame. */
  of(packets: EnginePacket[]): Buffer | null {
    let level = this.root;
    let node: FramesNode | undefined;
    for (const packet of packets) {
      const frame = packet.options?.wsPreEncodedFrame;
      if (!frame) return null;
      node = level.get(frame);
      if (!node) level.set(frame, (node = { next: new Map() }));
      level = node.next;
    }
    if (!node) return null;
    node.joined ??= Buffer.concat(packets.flatMap((packet) => packet.options!.wsPreEncodedFrame!));
    return node.joined;
  }
}

/**
 * Each websocket gets the frames written to it in one turn of the event loop in one write.
 *
 * Issue 21 "Fan-out": socket.io encodes an emit once for its whole room, and for websockets even
 * its frame; what is left is per socket — engine.io's bookkeeping and one write (a system call)
 * per frame. A submit sends three events to an engineer (new-inspection, new-alert, update-detail):
 * 15,000 writes at 5,000 sockets, on the process that published them and, through the Redis
 * adapter, on every other. Here the first packet a socket gets in a turn marks its transport busy,
 * so engine.io queues that turn's packets in the socket's buffer (what it does anyway while a write
 * is in flight); at the end of the turn (setImmediate: after the I/O callbacks of that turn, so the
 * three Redis messages a second process gets for one submit usually land in one write too) each
 * such socket is flushed once. When every queued packet is a broadcast with its frame pre-encoded
 * (the usual case), the frames are joined once per distinct sequence and that buffer is written to
 * each TCP socket: one write per socket, no per-socket copy. Anything else (a ping, a per-socket
 * packet) goes through engine.io and ws as before, corked into one write. The frames, their order
 * and who gets them are socket.io's as before.
 */
export function coalesceFramesPerTick(io: Server): void {
  let held = new Set<EngineSocket>();
  /** Set while the held sockets are flushed: the joined frames of this flush. */
  let joined: JoinedFrames | null = null;
  const joiningTransports = new WeakSet<EngineTransport>();

  /** Lets `transport` write a flush's pre-encoded frames as one joined buffer. */
  const joinFramesOf = (transport: EngineTransport) => {
    if (joiningTransports.has(transport)) return;
    joiningTransports.add(transport);
    const send = transport.send.bind(transport);
    transport.send = (packets) => {
      const tcp = transport.socket?._socket;
      const onSentLast = transport._onSentLast;
      if (!joined || !tcp) return send(packets);
      const frames = onSentLast && !transport.perMessageDeflate ? joined.of(packets) : null;
      if (frames) {
        // As engine.io's own send: busy until the write is done, then 'drain' and 'ready' (onSentLast).
        transport.writable = false;
        tcp.write(frames, onSentLast!);
      } else {
        // Frame by frame through ws, into one write.
        tcp.cork();
        send(packets);
        tcp.uncork();
      }
    };
  };

  const flushHeld = () => {
    const sockets = held;
    held = new Set();
    joined = new JoinedFrames();
    try {
      for (const socket of sockets) {
        socket.transport.writable = true;
        // A closing socket waits for its buffer to drain before it closes: flush it too.
        if (socket.readyState === 'closed') continue;
        joinFramesOf(socket.transport);
        socket.flush();
      }
    } finally {
      joined = null;
    }
  };

  io.engine.on('connection', (socket: EngineSocket) => {
    const write = socket.write.bind(socket);
    socket.write = (...args: unknown[]) => {
      // A transport busy with a write queues by itself; a polling one answers its own requests.
      if (socket.transport.name === 'websocket' && socket.transport.writable && socket.readyState === 'open') {
        if (held.size === 0) setImmediate(flushHeld);
        socket.transport.writable = false;
        held.add(socket);
      }
      return write(...args);
    };
  });
}
