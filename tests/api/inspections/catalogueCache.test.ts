import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { alertLevels } from '../../../server/db/schema';
import { newId } from '../../../server/db/ids';

/**
 * The catalogue a submit validates against is kept per process (server/modules/inspections/
 * catalogueCache.ts): a submit reads neither the asset's catalogue nor the alert levels from the
 * database while its copy is fresh (issue 39 §8: the levels were read on every submit).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('the catalogue cache', () => {
  it('keeps the alert levels it read: a level added behind its back shows only once the cache is invalidated', async () => {
    const catalogue = t.app.services.catalogue;
    const first = await catalogue.alertLevels();
    expect(first.length).toBeGreaterThan(0);
    const _id = newId();
    await t.app.services.db.insert(alertLevels).values({ _id, name: 'Cache probe', color: '#123456', technicalName: 'cache_probe', rank: 99 });
    try {
      expect(await catalogue.alertLevels()).toEqual(first);
      expect(await catalogue.alertLevels()).toEqual(first);
      catalogue.invalidate();
      expect((await catalogue.alertLevels()).map((level) => level.technicalName)).toContain('cache_probe');
    } finally {
      await t.app.services.db.delete(alertLevels).where(eq(alertLevels._id, _id));
      catalogue.invalidate();
    }
  });
});
