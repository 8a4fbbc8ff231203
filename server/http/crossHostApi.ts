import type { FastifyRequest } from 'fastify';
import { deriveApiHost } from '../../common/apiHost';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * The Host header as a host name (RFC 1123 labels) with an optional port, lower-cased; null for
 * anything else. The header is the client's to write: `a;b` or `a b c` must not reach a header
 * value we build from it (issue 16 §1: `Host: a b c` became `connect-src 'self' a b c-api`).
 */
export function validHost(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^([^:]+)(?::(\d{1,5}))?$/.exec(header.toLowerCase());
  if (!match) return null;
  const [, hostname = '', port] = match;
  if (hostname.length > 253 || !hostname.split('.').every((label) => LABEL.test(label))) return null;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  return port === undefined ? hostname : `${hostname}:${port}`;
}

/** The page origin's host when the request comes from the page whose derived API host this is. */
export function derivedPageOrigin(request: Pick<FastifyRequest, 'headers'>): string | null {
  const origin = request.headers.origin;
  // Same-origin calls, the common case, send no Origin: nothing more to look at.
  if (!origin) return null;
  const host = validHost(request.headers.host);
  if (!host) return null;
  try {
    return deriveApiHost(new URL(origin).host) === host ? origin : null;
  } catch {
    return null;
  }
}

/** CSP connect-src entry letting a page reach its derived API host; only 'self' for a Host that is no host name. */
export function derivedApiHostSource(hostHeader: string | undefined): string {
  const host = validHost(hostHeader);
  return host ? deriveApiHost(host) : "'self'";
}
