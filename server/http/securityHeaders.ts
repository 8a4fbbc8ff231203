import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { DerivedApiHosts } from './crossHostApi';

interface LogoSource {
  /** The logo's origin as a CSP source, or null (logoImageSource.ts). */
  current(): string | null;
}

/**
 * helmet's settings. The two CSP entries built per request read nothing but the derived API host
 * configured for the Host header (crossHostApi.ts) and the logo's origin: installSecurityHeaders()
 * keys its copies on exactly these two.
 */
function helmetOptions(apiHosts: DerivedApiHosts, logoSource: LogoSource): Parameters<typeof helmet>[0] {
  return {
    // Served over plain http on plant LANs too: no HSTS, no forced upgrade of requests.
    hsts: false,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: null,
        // The QR scanner decodes with our own zxing wasm (issue 4); compiling wasm needs this, not 'unsafe-eval'.
        // No inline script: a drawn page's one is allowed by its hash on that page alone (serverScreen.ts).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Images: our own (files arrive as blob: object URLs), data:, and the configured logo's origin — no other host.
        imgSrc: ["'self'", 'data:', 'blob:', (req) => [apiHosts.sourceFor(req.headers.host), logoSource.current()].filter(Boolean).join(' ')],
        connectSrc: ["'self'", (req) => apiHosts.sourceFor(req.headers.host)],
      },
    },
    crossOriginEmbedderPolicy: false,
  };
}

/** What helmet does to a response: a header set, or removed (value null, X-Powered-By). */
type HeaderStep = readonly [name: string, value: string | null];

/** Runs helmet's middleware once against a recorder instead of a response. */
function recordHeaders(middleware: ReturnType<typeof helmet>, req: IncomingMessage): HeaderStep[] {
  const steps: HeaderStep[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => void steps.push([name, value]),
    removeHeader: (name: string) => void steps.push([name, null]),
  };
  let failure: unknown;
  // helmet only calls setHeader and removeHeader on the response, synchronously.
  middleware(req, recorder as unknown as ServerResponse, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return steps;
}

/**
 * helmet's headers as Fastify keeps a reply's headers (lower-case names, in helmet's order). What
 * helmet removes (X-Powered-By) Node and Fastify never set, so it needs no step of its own.
 */
function replyHeadersOf(steps: readonly HeaderStep[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of steps) {
    if (value === null) delete headers[name.toLowerCase()];
    else headers[name.toLowerCase()] = value;
  }
  return headers;
}

/** Copies kept: one per derived API host (or none) and logo origin; bounded, since the logo's origin changes over time. */
const MAX_KEPT = 64;

/**
 * helmet's security headers on every answer (DESIGN §4). @fastify/helmet builds helmet's whole
 * middleware chain again for each request, and the CSP is assembled and validated each time:
 * about a tenth of GET /token/init's time (docs/decisions.md "The hot path"). Here the chain is
 * built once and its headers are worked out once per derived API host and logo origin.
 *
 * They are put on the reply, not on the raw response: one header set on the raw response sends
 * all of the answer's headers through Node's setHeader, each validated and copied twice, where
 * Fastify's own writeHead with its header object validates each once (issue 39 §8).
 */
export function installSecurityHeaders(app: FastifyInstance, apiHosts: DerivedApiHosts, logoSource: LogoSource) {
  const middleware = helmet(helmetOptions(apiHosts, logoSource));
  const kept = new Map<string, Record<string, string>>();
  app.addHook('onRequest', (request, reply, done) => {
    const key = `${apiHosts.sourceFor(request.headers.host)}\n${logoSource.current() ?? ''}`;
    let headers = kept.get(key);
    if (!headers) {
      try {
        headers = replyHeadersOf(recordHeaders(middleware, request.raw));
      } catch (error) {
        done(error as Error);
        return;
      }
      if (kept.size >= MAX_KEPT) kept.clear();
      kept.set(key, headers);
    }
    reply.headers(headers);
    done();
  });
}
