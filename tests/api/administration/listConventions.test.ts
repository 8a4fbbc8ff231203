import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { knownPermissions } from '../../../server/crud/registry';
import { DEFAULT_ALERT_LEVELS } from '../../../server/seed/alertLevels';
import { adminApi, expectError, ok, qs, type Doc, type Query } from './adminApi';

/**
 * DESIGN §3 list conventions, shared by every administration list: fields, orderBy, and
 * ra-data-simple-rest's range / sort / filter answered with a Content-Range header.
 */
let t: TestApp;
let api: ReturnType<typeof adminApi>;
const items: Doc[] = [];
const two = (n: number) => String(n).padStart(2, '0');

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  // Created out of order, so that a correct order comes from the server.
  for (const n of [7, 2, 11, 5, 1, 9, 12, 3, 8, 4, 10, 6]) {
    items.push(
      await api.create('asset', { name: `Lc item ${two(n)}`, identification: `LC-${two(n)}`, tags: [n % 2 ? 'lc-north' : 'lc-south'] }),
    );
  }
  for (const name of ['Lc 100% done', 'Lc 100x done', 'Lc 100_ done']) await api.create('asset', { name, identification: 'LC-DONE' });
});
afterAll(() => t.close());

const listed = async (query: Query, entity = 'asset') => {
  const response = await api.get(`/${entity}${qs(query)}`);
  const rows = ok<Doc[]>(response);
  return { rows, names: rows.map((row) => row.name as string), contentRange: response.headers['content-range'] as string | undefined };
};
const allItems = (n: number[]) => n.map((i) => `Lc item ${two(i)}`);
const scoped = { q: 'lc item' };

describe('range, sort and filter (ra-data-simple-rest)', () => {
  it('pages with range and answers Content-Range with the total', async () => {
    const first = await listed({ range: [0, 4], filter: scoped });
    expect(first.names).toEqual(allItems([1, 2, 3, 4, 5]));
    expect(first.contentRange).toBe('asset 0-4/12');
    const middle = await listed({ range: [5, 9], filter: scoped });
    expect(middle.names).toEqual(allItems([6, 7, 8, 9, 10]));
    expect(middle.contentRange).toBe('asset 5-9/12');
    const last = await listed({ range: [10, 14], filter: scoped });
    expect(last.names).toEqual(allItems([11, 12]));
    expect(last.contentRange).toBe('asset 10-11/12');
  });

  it('counts the whole collection when there is no filter', async () => {
    const everything = (await listed({})).rows.length;
    const page = await listed({ range: [0, 0] });
    expect(page.rows).toHaveLength(1);
    expect(page.contentRange).toBe(`asset 0-0/${everything}`);
  });

  it('answers no Content-Range without range', async () => {
    const { rows, contentRange } = await listed({ filter: scoped });
    expect(rows).toHaveLength(12);
    expect(contentRange).toBeUndefined();
  });

  it('sorts with sort=[field, ASC|DESC], also across pages', async () => {
    expect((await listed({ range: [0, 2], sort: ['name', 'DESC'], filter: scoped })).names).toEqual(allItems([12, 11, 10]));
    expect((await listed({ range: [3, 5], sort: ['name', 'DESC'], filter: scoped })).names).toEqual(allItems([9, 8, 7]));
    expect((await listed({ sort: ['identification', 'asc'], filter: scoped })).names).toEqual(allItems([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]));
  });

  it("sorts by react-admin's id (the API's _id)", async () => {
    const { rows } = await listed({ sort: ['id', 'ASC'], filter: scoped });
    const ids = rows.map((row) => row._id);
    expect(ids).toEqual(items.map((item) => item._id).sort());
  });

  it('filters on a field, on an array field (contains), and on id lists (getMany)', async () => {
    expect((await listed({ filter: { identification: 'LC-07' } })).names).toEqual(['Lc item 07']);
    expect((await listed({ filter: { tags: 'lc-north' } })).names).toEqual(allItems([1, 3, 5, 7, 9, 11]));
    const picked = [items[0]!, items[5]!];
    const byIds = await listed({ filter: { id: picked.map((item) => item._id) } });
    expect(byIds.names.sort()).toEqual(picked.map((item) => item.name as string).sort());
  });

  it('searches with q, ignoring case, across the searchable fields', async () => {
    expect((await listed({ filter: { q: 'LC ITEM 1' } })).names).toEqual(allItems([10, 11, 12]));
    expect((await listed({ filter: { q: 'lc-03' } })).names).toEqual(['Lc item 03']);
    expect((await listed({ filter: { q: 'LC-SOUTH' } })).names).toEqual(allItems([2, 4, 6, 8, 10, 12]));
    expect((await listed({ filter: { q: 'no such thing anywhere' } })).names).toEqual([]);
  });

  it('takes q literally: % and _ are no wildcards', async () => {
    expect((await listed({ filter: { q: '100%' } })).names).toEqual(['Lc 100% done']);
    expect((await listed({ filter: { q: '100_' } })).names).toEqual(['Lc 100_ done']);
  });

  it('combines q, field filters and range, counting only what matches', async () => {
    const page = await listed({ filter: { q: 'lc item', tags: 'lc-south' }, range: [0, 1], sort: ['name', 'ASC'] });
    expect(page.names).toEqual(allItems([2, 4]));
    expect(page.contentRange).toBe('asset 0-1/6');
  });

  it('ignores empty filter values (a cleared filter input)', async () => {
    expect((await listed({ filter: { ...scoped, identification: '' } })).rows).toHaveLength(12);
  });

  it('works the same on other lists (permissions, users)', async () => {
    // Every manage-* the code defines: the listed ones and each declared resource's.
    const manage = knownPermissions().filter((p) => p.includes('manage-')).sort();
    const permissions = await listed({ filter: { q: 'MANAGE-' }, range: [0, 2] }, 'permission');
    expect(permissions.names).toEqual(manage.slice(0, 3));
    expect(permissions.contentRange).toBe(`permission 0-2/${manage.length}`);
    const users = await listed({ filter: { q: '@facilityops' }, range: [0, 1], sort: ['username', 'DESC'] }, 'user');
    expect(users.rows.map((u) => u.username)).toEqual(['thermo.tech', 'thermo.manager']);
    expect(users.contentRange).toMatch(/^user 0-1\/\d+$/);
    expect(Number(users.contentRange!.split('/')[1])).toBeGreaterThanOrEqual(7);
  });
});

