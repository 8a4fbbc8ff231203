import { randomBytes } from 'node:crypto';
import { connect as connectTcp, type Socket } from 'node:net';
import { SOCKET_PATH, type NewAlertEvent } from '../common/realtime';

/**
 * One of bench/pushLatency.ts's client processes: holds a share of the engineer sockets, so that no
 * single event loop has to decode every socket's frame before the last one is timed. Started with
 * `fork` and told over IPC what to open; answers over IPC.
 *
 * A socket here is a bare WebSocket speaking the few words of the Engine.IO 4 / Socket.IO 5
 * protocol a listening client needs (open, connect with the token, pong, events), not
 * socket.io-client nor even ws: on a 2-core machine the measuring clients share the cores with the
 * server, and a full client costs several times the CPU per received event, which the figure would
 * then hold.
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

/** How a new-alert event's frame begins (Socket.IO EVENT packet on '/'); its payload follows. */
const NEW_ALERT = Buffer.from('42["new-alert",');
/** Every socket of this process reads into this buffer and is done with it before the next read. */
const READ_BUFFER = Buffer.alloc(256 * 1024);

/** A client's text frame: masked, as RFC 6455 asks of clients (the key may be any four bytes). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text);
  const length = payload.length;
  const head = length < 126 ? Buffer.from([0x81, 0x80 | length]) : Buffer.from([0x81, 0x80 | 126, length >> 8, length & 0xff]);
  // Key 0,0,0,0: the payload masks to itself.
  return Buffer.concat([head, Buffer.alloc(4), payload]);
}

/**
 * A signed-in socket: `onAlert` gets each new-alert's id, timed when its bytes are read. A plain TCP
 * socket that does the WebSocket handshake and splits the server's frames itself (unmasked, never
 * fragmented by ws), reading into one shared buffer: no stream, no per-read allocation, no UTF-8
 * check; only the new-alert frame is decoded, the other events of a submit (new-inspection,
 * update-detail) are recognised by their first bytes and skipped. What is timed is unchanged —
 * when the frame reaches this process — but the cost of reading a socket is a fraction of ws's,
 * and on this 2-core machine that cost would otherwise delay the server and the sockets read after.
 */
function connect(url: string, token: string, onAlert: (at: number, alertId: string) => void): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    /** Bytes of an unfinished response head or frame, kept from one read to the next. */
    let pending: Buffer | null = null;
    let upgraded = false;

    const onFrame = (frame: Buffer, at: number) => {
      if (frame.length > NEW_ALERT.length && frame.compare(NEW_ALERT, 0, NEW_ALERT.length, 0, NEW_ALERT.length) === 0) {
        // The payload is what lies between the prefix and the closing bracket of the event array.
        const { _id } = JSON.parse(frame.toString('utf8', NEW_ALERT.length, frame.length - 1)) as NewAlertEvent;
        onAlert(at, _id);
        return;
      }
      if (frame[0] === 0x34 && frame[1] === 0x32) return; // '42': another event, not timed
      const text = frame.toString();
      if (text === '2') socket.write(textFrame('3')); // ping → pong
      else if (text.startsWith('0')) socket.write(textFrame(`40${JSON.stringify({ token })}`)); // open → connect to '/'
      else if (text.startsWith('40')) resolve(socket);
      else if (text.startsWith('44')) reject(new Error(`socket refused: ${text.slice(2)}`));
    };

    /** Splits `data` into frames; text frames go to onFrame, a partial one waits in `pending`. */
    const onBytes = (data: Buffer, at: number) => {
      let offset = 0;
      if (!upgraded) {
        const end = data.indexOf('\r\n\r\n');
        if (end < 0) return void (pending = Buffer.from(data));
        const status = data.toString('latin1', 0, data.indexOf('\r\n'));
        if (!status.startsWith('HTTP/1.1 101')) return reject(new Error(`handshake refused: ${status}`));
        upgraded = true;
        offset = end + 4;
      }
      while (data.length - offset >= 2) {
        let length = data[offset + 1]! & 0x7f;
        let head = 2;
        if (length === 126) {
          if (data.length - offset < 4) break;
          length = data.readUInt16BE(offset + 2);
          head = 4;
        } else if (length === 127) {
          if (data.length - offset < 10) break;
          length = Number(data.readBigUInt64BE(offset + 2));
          head = 10;
        }
        if (data.length - offset < head + length) break;
        if ((data[offset]! & 0x0f) === 1) onFrame(data.subarray(offset + head, offset + head + length), at);
        offset += head + length;
      }
      // Copied: the read buffer is the next socket's as soon as this returns.
      pending = offset < data.length ? Buffer.from(data.subarray(offset)) : null;
    };

    const socket = connectTcp({
      host: hostname,
      port: Number(port),
      noDelay: true,
      onread: {
        buffer: READ_BUFFER,
        callback: (length) => {
          const at = now();
          const read = READ_BUFFER.subarray(0, length);
          onBytes(pending ? Buffer.concat([pending, read]) : read, at);
          return true;
        },
      },
    });
    socket.once('error', reject);
    socket.once('connect', () =>
      socket.write(
        `GET ${SOCKET_PATH}/?EIO=4&transport=websocket HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\n` +
          `Connection: Upgrade\r\nSec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
  });
}

const sockets: Socket[] = [];
/** Arrival times of each alert on this process's sockets, until every one of them has it. */
const arrivals = new Map<string, number[]>();

function arrived(at: number, _id: string) {
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
    sockets.forEach((socket) => socket.destroy());
    process.disconnect();
  }
});
