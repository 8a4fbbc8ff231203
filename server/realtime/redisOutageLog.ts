import type { Redis } from 'ioredis';

/**
 * ioredis reconnects by itself and emits 'error' on every failed attempt: without a listener each
 * one is printed as an "Unhandled error event", with one the log would get a line every few hundred
 * milliseconds for as long as Redis is down. One warning per outage, one info when it is back;
 * GET /api/health/ready reports the state meanwhile (DESIGN §14).
 */
export function logRedisOutages(client: Redis, what: string, log: { warn: (obj: object, msg: string) => void; info: (msg: string) => void }): void {
  let down = false;
  client.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log.warn({ err: error }, `${what}: Redis unreachable; retrying`);
  });
  client.on('ready', () => {
    if (!down) return;
    down = false;
    log.info(`${what}: Redis reachable again`);
  });
}