describe('fields and orderBy', () => {
  it('projects to _id and the named fields; id means _id', async () => {
    const { rows } = await listed({ fields: 'name,tags', filter: scoped });
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['_id', 'name', 'tags']);
    const ids = await listed({ fields: 'id', filter: scoped });
    for (const row of ids.rows) expect(Object.keys(row)).toEqual(['_id']);
  });

  it('sorts by several fields, a leading - meaning descending', async () => {
    const { names } = await listed({ orderBy: 'tags,-name', filter: scoped });
    expect(names).toEqual(allItems([11, 9, 7, 5, 3, 1, 12, 10, 8, 6, 4, 2]));
  });

  it('lets sort= take precedence and orderBy break ties', async () => {
    const { names } = await listed({ sort: ['tags', 'DESC'], orderBy: 'name', filter: scoped });
    expect(names).toEqual(allItems([2, 4, 6, 8, 10, 12, 1, 3, 5, 7, 9, 11]));
  });

  it('is matched case-insensitively on the path', async () => {
    const response = await t.request({ as: 'admin', method: 'GET', url: `/api/ASSET${qs({ fields: 'name', filter: { identification: 'LC-01' } })}` });
    expect(ok<Doc[]>(response)).toEqual([{ _id: expect.any(String), name: 'Lc item 01' }]);
  });
});

describe('bad list parameters answer 400 naming the parameter', () => {
  it.each([
    ['/asset', { fields: 'name,bogus' }, 'fields', 'bogus'],
    ['/checklist', { fields: 'nme' }, 'fields', 'nme'],
    ['/asset', { orderBy: 'bogus' }, 'orderBy', 'bogus'],
    ['/role', { orderBy: '-bogus' }, 'orderBy', 'bogus'],
    ['/asset', { range: 'nope' }, 'range', 'range'],
    ['/asset', { range: [5, 2] }, 'range', 'range'],
    ['/asset', { range: [-1, 3] }, 'range', 'range'],
    ['/asset', { range: [0, 1, 2] }, 'range', 'range'],
    ['/asset', { sort: ['name', 'UP'] }, 'sort', 'sort'],
    ['/asset', { sort: ['bogus', 'ASC'] }, 'sort', 'bogus'],
    ['/asset', { sort: 'name' }, 'sort', 'sort'],
    ['/asset', { filter: '{' }, 'filter', 'filter'],
    ['/asset', { filter: [1] }, 'filter', 'filter'],
    ['/asset', { filter: { bogus: 1 } }, 'filter', 'bogus'],
    ['/user', { fields: 'passwordHash' }, 'fields', 'passwordHash'],
    ['/user', { filter: { passwordHash: 'x' } }, 'filter', 'passwordHash'],
    ['/user', { sort: ['tokenVersion', 'ASC'] }, 'sort', 'tokenVersion'],
    ['/config', { orderBy: 'name' }, 'orderBy', 'name'],
  ] as const)('GET %s %j', async (path, query, param, mentioned) => {
    const response = await api.get(`${path}${qs(query as Query)}`);
    const body = expectError(response, 400, param);
    expect(body.message).toContain(mentioned);
    expect(response.headers['content-range']).toBeUndefined();
  });
});

describe('GET /alertLevel', () => {
  it('answers the seeded levels, most severe first, to any signed-in user', async () => {
    for (const as of ['admin', 'technician', 'onsite', 'thermo.tech']) {
      const levels = ok<Doc[]>(await api.get('/alertLevel', as));
      expect(levels.map((level) => level.name)).toEqual(['Critical', 'High', 'Medium', 'Low']);
      expect(levels.map(({ name, technicalName, color }) => ({ name, technicalName, color }))).toEqual(
        DEFAULT_ALERT_LEVELS.map(({ name, technicalName, color }) => ({ name, technicalName, color })),
      );
      for (const level of levels) expect(level._id).toEqual(expect.any(String));
    }
  });

  it('needs a token', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/alertLevel' })).statusCode).toBe(401);
  });
});
