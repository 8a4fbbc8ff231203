import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { alertLevels, assets, attributes, checklists } from '../../db/schema';
import type { InvalidationBus } from '../../realtime/invalidationBus';
import type { AlertLevelRow } from './thresholdAlerts';

/** Published on the invalidation bus when an asset, checklist, attribute or alert level changes. */
export const CATALOGUE_KEY = 'catalogue:*';

const TTL_MS = 30_000;
const MAX_ASSETS = 5000;

type ChecklistRow = typeof checklists.$inferSelect;
type AttributeRow = typeof attributes.$inferSelect;

/** What a submit validates against: the asset, its checklists and their items' attributes. */
export interface AssetCatalogue {
  /** archivedAt: an archived asset, or checklist, takes no new inspections. */
  asset: { _id: string; name: string; checklists: string[]; archivedAt: number | null };
  checklists: ReadonlyMap<string, ChecklistRow>;
  attributes: ReadonlyMap<string, AttributeRow>;
}

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

async function loadAsset(db: Database, assetId: string): Promise<AssetCatalogue | null> {
  const [asset] = await db.select({ _id: assets._id, name: assets.name, checklists: assets.checklists, archivedAt: assets.archivedAt }).from(assets).where(eq(assets._id, assetId));
  if (!asset) return null;
  const checklistRows = asset.checklists.length ? await db.select().from(checklists).where(inArray(checklists._id, asset.checklists)) : [];
  const attributeIds = [...new Set(checklistRows.flatMap((c) => c.checklistItems.map((i) => i.attribute)))];
  const attributeRows = attributeIds.length ? await db.select().from(attributes).where(inArray(attributes._id, attributeIds)) : [];
  return {
    asset,
    checklists: new Map(checklistRows.map((c) => [c._id, c])),
    attributes: new Map(attributeRows.map((a) => [a._id, a])),
  };
}

/**
 * The catalogue a submit needs, kept per process. A submit would otherwise read asset, checklists,
 * attributes and alert levels each time — four statements, about half of its database time on the
 * embedded database. Any write to those entities publishes CATALOGUE_KEY on the invalidation bus
 * (Redis with REDIS_URL), so every process drops its copy at once; the TTL is a safety net.
 */
export function createCatalogueCache(db: Database, bus: InvalidationBus) {
  let byAsset = new Map<string, Entry<AssetCatalogue | null>>();
  let levels: Entry<AlertLevelRow[]> | null = null;
  const fresh = (entry: Entry<unknown> | null | undefined): boolean => Boolean(entry && Date.now() - entry.at < TTL_MS);
  const clear = () => {
    byAsset = new Map();
    levels = null;
  };
  bus.subscribe((key) => {
    if (key === CATALOGUE_KEY) clear();
  });
  // A failed read is not kept: the next submit asks the database again.
  const remember = <T>(store: (entry: Entry<T> | null) => void, value: Promise<T>): Promise<T> => {
    const entry = { at: Date.now(), value };
    store(entry);
    value.catch(() => store(null));
    return value;
  };

  return {
    asset(assetId: string): Promise<AssetCatalogue | null> {
      const hit = byAsset.get(assetId);
      if (fresh(hit)) return (hit as Entry<AssetCatalogue | null>).value;
      if (byAsset.size >= MAX_ASSETS) byAsset = new Map();
      const map = byAsset;
      return remember((entry) => (entry ? map.set(assetId, entry) : map.delete(assetId)), loadAsset(db, assetId));
    },
    /** Most severe first. */
    alertLevels(): Promise<AlertLevelRow[]> {
      if (fresh(levels)) return (levels as Entry<AlertLevelRow[]>).value;
      // `.then`: a Drizzle query is a builder that runs again each time it is awaited; the promise
      // of its one run is what is kept (kept as the builder, every submit read the levels again).
      return remember((entry) => (levels = entry), db.select().from(alertLevels).orderBy(asc(alertLevels.rank)).then((rows) => rows));
    },
    /** After a write to assets, checklists, attributes or alert levels, in this process or another. */
    invalidate() {
      bus.publish(CATALOGUE_KEY);
    },
  };
}

export type CatalogueCache = ReturnType<typeof createCatalogueCache>;
