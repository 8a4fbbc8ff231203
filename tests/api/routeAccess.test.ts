import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { createTestApp, type TestApp } from './helpers/testApp';
import { authPlugin } from '../../server/auth/authPlugin';
import { ACCESS_MATRIX, MATRIX_USERS, WHITELISTED_USERS, type AccessRow, type AccessVariant, type MatrixUser } from './accessMatrix';

/**
 * Walks every registered /api route × every user of the hand-kept access matrix
 * (tests/api/accessMatrix.ts) and holds the server to it: allowed → neither 401 nor 403 and
 * below 500; refused → 403. The expectations never come from the routes' own declarations, so
 * loosening a route's access fails here, and a new route fails until its row is written.
 */
let t: TestApp;
const sessions = new Map<MatrixUser, { token: string; id: string }>();
/** A path parameter that is nobody's id: "another user's" record, and an unknown id elsewhere. */
const OTHER_ID = 'someone-else';

async function signIn(username: string, password?: string) {
  const token = await t.login(username, password);
  const me = (await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': token } })).json();
  return { token, id: me._id as string };
}

/** The whitelisted users, made the way an administrator makes them: add, set role and whitelist, reset. */
async function createWhitelistedUsers() {
  const roles: { _id: string; name: string }[] = (await t.request({ method: 'GET', url: '/api/role?fields=name', as: 'admin' })).json();
  for (const spec of WHITELISTED_USERS) {
    const role = roles.find((r) => r.name === spec.role)!;
    const created = await t.request({ method: 'POST', url: '/api/user', as: 'admin', payload: { username: spec.username, role: role._id } });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json()._id as string;
    const updated = await t.request({
      method: 'PUT', url: `/api/user/updateByUserAdministration/${id}`, as: 'admin', payload: { moduleWhitelist: spec.moduleWhitelist },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const reset = await t.request({ method: 'POST', url: `/api/user/${id}/resetPassword`, as: 'admin' });
    sessions.set(spec.username, await signIn(spec.username, reset.json().password));
  }
}

/** A work order assigned to each user who may hold one, made by the administrator (for the ownWorkOrder variants). */
const ownOrders = new Map<MatrixUser, string>();

async function createWorkOrders() {
  const [asset] = (await t.request({ method: 'GET', url: '/api/asset?fields=id,name', as: 'admin' })).json() as { _id: string }[];
  const users = ((await t.request({ method: 'GET', url: '/api/workOrder/config', as: 'admin' })).json() as { users: { _id: string }[] }).users;
  for (const [username, { id }] of sessions) {
    if (!users.some((user) => user._id === id)) continue;
    const payload = { title: `Access walk: ${username}`, asset: asset!._id, assignedTo: id, priority: 'Low', status: 'Open', startTimestamp: Date.UTC(2031, 0, 1), endTimestamp: Date.UTC(2031, 0, 2) };
    const created = await t.request({ method: 'POST', url: '/api/workOrder', as: 'admin', payload });
    expect(created.statusCode, created.body).toBe(200);
    ownOrders.set(username, created.json()._id as string);
  }
}

/** Someone else's order: the technician's, for the technician the engineer's. */
const othersOrder = (username: MatrixUser) => ownOrders.get(username === 'technician' ? 'engineer' : 'technician')!;

beforeAll(async () => {
  t = await createTestApp();
  for (const username of MATRIX_USERS) {
    if (!WHITELISTED_USERS.some((w) => w.username === username)) sessions.set(username, await signIn(username));
  }
  await createWhitelistedUsers();
  await createWorkOrders();
});
afterAll(() => t.close());

const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

function isUserList(row: readonly MatrixUser[] | readonly AccessVariant[]): row is readonly MatrixUser[] {
  return row.length === 0 || typeof row[0] === 'string';
}

/** The calls to make for one row: a plain row is tried with the caller's own id and another. */
function variantsOf(row: AccessRow, hasParams: boolean): (AccessVariant & { public?: true })[] {
  if (row === 'public') return [{ when: 'public', allowed: MATRIX_USERS, public: true }];
  // No user's token opens it: the 401 without a token below is its whole row here.
  if (row === 'deviceKey') return [];
  if (!isUserList(row)) return [...row];
  if (!hasParams) return [{ when: 'the route', allowed: row }];
  return [
    { when: "with the caller's own id", id: 'own', allowed: row },
    { when: 'with another id', id: 'other', allowed: row },
  ];
}

function urlFor(path: string, variant: AccessVariant, ownId: string, username: MatrixUser): string {
  const idFor = () => {
    if (variant.id === 'own') return ownId;
    // A user who cannot hold orders has none of their own: anyone's will do, they are refused either way.
    if (variant.id === 'ownWorkOrder') return ownOrders.get(username) ?? othersOrder(username);
    if (variant.id === 'othersWorkOrder') return othersOrder(username);
    return OTHER_ID;
  };
  const filled = path.replace(/:(\w+)/g, (_, name: string) => variant.params?.[name] ?? idFor());
  return variant.query ? `${filled}?${variant.query}` : filled;
}

describe('route × user access, held to the hand-kept matrix', () => {
  it('has a row for every route, and no row for a route that does not exist', () => {
    const registered = t.app.apiRouteTable.map(routeKey);
    const missing = registered.filter((key) => !(key in ACCESS_MATRIX));
    expect(
      missing,
      `Routes without a row in tests/api/accessMatrix.ts: add a row for each saying which users may call it ` +
        `(from spec §6, DESIGN §4 and docs/permissions.md), not copied from its declaration.`,
    ).toEqual([]);
    const stale = Object.keys(ACCESS_MATRIX).filter((key) => !registered.includes(key));
    expect(stale, 'Rows of tests/api/accessMatrix.ts for routes the server does not have: remove or rename them.').toEqual([]);
  });

  it('answers every route the matrix does not call public with 401 without a token', async () => {
    const failures: string[] = [];
    for (const route of t.app.apiRouteTable) {
      if (ACCESS_MATRIX[routeKey(route)] === 'public') continue;
      const url = route.url.replace(/:(\w+)/g, OTHER_ID);
      const response = await t.app.inject({ method: route.method as 'GET', url });
      if (response.statusCode !== 401) failures.push(`${route.method} ${url}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('answers each user exactly as the matrix says: allowed → not 401/403 and < 500, refused → 403', async () => {
    const failures: string[] = [];
    let refused = 0;
    let allowed = 0;
    for (const route of t.app.apiRouteTable) {
      const row = ACCESS_MATRIX[routeKey(route)];
      if (!row) continue;
      for (const variant of variantsOf(row, route.url.includes(':'))) {
        for (const [username, { token, id }] of sessions) {
          const url = urlFor(route.url, variant, id, username);
          const response = await t.app.inject({
            method: route.method as 'GET', url, headers: { 'x-auth': token },
            payload: ['GET', 'DELETE'].includes(route.method) ? undefined : {},
          });
          const status = response.statusCode;
          const label = `${route.method} ${url} (${variant.when}) as ${username}: ${status} ${response.body.slice(0, 100)}`;
          if (variant.allowed.includes(username)) {
            allowed++;
            const plainGet = route.method === 'GET' && !route.url.includes(':');
            if (status === 401 || status === 403 || status >= 500 || (plainGet && status !== 200)) failures.push(`expected allowed: ${label}`);
          } else {
            refused++;
            if (status !== 403) failures.push(`expected 403: ${label}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
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
