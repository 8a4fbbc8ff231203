import WebSocket from 'ws';
import { SOCKET_PATH, type NewAlertEvent } from '../common/realtime';

/**
 * One of bench/pushLatency.ts's client processes: holds a share of the engineer sockets, so that no
 * single event loop has to decode every socket's frame before the last one is timed. Started with
 * `fork` and told over IPC what to open; answers over IPC.
 *
 * A socket here is a bare WebSocket speaking the few words of the Engine.IO 4 / Socket.IO 5
 * protocol a listening client needs (open, connect with the token, pong, events), not
 * socket.io-client: on a 2-core machine the measuring clients share the cores with the server, and
 * the full client costs several times the CPU per received event, which the figure would then hold.
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

/** A signed-in socket: `onEvent` gets each event's name and payload, timed on arrival. */
function connect(url: string, token: string, onEvent: (at: number, name: string, payload: unknown) => void): Promise<WebSocket> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${SOCKET_PATH}/?EIO=4&transport=websocket`);
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (data: Buffer) => {
      const at = now();
      const text = data.toString();
      if (text === '2') socket.send('3'); // ping → pong
      else if (text.startsWith('0')) socket.send(`40${JSON.stringify({ token })}`); // open → connect to '/'
      else if (text.startsWith('40')) resolve(socket);
      else if (text.startsWith('44')) reject(new Error(`socket refused: ${text.slice(2)}`));
      else if (text.startsWith('42')) {
        const [name, payload] = JSON.parse(text.slice(2)) as [string, unknown];
        onEvent(at, name, payload);
      }
    });
  });
}

const sockets: WebSocket[] = [];
/** Arrival times of each alert on this process's sockets, until every one of them has it. */
const arrivals = new Map<string, number[]>();

function arrived(at: number, name: string, payload: unknown) {
  if (name !== 'new-alert') return;
  const { _id } = payload as NewAlertEvent;
  const times = arrivals.get(_id) ?? [];
  times.push(at);
  arrivals.set(_id, times);
  if (times.length === sockets.length) {
    arrivals.delete(_id);
    report({ type: 'arrived', alertId: _id, at: times });
  }
}

async function open(urls: string[], token: string, count: number): Promise<void> {
  // In batches, as a shift's screens come and go, not hundreds of handshakes at one instant;
  // round-robin over the server processes given.
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) => connect(urls[(i + j) % urls.length]!, token, arrived));
    sockets.push(...(await Promise.all(batch)));
  }
  report({ type: 'opened', count: sockets.length });
}

process.on('message', (command: ClientCommand) => {
  if (command.type === 'open') {
    open(command.urls, command.token, command.count).catch((error: unknown) => report({ type: 'failed', message: String(error) }));
  } else {
    sockets.forEach((socket) => socket.close());
    process.disconnect();
  }
});
