import type { FastifyRequest } from 'fastify';
import { deriveApiHost } from '../../common/apiHost';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/**
 * A host name (RFC 1123 labels) with an optional port, lower-cased; null for anything else. Checks
 * the configured page hosts (PUBLIC_HOSTS, server/config.ts): `a;b` or `a b c` must never reach a
 * header value built from them (issue 16 §1: `Host: a b c` became `connect-src 'self' a b c-api`).
 */
export function validHost(text: string | undefined): string | null {
  if (!text) return null;
  const match = /^([^:]+)(?::(\d{1,5}))?$/.exec(text.toLowerCase());
  if (!match) return null;
  const [, hostname = '', port] = match;
  if (hostname.length > 253 || !hostname.split('.').every((label) => LABEL.test(label))) return null;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  return port === undefined ? hostname : `${hostname}:${port}`;
}

/** The spec's host rule (§7) for the configured page hosts; what a request says is only looked up in it. */
export interface DerivedApiHosts {
  /**
   * The CSP source letting the page served at `hostHeader` reach its derived API host: that host
   * when `hostHeader` is a configured page host, `'self'` otherwise.
   */
  sourceFor(hostHeader: string | undefined): string;
  /** The Origin of a call from a configured page to its own derived API host (the request's Host), or null. */
  pageOriginOf(request: Pick<FastifyRequest, 'headers'>): string | null;
}

/**
 * The derived API host of each configured page host (PUBLIC_HOSTS), worked out once at start. The
 * Host and Origin headers are the client's to write: they select among these, never add to them
 * (issue 39 §4: `Host: evil.example` put `evil-api.example` into the CSP's connect-src).
 */
export function derivedApiHosts(publicHosts: readonly string[]): DerivedApiHosts {
  const apiHostOfPage = new Map(publicHosts.map((host) => [host, deriveApiHost(host)]));
  return {
    sourceFor: (hostHeader) => (hostHeader && apiHostOfPage.get(hostHeader.toLowerCase())) || "'self'",
    pageOriginOf(request) {
      const origin = request.headers.origin;
      const host = request.headers.host;
      // Same-origin calls, the common case, send no Origin: nothing more to look at.
      if (!origin || !host || apiHostOfPage.size === 0) return null;
      try {
        // URL's host is lower-case and leaves out the scheme's default port, as a configured host does.
        return apiHostOfPage.get(new URL(origin).host) === host.toLowerCase() ? origin : null;
      } catch {
        return null;
      }
    },
  };
}
