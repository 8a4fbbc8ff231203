import { io as connectSocket, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type NewAlertEvent } from '../common/realtime';

/**
 * One of bench/pushLatency.ts's client processes: holds a share of the engineer sockets, so that no
 * single event loop has to decode every socket's frame before the last one is timed. Started with
 * `fork` and told over IPC what to open; answers over IPC.
 *
 * Arrival times are wall-clock milliseconds with sub-millisecond resolution
 * (performance.timeOrigin + performance.now()), the clock the bench's own process reads when it
 * sends a submit, so times from different processes compare.
 */

export type ClientCommand = { type: 'open'; urls: string[]; token: string; count: number } | { type: 'close' };
export type ClientReport =
  | { type: 'opened'; count: number }
  | { type: 'arrived'; alertId: string; at: number[] }
  | { type: 'failed'; message: string };

const now = () => performance.timeOrigin + performance.now();
const report = (message: ClientReport) => process.send!(message);

function connect(url: string, token: string): Promise<Socket> {
  const socket = connectSocket(url, { path: SOCKET_PATH, transports: ['websocket'], forceNew: true, reconnection: false, auth: { token } });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const sockets: Socket[] = [];
/** Arrival times of each alert on this process's sockets, until every one of them has it. */
const arrivals = new Map<string, number[]>();

async function open(urls: string[], token: string, count: number): Promise<void> {
  // In batches, as a shift's screens come and go, not hundreds of handshakes at one instant;
  // round-robin over the server processes given.
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) => connect(urls[(i + j) % urls.length]!, token));
    sockets.push(...(await Promise.all(batch)));
  }
  for (const socket of sockets) {
    socket.on('new-alert', (alert: NewAlertEvent) => {
      const at = now();
      const times = arrivals.get(alert._id) ?? [];
      times.push(at);
      arrivals.set(alert._id, times);
      if (times.length === sockets.length) {
        arrivals.delete(alert._id);
        report({ type: 'arrived', alertId: alert._id, at: times });
      }
    });
  }
  report({ type: 'opened', count: sockets.length });
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'open') {
    open(command.urls, command.token, command.count).catch((error: unknown) => report({ type: 'failed', message: String(error) }));
  } else {
    sockets.forEach((socket) => socket.disconnect());
    process.disconnect();
  }
});
