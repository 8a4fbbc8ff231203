import { vi } from 'vitest';
import { serverHasRoute } from './serverRoutes';

export interface ApiCall {
  method: string;
  path: string;
  search: string;
  headers: Headers;
  body: unknown;
}

type Answer = Response | ((call: ApiCall) => Response | Promise<Response>);

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function errorResponse(status: number, message: string): Response {
  return jsonResponse(status, { response: 'error', message });
}

export const testApplicationInfo = { applicationName: 'Plant Ops', companyLogoURL: '/logo.png' };

/** Calls the current test made that no answer covered; tests/web/setup.ts fails the test on any. */
export const unexpectedCalls: string[] = [];

/**
 * Stubs fetch with answers keyed 'METHOD /api/path' (query string ignored for matching). The public
 * application-info call answers by default, and an asset's measurement points are none. Every call is recorded. Both sides are held to the
 * server: an answer for a route the server does not have throws at once, and a call no answer
 * covers answers 404 and fails the test (tests/web/setup.ts) — a test that wants a 404 says so.
 */
export function mockApi(answers: Record<string, Answer> = {}) {
  const calls: ApiCall[] = [];
  const table: Record<string, Answer> = {
    'GET /api/init/applicationInfo': () => jsonResponse(200, testApplicationInfo),
    // An asset's detail and inspect page ask its measurement points (DESIGN §17): none, unless a test says.
    'GET /api/measurementPoint/latest': () => jsonResponse(200, []),
    ...answers,
  };
  for (const key of Object.keys(table)) {
    const [method = '', pathname = ''] = key.split(' ');
    if (!serverHasRoute(method, pathname)) throw new Error(`mockApi: the server has no route ${key} (docs/permissions.md lists its routes)`);
  }
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const rawBody = typeof init.body === 'string' ? init.body : undefined;
    const call: ApiCall = {
      method,
      path: url.pathname,
      search: url.search,
      headers: new Headers(init.headers),
      body: rawBody === undefined ? undefined : JSON.parse(rawBody),
    };
    calls.push(call);
    const answer = table[`${method} ${url.pathname}`];
    if (!answer) {
      unexpectedCalls.push(`${method} ${url.pathname}${url.search}`);
      return errorResponse(404, `No mock for ${method} ${url.pathname}`);
    }
    return typeof answer === 'function' ? answer(call) : answer.clone();
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}
