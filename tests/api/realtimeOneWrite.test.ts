import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket as TcpSocket } from 'node:net';
import { Server } from 'socket.io';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { coalesceFramesPerTick } from '../../server/realtime/coalescedFrames';

/**
 * Issue 21 "Fan-out": the events a socket gets in one turn of the event loop leave in one write of
 * its TCP socket (docs/operations.md "Live pushes at scale": a submit's three events to 5,000
 * engineer sockets are 5,000 writes, not 15,000). coalescedFrames.ts reaches into engine.io 6 and
 * ws 8 and falls back quietly to frame-by-frame writes where they differ, so an upgrade of either
 * that changes what it relies on shows here, not only as slower pushes in a bench.
 */
let http: HttpServer;
let io: Server;
let url: string;
const clients: Socket[] = [];

/** The server side's TCP socket of each connected client, with the number of writes made to it. */
const writesTo = new Map<string, { count: number }>();

beforeAll(async () => {
  http = createServer();
  io = new Server(http, { transports: ['websocket'] });
  coalesceFramesPerTick(io);
  io.on('connection', (socket) => {
    void socket.join('engineers');
    // engine.io's websocket transport → ws's WebSocket → the TCP socket it writes to.
    const tcp = (socket.conn.transport as unknown as { socket: { _socket: TcpSocket } }).socket._socket;
    const counter = { count: 0 };
    const write = tcp.write.bind(tcp) as (...args: unknown[]) => boolean;
    (tcp as unknown as { write: (...args: unknown[]) => boolean }).write = (...args: unknown[]) => {
      counter.count++;
      return write(...args);
    };
    writesTo.set(socket.id, counter);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});

afterAll(async () => {
  clients.forEach((client) => client.disconnect());
  await io.close();
});

async function connect(): Promise<Socket> {
  const client = connectSocket(url, { transports: ['websocket'], reconnection: false, forceNew: true });
  clients.push(client);
  await new Promise<void>((resolve, reject) => {
    client.once('connect', resolve);
    client.once('connect_error', reject);
  });
  return client;
}

/** Resolves with the events `client` received once `count` have arrived. */
function received(client: Socket, count: number): Promise<string[]> {
  const events: string[] = [];
  return new Promise((resolve) => {
    client.onAny((event: string, payload: { n: number }) => {
      events.push(`${event} ${payload.n}`);
      if (events.length === count) resolve(events);
    });
  });
}

describe('the frames of one turn of the event loop', () => {
  it('reach every socket of a room in order, in one write per socket', async () => {
    const sockets = await Promise.all([connect(), connect(), connect()]);
    // Let the connection's own writes (the handshake's answer, the namespace's connect) settle.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const before = new Map([...writesTo].map(([id, counter]) => [id, counter.count]));
    const arrivals = Promise.all(sockets.map((client) => received(client, 3)));

    // A submit's three pushes to the engineers, published in one turn.
    io.to('engineers').emit('new-inspection', { n: 1 });
    io.to('engineers').emit('new-alert', { n: 2 });
    io.to('engineers').emit('update-detail', { n: 3 });

    for (const events of await arrivals) expect(events).toEqual(['new-inspection 1', 'new-alert 2', 'update-detail 3']);
    for (const client of sockets) expect(writesTo.get(client.id!)!.count - before.get(client.id!)!).toBe(1);
  });

  it('a socket sent a packet of its own in the same turn (not pre-encoded: written frame by frame) still gets everything in order', async () => {
    const [lone, other] = await Promise.all([connect(), connect()]);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const arrivals = Promise.all([received(lone, 3), received(other, 2)]);

    io.to('engineers').emit('new-inspection', { n: 1 });
    io.sockets.sockets.get(lone.id!)!.emit('session-expired', { n: 2 });
    io.to('engineers').emit('new-alert', { n: 3 });

    const [loneEvents, otherEvents] = await arrivals;
    expect(loneEvents).toEqual(['new-inspection 1', 'session-expired 2', 'new-alert 3']);
    expect(otherEvents).toEqual(['new-inspection 1', 'new-alert 3']);
  });
});
