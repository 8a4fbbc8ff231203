import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { API_PREFIX } from '../../auth/authPlugin';
import type { RequestDuration } from './appMetrics';

/** `status` label by the answer's first digit: a handful of values per route, whatever the codes. */
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'] as const;
/** Requests under /api that no route matched (scans, typos): one series, however many URLs. */
export const UNMATCHED_ROUTE = 'unmatched';
/** The built web app's files and pages: each file is a route of its own, and hashed names change with every build. */
export const WEB_APP_ROUTE = 'web app';

type Observer = ReturnType<RequestDuration['labels']>;

const isApiPath = (path: string) => path.toLowerCase().startsWith(API_PREFIX);

/** The `route` label of a declared route: its pattern under /api (and `*`, CORS preflights), else the web app. */
export function routeLabel(url: string): string {
  return isApiPath(url) || url === '*' ? url : WEB_APP_ROUTE;
}

/**
 * Observes each answer's duration (reply.elapsedTime: Fastify's own timer from the request's
 * arrival) under one route label. The label's series are looked up once per method and status
 * class and kept, so a request costs a few array reads and prom-client's observe.
 */
export function routeTimer(duration: RequestDuration, route: string) {
  const byMethod: Record<string, (Observer | undefined)[]> = {};
  return (request: FastifyRequest, reply: FastifyReply) => {
    const method = request.method;
    const statusClass = Math.min(5, Math.max(0, Math.floor(reply.statusCode / 100)));
    const observers = (byMethod[method] ??= []);
    const observer = (observers[statusClass] ??= duration.labels(method, route, STATUS_CLASSES[statusClass]!));
    observer.observe(reply.elapsedTime / 1000);
  };
}

/**
 * Times every HTTP request by the route pattern Fastify matched, never the raw URL, so the
 * number of series stays bounded by the routes the code declares. Registered before any route:
 * each route gets its own onResponse hook with its label built in (no lookup per request);
 * requests no route matched share two labels.
 */
export const requestTiming = fp(async (app: FastifyInstance, { duration }: { duration: RequestDuration }) => {
  app.addHook('onRoute', (route) => {
    const observe = routeTimer(duration, routeLabel(route.url));
    const hook: onResponseHookHandler = (request, reply, done) => {
      observe(request, reply);
      done();
    };
    route.onResponse = [...[route.onResponse ?? []].flat(), hook];
  });

  const unmatchedApi = routeTimer(duration, UNMATCHED_ROUTE);
  const webApp = routeTimer(duration, WEB_APP_ROUTE);
  app.addHook('onResponse', (request, reply, done) => {
    if (request.is404) (isApiPath(request.url) ? unmatchedApi : webApp)(request, reply);
    done();
  });
});
