import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, expectError, ok, qs, type Doc, type Query } from './adminApi';

/**
 * Issue 22: Assets and User management page, sort and search on the server (docs/administration.md,
 * "Server paging"): range with Content-Range, several sort terms, and sort and search over what
 * the screen shows (checklist names, tags as joined, role names, status, custom attributes).
 * Every expected order below is worked out by hand from the records this file creates.
 */
let t: TestApp;
let api: ReturnType<typeof adminApi>;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  const alpha = await api.create('checklist', { name: 'Spg Alpha check' });
  const zulu = await api.create('checklist', { name: 'Spg Zulu check' });
  const assets: [string, string, string[], string[]][] = [
    ['Spg valve', 'SPG-1', ['West'], [zulu._id]],
    ['Spg pump', 'SPG-2', ['East'], [alpha._id, zulu._id]],
    ['Spg fan', 'SPG-3', ['East'], [zulu._id, alpha._id]],
    ['Spg boiler', 'SPG-4', [], []],
    ['Spg drain', 'SPG-5', ['West', 'Basement'], [alpha._id]],
  ];
  for (const [name, identification, tags, checklists] of assets) await api.create('asset', { name, identification, tags, checklists });

  const roleA = await api.create('role', { name: 'SPG_ROLE_A' });
  const roleB = await api.create('role', { name: 'SPG_ROLE_B' });
  const users: [string, string, string | null, string | null, Record<string, string>][] = [
    ['spg.eve', 'Spg Eve', roleA._id, null, {}],
    ['spg.cid', 'Spg Cid', roleB._id, 'active', {}],
    ['spg.ann', 'Spg Ann', roleB._id, 'inactive', { site: 'North' }],
    ['spg.dan', 'Spg Dan', null, null, { site: 'East' }],
    ['spg.bob', 'Spg Bob', roleA._id, null, { site: 'South', Zone: 'Z1' }],
  ];
  for (const [username, name, role, status, customAttributes] of users) {
    const created = ok<Doc>(await api.post('/user', { username }));
    ok(await api.put(`/user/updateByUserAdministration/${created._id}`, { name, role, status, customAttributes }));
  }
});
afterAll(() => t.close());

const page = async (entity: string, query: Query) => {
  const response = await api.get(`/${entity}${qs(query)}`);
  const rows = ok<Doc[]>(response);
  return { names: rows.map((row) => row.name as string), contentRange: response.headers['content-range'] };
};
const assetsOnly = { q: 'SPG-' };
const usersOnly = { q: 'spg.' };

describe('GET /asset with range, sort and filter', () => {
  it('pages by name with the total in Content-Range', async () => {
    expect(await page('asset', { range: [0, 1], filter: assetsOnly })).toEqual({ names: ['Spg boiler', 'Spg drain'], contentRange: 'asset 0-1/5' });
    expect(await page('asset', { range: [2, 3], filter: assetsOnly })).toEqual({ names: ['Spg fan', 'Spg pump'], contentRange: 'asset 2-3/5' });
    expect(await page('asset', { range: [4, 9], filter: assetsOnly })).toEqual({ names: ['Spg valve'], contentRange: 'asset 4-4/5' });
  });

  it('sorts by two columns: tags as shown (comma-joined) ascending, then name descending; no tags last', async () => {
    const sorted = await page('asset', { range: [0, 9], filter: assetsOnly, sort: [['tags', 'ASC'], ['name', 'DESC']] });
    expect(sorted.names).toEqual(['Spg pump', 'Spg fan', 'Spg valve', 'Spg drain', 'Spg boiler']);
  });

  it('sorts the Checklists column by the names shown, in the asset’s order; no checklist last ascending, first descending', async () => {
    const ascending = await page('asset', { range: [0, 9], filter: assetsOnly, sort: [['checklists', 'ASC'], ['name', 'ASC']] });
    expect(ascending.names).toEqual(['Spg drain', 'Spg pump', 'Spg valve', 'Spg fan', 'Spg boiler']);
    const descending = await page('asset', { range: [0, 9], filter: assetsOnly, sort: [['checklists', 'DESC']] });
    expect(descending.names).toEqual(['Spg boiler', 'Spg fan', 'Spg valve', 'Spg pump', 'Spg drain']);
  });

  it('keeps the single ["field","ASC"] form of ra-data-simple-rest', async () => {
    expect((await page('asset', { range: [0, 1], filter: assetsOnly, sort: ['name', 'DESC'] })).names).toEqual(['Spg valve', 'Spg pump']);
  });

  it('searches the checklist names and tags the screen shows, counting only the matches', async () => {
    expect(await page('asset', { range: [0, 1], filter: { q: 'zulu' } })).toEqual({ names: ['Spg fan', 'Spg pump'], contentRange: 'asset 0-1/3' });
    expect((await page('asset', { range: [0, 9], filter: { q: 'basement' } })).names).toEqual(['Spg drain']);
    expect((await page('asset', { range: [0, 9], filter: { q: 'east, spg' } })).names).toEqual([]);
    expect((await page('asset', { range: [0, 9], filter: { q: 'west, base' } })).names).toEqual(['Spg drain']);
  });

  it('answers 400 naming the parameter on a bad one', async () => {
    expectError(await api.get(`/asset${qs({ sort: [['nope', 'ASC']] })}`), 400, 'sort');
    expectError(await api.get(`/asset${qs({ sort: [['name', 'UP']] })}`), 400, 'sort');
    expectError(await api.get(`/asset${qs({ sort: [['__proto__', 'ASC']] })}`), 400, 'sort');
    expectError(await api.get(`/asset${qs({ sort: [] })}`), 400, 'sort');
    expectError(await api.get(`/asset${qs({ sort: [['tags.first', 'ASC']] })}`), 400, 'sort');
    expectError(await api.get(`/asset${qs({ range: [3, 1] })}`), 400, 'range');
    expectError(await api.get('/asset?filter=%7Bbad'), 400, 'filter');
  });
});

