import type { FastifyRequest } from 'fastify';
import type { TestApp } from '../helpers/testApp';
import { isAllowed, type AuthUser } from '../../../server/auth/access';
import type { Operation } from './openApiDocument';

/** A demo user the fuzzer calls as. */
export interface Caller {
  username: string;
  token: string;
  user: AuthUser;
  roleId: string | null;
}

/** What a list call taught about an area: its field names, some values of each, its ids. */
export interface Collection {
  names: string[];
  values: Map<string, unknown[]>;
  ids: string[];
  /** A few whole records, bodies to start from. */
  records: Record<string, unknown>[];
}

const EMPTY: Collection = { names: [], values: new Map(), ids: [], records: [] };

const segments = (path: string) => path.split('/').filter(Boolean);
const isPrefix = (prefix: string[], path: string[]) => prefix.length <= path.length && prefix.every((s, i) => s === path[i]);

/** Signs every demo user in and reads who they are: the callers to pick from. */
export async function signInCallers(t: TestApp, usernames: readonly string[]): Promise<Caller[]> {
  const callers: Caller[] = [];
  for (const username of usernames) {
    const token = await t.login(username);
    const me = (await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': token } })).json();
    const user: AuthUser = { _id: me._id, name: me.name, username: me.username, roleName: me.roleName, permissions: new Set(me.permissions) };
    callers.push({ username, token, user, roleId: me.role ?? null });
  }
  return callers;
}

/**
 * The caller for a route: the first demo user its access declaration lets through (the point is
 * to reach the handler, not to test 403s: routeAccess.test.ts does that), and the path parameter
 * that must hold the caller's own id on a `self` route.
 */
export function callerFor(t: TestApp, op: Operation, callers: readonly Caller[]): { caller: Caller; selfParam: string | null } {
  const route = t.app.apiRouteTable.find((r) => r.method === op.method && r.url === op.routeUrl);
  const fallback = { caller: callers[0]!, selfParam: null };
  if (!route) return fallback;
  const selfParam = 'self' in route.access ? route.access.self : null;
  for (const caller of callers) {
    const params = Object.fromEntries(op.pathParams.map((p) => [p.name, p.name === selfParam ? caller.user._id : 'probe']));
    const probe = { params, query: {}, routeOptions: { url: route.url } } as unknown as FastifyRequest;
    if (isAllowed(route.access, caller.user, probe)) return { caller, selfParam };
  }
  return fallback;
}

/** Reads every parameterless GET once, to learn the field names, values and ids of each area. */
export async function learnCollections(t: TestApp, operations: readonly Operation[], callerOf: (op: Operation) => Caller): Promise<Map<string, Collection>> {
  const learned = new Map<string, Collection>();
  for (const op of operations) {
    if (op.method !== 'GET' || op.pathParams.length > 0) continue;
    const response = await t.app.inject({ method: 'GET', url: op.path, headers: { 'x-auth': callerOf(op).token } });
    if (response.statusCode !== 200 || !String(response.headers['content-type']).includes('json')) continue;
    const body: unknown = response.json();
    const records = (Array.isArray(body) ? body : [body]).filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null && !Array.isArray(r));
    const values = new Map<string, unknown[]>();
    for (const record of records.slice(0, 50)) {
      for (const [name, value] of Object.entries(record)) {
        const seen = values.get(name) ?? [];
        if (seen.length < 6 && !seen.some((v) => JSON.stringify(v) === JSON.stringify(value))) seen.push(value);
        values.set(name, seen);
      }
    }
    const ids = records.map((r) => r._id).filter((id): id is string => typeof id === 'string');
    learned.set(op.path, { names: [...values.keys()], values, ids, records: records.slice(0, 6) });
  }
  return learned;
}

/** The area an operation belongs to: the longest learned list path its own path starts with. */
export function collectionOf(op: Operation, learned: Map<string, Collection>): Collection {
  let best: { length: number; collection: Collection } | null = null;
  for (const [path, collection] of learned) {
    const prefix = segments(path);
    if (prefix.length < 2 || !isPrefix(prefix, segments(op.path))) continue;
    if (!best || prefix.length > best.length) best = { length: prefix.length, collection };
  }
  return best?.collection ?? EMPTY;
}
