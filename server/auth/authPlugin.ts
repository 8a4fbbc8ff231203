import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http/errors';
import { isAllowed, needsToken, type Access, type AuthUser } from './access';
import { userOfToken, userOfTokenNow } from './tokenUser';

export const API_PREFIX = '/api';

export interface RouteAccessEntry {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api route with its declared access: the source of docs/permissions.md and the access tests. */
    apiRouteTable: RouteAccessEntry[];
  }
}

/**
 * Applied once for the whole /api tree (STYLE: fastify/demo): a route without an access
 * declaration stops the app from starting; every request is checked against its route's
 * declaration before the body is even parsed, so an unpermitted call never reaches a handler.
 */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorate('apiRouteTable', [] as RouteAccessEntry[]);

  app.addHook('onRoute', (route) => {
    const url = route.url.toLowerCase();
    if (!url.startsWith(API_PREFIX.toLowerCase())) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
    }
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      app.apiRouteTable.push({ method, url: route.url, access: route.config.access });
    }
  });

  // Callback style, answered at once when the token and its user are known (userOfTokenNow).
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access || !needsToken(access)) {
      done();
      return;
    }
    const header = request.headers['x-auth'];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) {
      done(unauthorized('Authentication required'));
      return;
    }
    const known = userOfTokenNow(app, token);
    if (known !== undefined) {
      done(admit(request, access, known));
      return;
    }
    userOfToken(app, token).then((user) => done(admit(request, access, user)), done);
  });
});

/** Lets the request through as `user` (undefined), or answers why not. */
function admit(request: FastifyRequest, access: Access, user: AuthUser | null): Error | undefined {
  if (!user) return unauthorized('Invalid or expired token');
  try {
    if (!isAllowed(access, user, request)) return forbidden();
  } catch (error) {
    // A route's own `orIf` rule failing is the server's fault: the error handler answers it.
    return error as Error;
  }
  request.user = user;
  return undefined;
}

/** The signed-in user inside a handler of a route that needs a token. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}
