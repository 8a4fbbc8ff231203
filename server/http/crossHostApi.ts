import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors, { type FastifyCorsOptions } from '@fastify/cors';
import { deriveApiHost } from '../../common/apiHost';

/** The page origin's host when the request comes from the page whose derived API host this is. */
export function derivedPageOrigin(request: Pick<FastifyRequest, 'headers'>): string | null {
  const origin = request.headers.origin;
  const host = request.headers.host;
  if (!origin || !host) return null;
  try {
    return deriveApiHost(new URL(origin).host) === host.toLowerCase() ? origin : null;
  } catch {
    return null;
  }
}

/**
 * The spec's host rule (§7, `VITE_API_HOST_RULE=derive`) puts the API on `{first label}-api.{rest}`.
 * That page is then another origin: calls from it, and only from it, are allowed across hosts.
 * The default same-origin setup sends no Origin to check and is unaffected.
 */
export async function allowDerivedPageOrigin(app: FastifyInstance) {
  await app.register(cors, () => async (request: FastifyRequest): Promise<FastifyCorsOptions> => ({
    origin: derivedPageOrigin(request) ?? false,
    allowedHeaders: ['content-type', 'x-auth'],
    exposedHeaders: ['x-auth', 'content-range', 'content-disposition'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  }));
}

/** CSP connect-src entry letting a page reach its derived API host (scheme follows the page's). */
export function derivedApiHostSource(host: string | undefined): string {
  return host ? deriveApiHost(host.toLowerCase()) : "'self'";
}
