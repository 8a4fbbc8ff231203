import { and, count, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthUser } from '../../../server/auth/access';
import { alerts, assets, inspections } from '../../../server/db/schema';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { authUserOf } from './scriptTestUsers';

let t: TestApp;
let admin: AuthUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await authUserOf(t, 'admin');
});
afterAll(() => t.close());

async function value<T = unknown>(code: string, user: AuthUser = admin): Promise<T> {
  const result = await t.app.services.scripts.run({ code, kind: 'preview', input: {}, user });
  if (!result.ok) throw new Error(result.error.message);
  return result.value as T;
}

async function errorOf(code: string): Promise<string> {
  const result = await t.app.services.scripts.run({ code, kind: 'preview', input: {}, user: admin });
  if (result.ok) throw new Error(`expected an error, got ${JSON.stringify(result.value)}`);
  expect(result.error.kind).toBe('runtime');
  return result.error.message;
}

const dbCount = async (table: typeof inspections | typeof alerts, where?: ReturnType<typeof and>) =>
  Number((await t.app.services.db.select({ n: count() }).from(table).where(where))[0]?.n);

describe('query API over the demo history', () => {
  it('counts with and without where', async () => {
    const all = await dbCount(inspections);
    expect(all).toBeGreaterThan(1000);
    expect(await value('return query.count("inspection");')).toBe(all);
    const since = Date.now() - 30 * 86_400_000;
    expect(await value(`return query.count("inspection", { where: { timestamp: { gte: ${since} } } });`)).toBe(await dbCount(inspections, gte(inspections.timestamp, since)));
    expect(await value('return query.count("alert", { where: { resolvedAt: null } });')).toBe(await dbCount(alerts, isNull(alerts.resolvedAt)));
  });

  it('lists with fields (always with _id), orderBy and limit/offset', async () => {
    const rows = await value<{ _id: string; timestamp: number }[]>('return query.list("inspection", { fields: ["timestamp"], orderBy: ["-timestamp"], limit: 10 });');
    expect(rows).toHaveLength(10);
    expect(Object.keys(rows[0] ?? {}).sort()).toEqual(['_id', 'timestamp']);
    const times = rows.map((r) => r.timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const pages = await value<{ first: string[]; second: string[]; both: string[] }>(`
      const first = query.list("inspection", { fields: ["_id"], orderBy: "-timestamp", limit: 5 }).map((r) => r._id);
      const second = query.list("inspection", { fields: ["_id"], orderBy: "-timestamp", limit: 5, offset: 5 }).map((r) => r._id);
      const both = query.list("inspection", { fields: ["_id"], orderBy: "-timestamp", limit: 10 }).map((r) => r._id);
      return { first, second, both };`);
    expect([...pages.first, ...pages.second]).toEqual(pages.both);
    const names = await value<string[]>('return query.list("asset", { orderBy: ["name"], fields: ["name"] }).map((a) => a.name);');
    const expected = (await t.app.services.db.select({ name: assets.name }).from(assets).orderBy(assets.name, assets._id)).map((a) => a.name);
    expect(names).toEqual(expected);
  });

  it('answers 1000 rows by default and refuses a limit over 10000', async () => {
    expect(await value('return query.list("inspection", { fields: ["_id"] }).length;')).toBe(1000);
    expect(await errorOf('return query.list("inspection", { limit: 10001 });')).toMatch(/limit must be a whole number from 0 to 10000/);
  });

  it('supports eq, ne, gt/gte/lt/lte, in and null', async () => {
    const [first] = await t.app.services.db.select({ asset: inspections.asset }).from(inspections).limit(1);
    const asset = first?.asset as string;
    expect(await value(`return query.count("inspection", { where: { asset: ${JSON.stringify(asset)} } });`)).toBe(await dbCount(inspections, eq(inspections.asset, asset)));
    expect(await value(`return query.count("inspection", { where: { asset: { ne: ${JSON.stringify(asset)} } } });`)).toBe(await dbCount(inspections, sql`${inspections.asset} <> ${asset}`));
    const from = Date.now() - 20 * 86_400_000;
    const to = Date.now() - 10 * 86_400_000;
    expect(await value(`return query.count("inspection", { where: { timestamp: { gte: ${from}, lt: ${to} } } });`)).toBe(
      await dbCount(inspections, and(gte(inspections.timestamp, from), lt(inspections.timestamp, to))),
    );
    const inList = await value<number>(`
      const ids = query.list("asset", { fields: ["_id"], limit: 2 }).map((a) => a._id);
      return query.count("inspection", { where: { asset: { in: ids } } });`);
    expect(inList).toBeGreaterThan(0);
    expect(await value('return query.count("inspection", { where: { asset: { in: [] } } });')).toBe(0);
    expect(await value('return query.count("alert", { where: { resolvedAt: { ne: null } } });')).toBe(await dbCount(alerts, sql`${alerts.resolvedAt} is not null`));
  });

  it('contains matches text case-insensitively and literally (no wildcards), on text fields only', async () => {
    const [one] = await t.app.services.db.select({ name: assets.name }).from(assets).limit(1);
    const part = (one?.name as string).slice(1, 4).toUpperCase();
    const names = await value<string[]>(`return query.list("asset", { where: { name: { contains: ${JSON.stringify(part)} } }, fields: ["name"] }).map((a) => a.name);`);
    expect(names).toContain(one?.name);
    for (const name of names) expect(name.toUpperCase()).toContain(part);
    expect(await value('return query.count("asset", { where: { name: { contains: "%" } } });')).toBe(
      Number((await t.app.services.db.select({ n: count() }).from(assets).where(sql`strpos(${assets.name}, '%') > 0`))[0]?.n),
    );
    expect(await value('return query.count("asset", { where: { name: { contains: "_" } } });')).toBe(
      Number((await t.app.services.db.select({ n: count() }).from(assets).where(sql`strpos(${assets.name}, '_') > 0`))[0]?.n),
    );
    expect(await errorOf('return query.count("inspection", { where: { timestamp: { contains: "1" } } });')).toMatch(/'contains' applies to text fields only/);
  });

  it('matches a list field (asset tags) by one value', async () => {
    const [tagged] = await t.app.services.db.select({ tags: assets.tags }).from(assets).where(sql`cardinality(${assets.tags}) > 0`).limit(1);
    const tag = tagged?.tags[0] as string;
    const names = await value<string[]>(`return query.list("asset", { where: { tags: ${JSON.stringify(tag)} } }).map((a) => a.tags);`);
    expect(names.length).toBeGreaterThan(0);
    for (const tags of names) expect(tags).toContain(tag);
  });

  it('groups by a field with counts, largest first', async () => {
    const groups = await value<{ key: string; count: number }[]>('return query.groupBy("alert", { by: "level", count: true });');
    expect(groups.length).toBeGreaterThan(0);
    expect(groups.reduce((sum, g) => sum + g.count, 0)).toBe(await dbCount(alerts));
    const counts = groups.map((g) => g.count);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
    const open = await value<{ key: string; count: number }[]>('return query.groupBy("alert", { by: "asset", where: { resolvedAt: null } });');
    expect(open.reduce((sum, g) => sum + g.count, 0)).toBe(await dbCount(alerts, isNull(alerts.resolvedAt)));
  });

  it('names the unknown entity, field, operator or option', async () => {
    expect(await errorOf('return query.list("workorders");')).toMatch(/unknown entity 'workorders'/);
    expect(await errorOf('return query.list("inspection", { fields: ["records2"] });')).toMatch(/unknown field 'records2' of entity 'inspection'/);
    expect(await errorOf('return query.list("inspection", { where: { timestamp: { like: 1 } } });')).toMatch(/unknown operator 'like'/);
    expect(await errorOf('return query.list("inspection", { orderBy: ["-nope"] });')).toMatch(/unknown field 'nope'/);
    expect(await errorOf('return query.list("inspection", { sort: ["timestamp"] });')).toMatch(/unknown option 'sort'/);
    expect(await errorOf('return query.count("inspection", { where: { timestamp: "yesterday" } });')).toMatch(/inspection.timestamp must be compared with a number/);
    expect(await errorOf('return query.groupBy("inspection", { by: "attributeData" });')).toMatch(/cannot group by inspection.attributeData/);
    expect(await errorOf('return query.list("role", { fields: ["permissions"] });')).toMatch(/unknown field 'permissions' of entity 'role'/);
  });

  it('lets a script catch a query error and go on', async () => {
    expect(await value('try { query.list("nope"); } catch (e) { return "caught: " + e.message; }')).toMatch(/^caught: query.list: unknown entity 'nope'/);
  });
});
