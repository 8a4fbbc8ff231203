import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../../http/errors';

/** Headers a reverse proxy adds: a request carrying one came through a proxy, whatever its TCP peer. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  if (address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

/**
 * A request made on this host: the TCP peer is loopback (the socket's own address, not
 * request.ip, which TRUST_PROXY turns into the client's) and no proxy header says it was relayed.
 * A proxy on the same host connects from 127.0.0.1 too; what it relays is not local.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return false;
  return !PROXY_HEADERS.some((name) => request.headers[name] !== undefined);
}

/** Hashing both sides first gives timingSafeEqual equal lengths, so a token's length is not timed either. */
const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read GET /api/metrics (DESIGN §14, docs/operations.md "Metrics"): a request with
 * `Authorization: Bearer <METRICS_TOKEN>`, or a local one. A token that is presented is always
 * checked, from this host too, so a scraper with a stale token is told rather than let in.
 * 401 when the right token would open it (DESIGN §3: missing or invalid token); 403 when no
 * token can (none configured and the request is not local).
 */
export function metricsGuard(metricsToken: string | null) {
  const expected = metricsToken ? digest(metricsToken) : null;
  return async function guardMetrics(request: FastifyRequest): Promise<void> {
    const authorization = request.headers.authorization;
    if (authorization !== undefined) {
      const presented = /^Bearer +(\S+) *$/i.exec(authorization)?.[1];
      if (!presented) throw unauthorized('Authorization must be "Bearer <METRICS_TOKEN>"');
      if (!expected || !timingSafeEqual(digest(presented), expected)) throw unauthorized('Invalid metrics token');
      return;
    }
    if (isLocalRequest(request)) return;
    if (expected) throw unauthorized('Metrics need "Authorization: Bearer <METRICS_TOKEN>" or a request from this host');
    throw forbidden('Metrics are served only to this host; set METRICS_TOKEN to scrape them from elsewhere');
  };
}
