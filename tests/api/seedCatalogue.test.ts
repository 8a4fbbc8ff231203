import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './helpers/testApp';
import { alertLevels, assets, attributes, checklists } from '../../server/db/schema';
import { seedDatabase } from '../../server/seed/seed';
import { thresholdProblem } from '../../server/modules/checklists/thresholdValue';
import { ATTRIBUTE_TYPES, attributeSchema, hasOptions } from '../../common/resources/attribute';
import { THRESHOLD_OPERATIONS, checklistSchema } from '../../common/resources/checklist';
import { assetSchema } from '../../common/resources/asset';

/** A stored row as a client would send it back: without the fields the server keeps for itself. */
function body<T extends Record<string, unknown>>(row: T): Omit<T, '_id' | 'createdAt' | 'updatedAt' | 'archivedAt'> {
  const { _id: _ignoredId, createdAt: _ignoredCreated, updatedAt: _ignoredUpdated, archivedAt: _ignoredArchived, ...rest } = row;
  return rest;
}

async function catalogueCounts(t: TestApp) {
  const { db } = t.app.services;
  return {
    attributes: (await db.select({ _id: attributes._id }).from(attributes)).length,
    checklists: (await db.select({ _id: checklists._id }).from(checklists)).length,
    assets: (await db.select({ _id: assets._id }).from(assets)).length,
  };
}