describe('GET /user with range, sort and filter', () => {
  it('pages by name with the total in Content-Range', async () => {
    expect(await page('user', { range: [0, 1], filter: usersOnly })).toEqual({ names: ['Spg Ann', 'Spg Bob'], contentRange: 'user 0-1/5' });
    expect(await page('user', { range: [2, 3], filter: usersOnly })).toEqual({ names: ['Spg Cid', 'Spg Dan'], contentRange: 'user 2-3/5' });
    expect(await page('user', { range: [4, 5], filter: usersOnly })).toEqual({ names: ['Spg Eve'], contentRange: 'user 4-4/5' });
  });

  it('sorts by role name, then name descending; no role last', async () => {
    const sorted = await page('user', { range: [0, 9], filter: usersOnly, sort: [['role', 'ASC'], ['name', 'DESC']] });
    expect(sorted.names).toEqual(['Spg Eve', 'Spg Bob', 'Spg Cid', 'Spg Ann', 'Spg Dan']);
  });

  it('sorts by status as shown (no status is active) and by one custom attribute', async () => {
    const byStatus = await page('user', { range: [0, 9], filter: usersOnly, sort: [['status', 'DESC'], ['name', 'ASC']] });
    expect(byStatus.names).toEqual(['Spg Ann', 'Spg Bob', 'Spg Cid', 'Spg Dan', 'Spg Eve']);
    const bySite = await page('user', { range: [0, 9], filter: usersOnly, sort: [['customAttributes.site', 'ASC'], ['name', 'ASC']] });
    expect(bySite.names).toEqual(['Spg Dan', 'Spg Ann', 'Spg Bob', 'Spg Cid', 'Spg Eve']);
  });

  it('searches role names and custom attribute values', async () => {
    expect((await page('user', { range: [0, 9], filter: { q: 'spg_role_a' } })).names).toEqual(['Spg Bob', 'Spg Eve']);
    expect((await page('user', { range: [0, 9], filter: { q: 'north' } })).names).toEqual(['Spg Ann']);
  });

  it('answers 400 naming sort for a field it never lists', async () => {
    expectError(await api.get(`/user${qs({ sort: [['passwordHash', 'ASC']] })}`), 400, 'sort');
    expectError(await api.get(`/user${qs({ sort: [['role.name', 'ASC']] })}`), 400, 'sort');
  });

  it('names every custom attribute users hold, sorted ignoring case, for the screen’s columns', async () => {
    const names = ok<string[]>(await api.get('/user/customAttributeNames'));
    expect(names.filter((name) => ['site', 'Zone'].includes(name))).toEqual(['site', 'Zone']);
    expect(new Set(names).size).toBe(names.length);
    expect((await api.get('/user/customAttributeNames', 'engineer')).statusCode).toBe(403);
  });
});
