import { asc, count, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { alertLevels, alerts, assets, attributes, checklists, inspectionSchedules, inspections, users } from '../db/schema';
import type { AttributeValue } from '../../common/resources/inspection';
import { raisedAlerts, type AlertLevelRow } from '../modules/inspections/thresholdAlerts';
import { createReadingModel, resolutionRemark, type ReadingAsset, type ReadingAttribute, type ReadingChecklist } from './demoReadings';
import { seededRandom, type SeededRandom } from './seededRandom';
import { bulkInsert } from '../db/jsonRecords';
import { cadenceOf, windowsOverlapping, type Cadence, type ScheduleWindow } from '../../common/resources/scheduleFrequency';

/**
 * Ninety days of inspections, alerts and inspection schedules behind the demo catalogue, so tables,
 * dashboards and calendars have a history on the first start (issue 4). Generated from a fixed seed
 * and placed relative to the start day (UTC), so every fresh demo shows "the last 90 days" and the
 * same story: daily rounds by the technician (sometimes the engineer), readings drifting around
 * normal with occasional excursions past the thresholds, alerts raised by the same rule as a
 * submission (`raisedAlerts`), older alerts resolved by the engineer, last week's mostly open,
 * weekly and monthly schedules completed by the inspections in their windows and a few overdue.
 * Image items stay empty: history holds no photos rather than ids of files that do not exist.
 */

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
export const HISTORY_DAYS = 90;
const SCHEDULE_DAYS_AHEAD = 30;
const HISTORY_SEED = 0x5eed_0004;

/** Inspections per asset and day for a checklist of this frequency: the plant's daily rounds. */
const DAILY_RATE: Record<string, number> = { daily: 3, weekly: 2, monthly: 1.1, quarterly: 0.4, yearly: 0.1 };
const DEFAULT_DAILY_RATE = 0.7;
/** Sunday … Saturday: rounds are thinner at weekends. */
const WEEKDAY_FACTOR = [0.3, 1.2, 1.2, 1.2, 1.2, 1.2, 0.6];
const ENGINEER_SHARE = 0.1;
/** A past schedule window nobody got to. */
const OVERDUE_SHARE = 0.12;
/**
 * Each building has a fault this recent, still open: excursions come by chance, and a week
 * without one would open the demo on dashboards with nothing in their default period.
 */
const RECENT_FAULT_DAYS = 3;
/** The demo catalogue's buildings are tags (server/seed/demoCatalogue.ts; the dashboards' Building filter). */
const BUILDING_TAG = /^Building\b/;

export interface HistoryCatalogue {
  assets: (ReadingAsset & { checklists: string[] })[];
  checklists: (ReadingChecklist & { frequency: string })[];
  attributes: ReadingAttribute[];
  /** Most severe first (rank order), as the submit reads them. */
  levels: AlertLevelRow[];
  technicianId: string;
  engineerId: string;
}

type InspectionRow = typeof inspections.$inferInsert & { _id: string; timestamp: number; asset: string; checklist: string; attributeData: AttributeValue[] };
type AlertRow = typeof alerts.$inferInsert;
type ScheduleRow = typeof inspectionSchedules.$inferInsert & { _id: string; inspections: string[] };

export interface DemoHistory {
  inspections: InspectionRow[];
  alerts: AlertRow[];
  schedules: ScheduleRow[];
}

const startOfDay = (time: number) => Math.floor(time / DAY_MS) * DAY_MS;

type Window = ScheduleWindow;

/** The planner's windows (common/resources/scheduleFrequency.ts): generated schedules continue these. */
const WEEKLY = cadenceOf('Weekly') as Cadence;
const MONTHLY = cadenceOf('Monthly') as Cadence;

/** Schedules for the weekly and monthly checklists of every asset; some past windows are left undone. */
function planSchedules(catalogue: HistoryCatalogue, random: SeededRandom, historyStart: number, now: number) {
  const horizon = startOfDay(now) + SCHEDULE_DAYS_AHEAD * DAY_MS;
  const checklistById = new Map(catalogue.checklists.map((c) => [c._id, c]));
  const schedules: ScheduleRow[] = [];
  const overdue = new Map<string, Window[]>();
  for (const asset of catalogue.assets) {
    for (const checklistId of asset.checklists) {
      const frequency = checklistById.get(checklistId)?.frequency.trim().toLowerCase();
      const windows = frequency === 'weekly' ? windowsOverlapping(WEEKLY, historyStart, horizon) : frequency === 'monthly' ? windowsOverlapping(MONTHLY, historyStart, horizon) : [];
      for (const window of windows) {
        const createdAt = Math.min(window.start - 14 * DAY_MS, now);
        schedules.push({ _id: newId(), asset: asset._id, checklists: [checklistId], start: window.start, end: window.end, inspections: [], createdAt, updatedAt: createdAt });
        if (window.end < now && random.chance(OVERDUE_SHARE)) {
          const key = `${asset._id}:${checklistId}`;
          overdue.set(key, [...(overdue.get(key) ?? []), window]);
        }
      }
    }
  }
  return { schedules, overdue };
}

/**
 * The history as rows, from the catalogue and the current time alone. Pure apart from the row ids,
 * so the same catalogue and day give the same readings, alerts and schedules.
 */
export function buildDemoHistory(catalogue: HistoryCatalogue, now: number): DemoHistory {
  const random = seededRandom(HISTORY_SEED);
  const readings = createReadingModel(random);
  const historyStart = startOfDay(now) - (HISTORY_DAYS - 1) * DAY_MS;
  const attributesById = new Map(catalogue.attributes.map((a) => [a._id, a]));
  const attributeNames = new Map(catalogue.attributes.map((a) => [a._id, a.name]));
  const technicalNames = new Map(catalogue.attributes.map((a) => [a._id, a.technicalName]));
  const checklistById = new Map(catalogue.checklists.map((c) => [c._id, c]));
  // Names are unique: a stable order, whatever order the database answered in.
  const orderedAssets = [...catalogue.assets].sort((a, b) => a.name.localeCompare(b.name));
  const { schedules, overdue } = planSchedules({ ...catalogue, assets: orderedAssets }, random, historyStart, now);
  const recentFaults = plannedFaults(orderedAssets, checklistById, random);
  const faultsFrom = now - RECENT_FAULT_DAYS * DAY_MS;

  const inspectionRows: InspectionRow[] = [];
  const alertRows: AlertRow[] = [];
  for (let day = historyStart; day <= now; day += DAY_MS) {
    const factor = WEEKDAY_FACTOR[new Date(day).getUTCDay()] ?? 1;
    const visits: { at: number; asset: (typeof orderedAssets)[number]; checklist: (typeof catalogue.checklists)[number] }[] = [];
    for (const asset of orderedAssets) {
      for (const checklistId of asset.checklists) {
        const checklist = checklistById.get(checklistId);
        if (!checklist) continue;
        const expected = (DAILY_RATE[checklist.frequency.trim().toLowerCase()] ?? DEFAULT_DAILY_RATE) * factor;
        const visitsToday = Math.floor(expected) + (random.chance(expected % 1) ? 1 : 0);
        for (let i = 0; i < visitsToday; i++) {
          // Day shift, 06:00–18:00 UTC, to the second.
          const at = day + Math.floor(random.between(6 * HOUR_MS, 18 * HOUR_MS) / 1000) * 1000;
          visits.push({ at, asset, checklist });
        }
      }
    }
    visits.sort((a, b) => a.at - b.at || a.asset.name.localeCompare(b.asset.name));
    for (const { at, asset, checklist } of visits) {
      if (at > now) continue;
      if (overdue.get(`${asset._id}:${checklist._id}`)?.some((w) => w.start <= at && at <= w.end)) continue;
      const planned = at > faultsFrom && recentFaults.has(asset._id);
      const reading = readings.read(asset, checklist, attributesById, at, planned);
      if (reading.attributeData.length === 0) continue;
      const inspection: InspectionRow = {
        _id: newId(),
        timestamp: at,
        user: random.chance(ENGINEER_SHARE) ? catalogue.engineerId : catalogue.technicianId,
        checklist: checklist._id,
        asset: asset._id,
        attributeData: reading.attributeData,
        attributeComments: reading.attributeComments,
        type: null,
        createdAt: at,
      };
      inspectionRows.push(inspection);
      const raisedHere = raisedAlerts(checklist.checklistItems, attributeNames, reading.values, catalogue.levels);
      // The planned fault waits for the engineer; without an alert here the asset's next round tries again.
      const plannedFault = planned && raisedHere.length > 0;
      if (plannedFault) recentFaults.delete(asset._id);
      for (const raised of raisedHere) {
        alertRows.push({
          _id: newId(),
          inspection: inspection._id,
          asset: asset._id,
          checklist: checklist._id,
          attribute: raised.attribute,
          level: raised.level._id,
          message: raised.message,
          timestamp: at,
          severityLevel: { text: raised.level.name, color: raised.level.color },
          type: null,
          createdAt: at,
          ...(plannedFault ? UNRESOLVED : resolution(random, at, now, catalogue.engineerId, technicalNames.get(raised.attribute) ?? '')),
        });
      }
    }
  }

  // DESIGN §5: an inspection completes every schedule of its asset whose window holds it.
  const byPair = new Map<string, InspectionRow[]>();
  for (const row of inspectionRows) {
    const key = `${row.asset}:${row.checklist}`;
    const rowsOfPair = byPair.get(key);
    if (rowsOfPair) rowsOfPair.push(row);
    else byPair.set(key, [row]);
  }
  for (const schedule of schedules) {
    const done = (schedule.checklists ?? [])
      .flatMap((checklist) => byPair.get(`${schedule.asset}:${checklist}`) ?? [])
      .filter((i) => schedule.start <= i.timestamp && i.timestamp <= schedule.end)
      .sort((a, b) => a.timestamp - b.timestamp);
    schedule.inspections = done.map((i) => i._id);
    const last = done[done.length - 1];
    if (last) schedule.updatedAt = Math.max(schedule.createdAt ?? 0, last.timestamp);
  }
  return { inspections: inspectionRows, alerts: alertRows, schedules };
}

/** One asset of each building, among those with a thresholded checklist item, for a recent fault. */
function plannedFaults(orderedAssets: HistoryCatalogue['assets'], checklistById: ReadonlyMap<string, HistoryCatalogue['checklists'][number]>, random: SeededRandom): Set<string> {
  const canAlert = (asset: HistoryCatalogue['assets'][number]) => asset.checklists.some((id) => checklistById.get(id)?.checklistItems.some((item) => item.threshold != null));
  const buildings = [...new Set(orderedAssets.flatMap((asset) => asset.tags.filter((tag) => BUILDING_TAG.test(tag))))].sort();
  const chosen = new Set<string>();
  for (const building of buildings) {
    const candidates = orderedAssets.filter((asset) => asset.tags.includes(building) && canAlert(asset));
    if (candidates.length > 0) chosen.add(random.pick(candidates)._id);
  }
  return chosen;
}

const UNRESOLVED = { remark: null, resolvedBy: null, resolvedAt: null };

/** Older alerts were mostly dealt with by the engineer; last week's are mostly still open. */
function resolution(random: SeededRandom, at: number, now: number, engineerId: string, technicalName: string) {
  const age = now - at;
  const resolved = age > 7 * DAY_MS ? random.chance(0.92) : age > 2 * HOUR_MS && random.chance(0.25);
  if (!resolved) return UNRESOLVED;
  const delay = Math.min(random.between(0.5 * HOUR_MS, 48 * HOUR_MS), age * random.between(0.2, 0.9));
  return { remark: resolutionRemark(random, technicalName), resolvedBy: engineerId, resolvedAt: Math.round(at + delay) };
}

async function loadCatalogue(db: Database): Promise<HistoryCatalogue | null> {
  const people = await db.select({ _id: users._id, username: users.username }).from(users).where(inArray(users.username, ['technician', 'engineer']));
  const technicianId = people.find((u) => u.username === 'technician')?._id;
  if (!technicianId) return null;
  const engineerId = people.find((u) => u.username === 'engineer')?._id ?? technicianId;
  const [assetRows, checklistRows, attributeRows, levels] = await Promise.all([
    db.select({ _id: assets._id, name: assets.name, tags: assets.tags, checklists: assets.checklists }).from(assets),
    db.select({ _id: checklists._id, name: checklists.name, frequency: checklists.frequency, checklistItems: checklists.checklistItems }).from(checklists),
    db
      .select({
        _id: attributes._id,
        name: attributes.name,
        technicalName: attributes.technicalName,
        type: attributes.type,
        options: attributes.options,
        isMandatory: attributes.isMandatory,
        allowComment: attributes.allowComment,
      })
      .from(attributes),
    db.select().from(alertLevels).orderBy(asc(alertLevels.rank)),
  ]);
  return { assets: assetRows, checklists: checklistRows, attributes: attributeRows, levels, technicianId, engineerId };
}

/**
 * Seeds the history when there are no inspections yet (a fresh demo, or one whose history was
 * never written); answers whether it did. One transaction: a crash leaves no inspections, so the
 * next start writes the whole history again.
 */
export async function ensureDemoHistory(db: Database, now = Date.now()): Promise<boolean> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(inspections);
  if (n > 0) return false;
  const catalogue = await loadCatalogue(db);
  if (!catalogue || catalogue.assets.length === 0) return false;
  const history = buildDemoHistory(catalogue, now);
  if (history.inspections.length === 0) return false;
  return db.transaction(async (tx) => {
    const [{ again } = { again: 0 }] = await tx.select({ again: count() }).from(inspections);
    if (again > 0) return false;
    await bulkInsert(tx, inspections, history.inspections);
    await bulkInsert(tx, alerts, history.alerts);
    await bulkInsert(tx, inspectionSchedules, history.schedules);
    return true;
  });
}
