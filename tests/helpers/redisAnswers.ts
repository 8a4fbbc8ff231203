import { Socket } from 'node:net';

/** Whether a Redis server answers PING at `url` within `timeoutMs` (a raw socket: no client to set up or tear down). */
export function redisAnswers(url: string, timeoutMs: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('error', () => done(false));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
    socket.connect(Number(port || 6379), hostname, () => socket.write('PING\r\n'));
  });
}
