import { expect } from 'vitest';
import type { Response as InjectResponse } from 'light-my-request';
import type { TestApp } from '../helpers/testApp';

/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are untyped JSON in these tests */
export type Doc = Record<string, any> & { _id: string };

export type Query = Record<string, string | readonly unknown[] | Record<string, unknown>>;

/** `?fields=…&range=[0,4]&filter={…}`: arrays and objects are sent as JSON, as ra-data-simple-rest does. */
export function qs(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Short calls against /api as a demo user (admin unless told). */
export function adminApi(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload: unknown, as: string) =>
    t.request({ as, method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const api = {
    get: (url: string, as = 'admin') => call('GET', url, undefined, as),
    post: (url: string, payload: unknown, as = 'admin') => call('POST', url, payload, as),
    put: (url: string, payload: unknown, as = 'admin') => call('PUT', url, payload, as),
    del: (url: string, as = 'admin') => call('DELETE', url, undefined, as),

    /** The list of /<entity> with the query, asserting 200. */
    async list(entity: string, query: Query = {}, as = 'admin'): Promise<Doc[]> {
      return ok(await api.get(`/${entity}${qs(query)}`, as));
    },
    /** POST /<entity>, asserting 200; answers the saved document. */
    async create(entity: string, body: unknown): Promise<Doc> {
      return ok(await api.post(`/${entity}`, body));
    },
    /** GET /<entity>/<id> (tables: /table/id/<id>), asserting 200. */
    async read(entity: string, id: string): Promise<Doc> {
      return ok(await api.get(entity === 'table' ? `/table/id/${id}` : `/${entity}/${id}`));
    },
  };
  return api;
}

/**
 * A signed-in user of a role of their own holding exactly `permissions` (by name), made through
 * the API as an administrator would: the token to call as them.
 */
export async function userHolding(t: TestApp, username: string, permissions: readonly string[]): Promise<string> {
  const api = adminApi(t);
  const known = await api.list('permission');
  const held = known.filter((permission) => permissions.includes(permission.name as string)).map((permission) => permission._id);
  expect(held, 'every permission named exists').toHaveLength(new Set(permissions).size);
  const role = await api.create('role', { name: `Role of ${username}`, permissions: held });
  const user = ok<Doc>(await api.post('/user', { username, name: username, role: role._id }));
  const { password } = ok<{ password: string }>(await api.post(`/user/${user._id}/resetPassword`, {}));
  return t.login(username, password);
}

/** The JSON body of a 200 answer; fails with the body otherwise. */
export function ok<T = any>(response: InjectResponse): T {
  expect(response.statusCode, `${response.statusCode} ${response.body}`).toBe(200);
  return response.json() as T;
}

/** DESIGN §3 error shape with the status, and (for 400/409) the field named in message and errors. */
export function expectError(response: InjectResponse, status: number, field?: string): { message: string; errors?: Record<string, string> } {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { response: string; message: string; errors?: Record<string, string> };
  expect(body.response).toBe('error');
  expect(typeof body.message).toBe('string');
  if (field !== undefined) {
    expect(body.message).toContain(field);
    expect(Object.keys(body.errors ?? {})).toContain(field);
  }
  return body;
}

/**
 * The spec §7 copy body, built here rather than with common's helper so a change there cannot hide
 * a server regression: every field except name, _id, createdAt and updatedAt (and whatever the
 * entity also drops), plus the new name.
 */
export function copyBodyOf(record: Doc, name: string, alsoDrop: readonly string[] = []): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (['_id', 'name', 'createdAt', 'updatedAt', ...alsoDrop].includes(key)) continue;
    body[key] = value;
  }
  return { ...body, name };
}

/** The values of `field` of the rows whose value is in `wanted`, in the server's order. */
export function orderOf(rows: readonly Doc[], wanted: readonly string[], field = 'name'): string[] {
  return rows.map((row) => row[field] as string).filter((value) => wanted.includes(value));
}

/** Case-insensitive ascending order, as the list convention sorts text. */
export function sortedIgnoringCase(values: readonly string[]): string[] {
  return [...values].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0));
}

/** A field → id map of rows (e.g. permission name → id). */
export function idsBy(rows: readonly Doc[], field = 'name'): Record<string, string> {
  return Object.fromEntries(rows.map((row) => [row[field] as string, row._id]));
}
