import type { FastifyInstance } from 'fastify';
import type { DerivedApiHosts } from './crossHostApi';

// The phone's queued writes carry Idempotency-Key and read Idempotent-Replayed / Retry-After (docs/offline.md).
const ALLOWED_HEADERS = 'content-type, x-auth, idempotency-key';
const EXPOSED_HEADERS = 'x-auth, content-range, content-disposition, idempotent-replayed, retry-after';
const METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
const MAX_AGE_SECONDS = '600';

/**
 * The spec's host rule (§7, `VITE_API_HOST_RULE=derive`) puts the API on `{first label}-api.{rest}`.
 * That page is then another origin: calls from it, and only from it, are allowed across hosts —
 * for the page hosts configured in PUBLIC_HOSTS (crossHostApi.ts), never for one a request names.
 * The default same-origin setup sends no Origin to check and is unaffected.
 *
 * The answers are @fastify/cors 11's for these settings (one dynamic origin, strict preflight
 * answered 204), header for header. That plugin was dropped for this: with an origin that
 * depends on the request it rebuilds its whole options object twice per request, a twentieth of
 * GET /token/init's time (docs/decisions.md "The hot path"); here nothing is built per request.
 */
export function allowDerivedPageOrigin(app: FastifyInstance, apiHosts: DerivedApiHosts) {
  app.addHook('onRequest', (request, reply, done) => {
    // The answer depends on Origin: caches must keep one copy per Origin (Fetch standard, CORS protocol).
    reply.header('vary', 'Origin');
    const origin = apiHosts.pageOriginOf(request);
    if (!origin) {
      done();
      return;
    }
    reply.header('access-control-allow-origin', origin);
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (request.raw.method !== 'OPTIONS') {
      done();
      return;
    }
    if (!request.headers['access-control-request-method']) {
      void reply.status(400).type('text/plain').send('Invalid Preflight Request');
      return;
    }
    reply.header('access-control-allow-methods', METHODS);
    reply.header('access-control-allow-headers', ALLOWED_HEADERS);
    reply.header('access-control-max-age', MAX_AGE_SECONDS);
    // Safari waits for a body on a 204 without a length.
    void reply.code(204).header('content-length', '0').send();
  });
  // Lets the router take OPTIONS on any path, so the hook above sees preflights; an OPTIONS the
  // hook did not answer is no allowed preflight: 404 like any unknown route.
  app.options('*', { schema: { hide: true } }, (_request, reply) => {
    reply.callNotFound();
  });
}