describe('demo catalogue seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds attributes of every type, each valid for its schema', async () => {
    const rows = await t.app.services.db.select().from(attributes);
    expect(new Set(rows.map((a) => a.type))).toEqual(new Set(ATTRIBUTE_TYPES));
    for (const row of rows) {
      expect(() => attributeSchema.validateSync(body(row), { strict: true }), row.name).not.toThrow();
      expect(row.technicalName, row.name).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
      // Options only for select, radio and color, and those always have some.
      expect(row.options.values.length > 0, row.name).toBe(hasOptions(row.type));
    }
    expect(new Set(rows.map((a) => a.technicalName)).size).toBe(rows.length);
    expect(rows.some((a) => a.isMandatory)).toBe(true);
    expect(rows.some((a) => !a.isMandatory)).toBe(true);
    expect(rows.some((a) => a.allowComment)).toBe(true);
  });

  it('seeds valid checklists whose items, thresholds, levels and groups fit their attributes', async () => {
    const { db } = t.app.services;
    const rows = await db.select().from(checklists);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.length).toBeLessThanOrEqual(6);
    const byId = new Map((await db.select().from(attributes)).map((a) => [a._id, a]));
    const levelIds = new Set((await db.select({ _id: alertLevels._id }).from(alertLevels)).map((l) => l._id));
    const operations = new Set<string>();
    let withLevel = 0;
    let withoutLevel = 0;
    for (const row of rows) {
      expect(() => checklistSchema.validateSync(body(row), { strict: true }), row.name).not.toThrow();
      expect(row.frequency, row.name).not.toBe('');
      expect(row.checklistItems.map((i) => i.sequenceId).sort((a, b) => a - b)).toEqual(row.checklistItems.map((_, i) => i + 1));
      const itemAttributes = new Set(row.checklistItems.map((i) => i.attribute));
      expect(itemAttributes.size, `${row.name}: each attribute once`).toBe(row.checklistItems.length);
      for (const item of row.checklistItems) {
        const attribute = byId.get(item.attribute);
        expect(attribute, `${row.name}: item attribute ${item.attribute}`).toBeDefined();
        if (!attribute || !item.threshold) continue;
        operations.add(item.threshold.operation);
        expect(thresholdProblem(attribute, item.threshold.value), `${row.name}: ${attribute.name}`).toBeNull();
        if (item.threshold.level) {
          withLevel++;
          expect(levelIds.has(item.threshold.level), `${row.name}: level of ${attribute.name}`).toBe(true);
        } else {
          withoutLevel++;
        }
      }
      for (const group of row.groups) {
        for (const id of group.attributes) expect(itemAttributes.has(id), `${row.name} / ${group.name}`).toBe(true);
      }
    }
    expect(operations).toEqual(new Set(THRESHOLD_OPERATIONS));
    expect(withLevel).toBeGreaterThan(0);
    expect(withoutLevel).toBeGreaterThan(0);
    expect(rows.some((c) => c.checklistItems.some((i) => i.showMandatoryIndicator))).toBe(true);
    expect(rows.some((c) => c.groups.length > 0)).toBe(true);
  });

  it('seeds valid assets on existing checklists, some sharing one identification', async () => {
    const { db } = t.app.services;
    const rows = await db.select().from(assets);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const checklistIds = new Set((await db.select({ _id: checklists._id }).from(checklists)).map((c) => c._id));
    for (const row of rows) {
      expect(() => assetSchema.validateSync(body(row), { strict: true }), row.name).not.toThrow();
      expect(row.identification, row.name).not.toBe('');
      expect(row.tags.length, row.name).toBeGreaterThan(0);
      expect(row.checklists.length, row.name).toBeGreaterThan(0);
      for (const id of row.checklists) expect(checklistIds.has(id), row.name).toBe(true);
      for (const option of row.checklistOptions) for (const id of option.checklistIds) expect(row.checklists, row.name).toContain(id);
      expect(row.staticAttributes.map((s) => s.name), row.name).toEqual(['Manufacturer', 'Model', 'Serial number', 'Location']);
    }
    const perIdentification = new Map<string, number>();
    for (const row of rows) perIdentification.set(row.identification, (perIdentification.get(row.identification) ?? 0) + 1);
    expect([...perIdentification.values()].some((n) => n >= 2)).toBe(true);
    expect(rows.some((a) => a.checklistOptions.length > 0)).toBe(true);
    expect(rows.some((a) => a.message.startsWith('<p>'))).toBe(true);
  });

  it('serves the catalogue through the asset list', async () => {
    const response = await t.request({ method: 'GET', url: '/api/asset?fields=name,identification,tags,checklists', as: 'admin' });
    expect(response.statusCode).toBe(200);
    const list = response.json() as Record<string, unknown>[];
    expect(list.length).toBe((await catalogueCounts(t)).assets);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['_id', 'checklists', 'identification', 'name', 'tags']);
  });

  it('holds records the API itself accepts (references, thresholds, groups)', async () => {
    const { db } = t.app.services;
    for (const [entity, rows] of [
      ['attribute', await db.select().from(attributes)],
      ['checklist', await db.select().from(checklists)],
      ['asset', await db.select().from(assets)],
    ] as const) {
      for (const row of rows) {
        const response = await t.request({ method: 'PUT', url: `/api/${entity}/${row._id}`, payload: body(row), as: 'admin' });
        expect(response.statusCode, `${entity} ${row.name}: ${response.body}`).toBe(200);
      }
    }
  });

  it('adds nothing on a later start, and keeps what administrators removed removed', async () => {
    const before = await catalogueCounts(t);
    await seedDatabase(t.app.services.db, t.config);
    expect(await catalogueCounts(t)).toEqual(before);

    const { db } = t.app.services;
    const [gone] = await db.select({ _id: assets._id }).from(assets).limit(1);
    await db.delete(assets).where(eq(assets._id, gone?._id ?? ''));
    await seedDatabase(db, t.config);
    expect(await catalogueCounts(t)).toEqual({ ...before, assets: before.assets - 1 });
  });
});

describe('production seed', () => {
  it('seeds no catalogue', async () => {
    const t = await createTestApp({ seed: 'production', adminPassword: 'x'.repeat(12), production: true });
    try {
      expect(await catalogueCounts(t)).toEqual({ attributes: 0, checklists: 0, assets: 0 });
    } finally {
      await t.close();
    }
  });
});
