import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { createTestApp, type TestApp } from './helpers/testApp';
import { DEMO_USERNAMES } from './helpers/demo';
import { isAllowed, type AuthUser } from '../../server/auth/access';
import Fastify from 'fastify';
import { authPlugin } from '../../server/auth/authPlugin';

/**
 * Walks every registered /api route × every demo role and checks the server's answer against the
 * route's own access declaration: 403 exactly when the declaration refuses, never 401 for a valid
 * token. Routes added later are covered without touching this file.
 */
let t: TestApp;
const sessions = new Map<string, { token: string; user: AuthUser }>();

beforeAll(async () => {
  t = await createTestApp();
  for (const username of DEMO_USERNAMES) {
    const token = await t.login(username);
    const me = (await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': token } })).json();
    sessions.set(username, {
      token,
      user: { _id: me._id, name: me.name, username: me.username, roleName: me.roleName, permissions: new Set(me.permissions) },
    });
  }
});
afterAll(() => t.close());

/** Fills every path parameter with `value`. */
function fillParams(url: string, value: string): { url: string; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const filled = url.replace(/:(\w+)/g, (_m, name: string) => {
    params[name] = value;
    return value;
  });
  return { url: filled, params };
}

describe('route × role access', () => {
  it('has routes, each with a declaration', () => {
    expect(t.app.apiRouteTable.length).toBeGreaterThanOrEqual(6);
    for (const route of t.app.apiRouteTable) expect(route.access, `${route.method} ${route.url}`).toBeDefined();
  });

  it('answers every protected route without a token with 401', async () => {
    for (const route of t.app.apiRouteTable) {
      if ('public' in route.access) continue;
      const { url } = fillParams(route.url, 'probe');
      const response = await t.app.inject({ method: route.method as 'GET', url });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 exactly where the declaration refuses the role', async () => {
    let refused = 0;
    let allowed = 0;
    for (const route of t.app.apiRouteTable) {
      for (const [username, { token, user }] of sessions) {
        // With the caller's own id and with somebody else's, so `self` rules are tried both ways.
        for (const paramValue of [user._id, 'someone-else']) {
          const { url, params } = fillParams(route.url, paramValue);
          const probe = { params, query: {} } as unknown as FastifyRequest;
          const expected = isAllowed(route.access, user, probe);
          const response = await t.app.inject({ method: route.method as 'GET', url, headers: { 'x-auth': token }, payload: ['GET', 'DELETE'].includes(route.method) ? undefined : {} });
          const label = `${route.method} ${url} as ${username}: ${response.statusCode} ${response.body.slice(0, 120)}`;
          expect(response.statusCode, label).not.toBe(401);
          if (expected) {
            expect(response.statusCode, label).not.toBe(403);
            expect(response.statusCode, label).toBeLessThan(500);
            if (route.method === 'GET' && !route.url.includes(':')) expect(response.statusCode, label).toBe(200);
            allowed++;
          } else {
            expect(response.statusCode, label).toBe(403);
            refused++;
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(0);
    expect(allowed).toBeGreaterThan(0);
  });

  it('refuses to start when an /api route declares no access', async () => {
    const app = Fastify();
    await app.register(authPlugin);
    const start = async () => {
      await app.register(async (api) => {
        api.get('/undeclared', async () => 'x');
      }, { prefix: '/api' });
      await app.ready();
    };
    await expect(start()).rejects.toThrow(/GET \/api\/undeclared declares no access/);
  });
});
