import { eq, getTableColumns, isNull } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { assets } from '../../db/schema';
import type { InvalidationBus } from '../../realtime/invalidationBus';
import { CATALOGUE_KEY } from '../inspections/catalogueCache';
import { levelRules, type Direction, type LevelRule } from '../../../common/monitoring/alertRule';
import { measurementPoints, POINTS_CHANGED } from './measurementPoint.resource';
import { busCachedLoad } from './busCachedLoad';

/** A measurement point as readings need it: where it is, and its rules. */
export interface CataloguePoint {
  _id: string;
  asset: string;
  assetName: string;
  identification: string;
  key: string;
  name: string;
  unit: string;
  attribute: string | null;
  rules: LevelRule[];
  /** A counter serviced by its reading (common/monitoring/meter.ts): every this many units; null: not. */
  serviceEvery: number | null;
  /** What the service is, for the order's title ('' : the point's name). */
  serviceTask: string;
}

const numberOrNull = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * Every process's map of the measurement points of current assets, by topic (asset identification
 * and key), by id, and by asset and attribute (a technician's value of a mapped attribute). Loaded
 * once, dropped when a point or an asset changes (POINTS_CHANGED, CATALOGUE_KEY).
 */
export function createPointCatalogue(db: Database, bus: InvalidationBus) {

  async function load() {
    const rows = await db
      .select({ point: measurementPoints, assetName: assets.name, identification: assets.identification })
      .from(measurementPoints)
      .innerJoin(assets, eq(assets._id, (getTableColumns(measurementPoints) as unknown as Record<'asset', PgColumn>).asset))
      .where(isNull(assets.archivedAt));
    const byTopic = new Map<string, CataloguePoint[]>();
    const byId = new Map<string, CataloguePoint>();
    const byAttribute = new Map<string, CataloguePoint[]>();
    for (const { point, assetName, identification } of rows) {
      const row = point as unknown as Record<string, unknown>;
      const entry: CataloguePoint = {
        _id: row._id as string,
        asset: row.asset as string,
        assetName,
        identification,
        key: row.key as string,
        name: row.name as string,
        unit: (row.unit as string) ?? '',
        attribute: (row.attribute as string | null) ?? null,
        rules: levelRules({
          direction: row.direction as Direction,
          warning: numberOrNull(row.warning),
          critical: numberOrNull(row.critical),
          deadband: numberOrNull(row.deadband),
          minDurationSeconds: numberOrNull(row.minDurationSeconds),
        }),
        serviceEvery: row.kind === 'counter' ? numberOrNull(row.serviceEvery) : null,
        serviceTask: (row.serviceTask as string | null) ?? '',
      };
      const topic = `${identification}\n${entry.key}`;
      byTopic.set(topic, [...(byTopic.get(topic) ?? []), entry]);
      byId.set(entry._id, entry);
      if (entry.attribute) {
        const id = `${entry.asset}\n${entry.attribute}`;
        byAttribute.set(id, [...(byAttribute.get(id) ?? []), entry]);
      }
    }
    return { byTopic, byId, byAttribute, mappingAssets: new Set([...byAttribute.values()].flatMap((mapped) => mapped.map((point) => point.asset))) };
  }

  const points = busCachedLoad(bus, [POINTS_CHANGED, CATALOGUE_KEY], load);

  return {
    /**
     * The point an asset identification and a point key name (a topic's last two levels). Assets may
     * share an identification (a skid's label): the key must then name a point of one of them only —
     * two such points are ambiguous, and a reading of them is refused as naming no point.
     */
    async byTopic(identification: string, key: string): Promise<CataloguePoint | null> {
      const found = (await points()).byTopic.get(`${identification}\n${key}`) ?? [];
      return found.length === 1 ? (found[0] as CataloguePoint) : null;
    },
    async byId(id: string): Promise<CataloguePoint | null> {
      return (await points()).byId.get(id) ?? null;
    },
    /** The points that map an attribute of an asset (a technician's value lands on their history). */
    async byAttribute(assetId: string, attributeId: string): Promise<readonly CataloguePoint[]> {
      return (await points()).byAttribute.get(`${assetId}\n${attributeId}`) ?? [];
    },
    /** Whether any point maps an attribute of the asset: a submit for an asset without one asks nothing more. */
    async mapsAttributesOf(assetId: string): Promise<boolean> {
      return (await points()).mappingAssets.has(assetId);
    },
  };
}

export type PointCatalogue = ReturnType<typeof createPointCatalogue>;
