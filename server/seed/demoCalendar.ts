import { count } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { calendarEntries, configEntries } from '../db/schema';
import { bulkInsert } from '../db/jsonRecords';
import { seededRandom, type SeededRandom } from './seededRandom';
import { CALENDAR_CONFIG_KEY, CALENDAR_ENTRY_TYPES_KEY, type CalendarEntryType } from '../../common/resources/calendarConfig';

/**
 * The configurable calendar's setup (DESIGN §12, issue 17): its entry types and config as config
 * entries an administrator edits in Configuration, on every start when missing (never
 * overwriting an edit); on the embedded demo a config for the demo plant and entries over the
 * demo period. docs/schedules-calendar.md describes both.
 */

export const CALENDAR_ENTRY_TYPES: readonly CalendarEntryType[] = [
  { _id: 'shutdown', name: 'Shutdown', color: '#e53935' },
  { _id: 'contractor-visit', name: 'Contractor visit', color: '#fb8c00' },
  { _id: 'permit-to-work', name: 'Permit to work', color: '#8e24aa' },
  { _id: 'training', name: 'Training', color: '#00897b' },
];

/** The calendar action (docs/scripts.md "Table actions" globals): counts the entries on screen by type. */
const SUMMARY_SCRIPT = [
  '// The entries on screen (rows), counted by type, with the days of plant shut down.',
  "const types = await http.get('/calendarEntryType');",
  'const nameOf = {};',
  'for (const type of types) nameOf[type._id] = type.name;',
  'const counts = {};',
  'let shutdownDays = 0;',
  'for (const entry of rows) {',
  '  const name = nameOf[entry.type] || entry.type;',
  '  counts[name] = (counts[name] || 0) + 1;',
  "  if (entry.type === 'shutdown') shutdownDays += Math.max(1, Math.round((entry.end - entry.start) / 86400000));",
  '}',
  "const parts = Object.keys(counts).sort().map((name) => counts[name] + ' × ' + name);",
  'if (parts.length === 0) {',
  "  notify('No entries in this period', 'info');",
  '  return;',
  '}',
  "notify(rows.length + (rows.length === 1 ? ' entry: ' : ' entries: ') + parts.join(', ')",
  "  + (shutdownDays > 0 ? '; ' + shutdownDays + (shutdownDays === 1 ? ' day' : ' days') + ' of shutdown' : ''), 'info');",
].join('\n');

const SITES: Record<string, Record<string, string[]>> = {
  'Main campus': {
    'Building A': ['Plant room A1', 'Chiller hall', 'Main switch room'],
    'Building B': ['Plant room B1', 'Pump room', 'Lobby'],
  },
  'Riverside depot': {
    'Depot workshop': ['Workshop floor', 'Yard'],
  },
};
const DISCIPLINES = ['HVAC', 'Electrical', 'Plumbing', 'Fire safety', 'Mechanical'];

/** The demo's config: filters by site (default Main campus) and type; Site → Building → Room; one action. */
export const DEMO_CALENDAR_CONFIG = {
  filters: [
    { key: 'site', label: 'Site', defaultValue: 'Main campus' },
    { key: 'type', label: 'Type', defaultValue: '' },
  ],
  actionButtons: [{ label: 'Summarise period', clickFunctionName: 'summarisePeriod', functionBody: SUMMARY_SCRIPT }],
  legend: [],
  customFields: {
    definitions: [
      { key: 'site', label: 'Site', values: Object.keys(SITES) },
      { key: 'building', label: 'Building', dependsOn: 'site', dependentMappings: Object.fromEntries(Object.entries(SITES).map(([site, buildings]) => [site, Object.keys(buildings)])) },
      { key: 'room', label: 'Room', dependsOn: 'building', dependentMappings: Object.fromEntries(Object.values(SITES).flatMap((buildings) => Object.entries(buildings))) },
      { key: 'disciplines', label: 'Disciplines', multiSelect: true, values: DISCIPLINES },
      { key: 'contractor', label: 'Contractor' },
      { key: 'crewSize', label: 'Crew size', type: 'number' },
      { key: 'permitNumber', label: 'Permit number' },
    ],
    updateReadOnlyFields: ['permitNumber'],
  },
};

/** A plain config for a production start: the type filter, the legend from the types. */
export const DEFAULT_CALENDAR_CONFIG = {
  filters: [{ key: 'type', label: 'Type', defaultValue: '' }],
  actionButtons: [],
  legend: [],
  customFields: { definitions: [], updateReadOnlyFields: [] },
};

export async function ensureCalendarConfig(db: Database, demo: boolean): Promise<void> {
  await db
    .insert(configEntries)
    .values([
      {
        _id: newId(),
        key: CALENDAR_ENTRY_TYPES_KEY,
        description: 'Calendar entry types: a JSON list of {_id, name, color}',
        value: JSON.stringify(CALENDAR_ENTRY_TYPES, null, 2),
      },
      {
        _id: newId(),
        key: CALENDAR_CONFIG_KEY,
        description: 'Calendar config: filters, actionButtons, legend, customFields {definitions, updateReadOnlyFields} (docs/schedules-calendar.md)',
        value: JSON.stringify(demo ? DEMO_CALENDAR_CONFIG : DEFAULT_CALENDAR_CONFIG, null, 2),
      },
    ])
    .onConflictDoNothing();
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
const CALENDAR_SEED = 0x5eed_0017;
const PAST_DAYS = 90;
const AHEAD_DAYS = 60;

type EntryRow = typeof calendarEntries.$inferInsert;

interface Place {
  site: string;
  building: string;
  room: string;
}

function placeOf(random: SeededRandom, site = 'Main campus'): Place {
  const buildings = SITES[site] ?? {};
  const building = random.pick(Object.keys(buildings));
  return { site, building, room: random.pick(buildings[building] ?? []) };
}

const CONTRACTORS: readonly { name: string; discipline: string; work: string }[] = [
  { name: 'CoolAir Services', discipline: 'HVAC', work: 'chiller service' },
  { name: 'Volt Electrical', discipline: 'Electrical', work: 'thermographic survey' },
  { name: 'AquaFlow Plumbing', discipline: 'Plumbing', work: 'booster set maintenance' },
  { name: 'Sentinel Fire', discipline: 'Fire safety', work: 'extinguisher service' },
];
const PERMITS = ['Hot work', 'Electrical isolation', 'Confined space', 'Work at height'];
const COURSES = ['Fire warden training', 'Lockout/tagout refresher', 'Confined space refresher', 'First aid at work'];

/**
 * Entries from 90 days back to 60 ahead (UTC, from the start day): a shutdown every four weeks or
 * so, weekly contractor visits, permits to work (kept once issued: disableDelete), monthly
 * training. Pure apart from ids, from a fixed seed.
 */
export function buildDemoCalendarEntries(now: number): EntryRow[] {
  const random = seededRandom(CALENDAR_SEED);
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const rows: EntryRow[] = [];
  const add = (row: Omit<EntryRow, '_id' | 'createdAt' | 'updatedAt'>) => {
    const createdAt = Math.min(row.start - 7 * DAY_MS, now);
    rows.push({ _id: newId(), createdAt, updatedAt: createdAt, ...row });
  };
  for (let day = today - PAST_DAYS * DAY_MS; day <= today + AHEAD_DAYS * DAY_MS; day += DAY_MS) {
    const weekday = new Date(day).getUTCDay();
    const week = Math.floor((day - today) / (7 * DAY_MS));
    // Shutdowns start on a Saturday every fourth week; one ahead is the planned annual one.
    if (weekday === 6 && week % 4 === 0) {
      const place = placeOf(random, random.chance(0.2) ? 'Riverside depot' : 'Main campus');
      const days = random.int(1, 3);
      const annual = week === 4;
      add({
        name: annual ? 'Annual plant shutdown' : `${place.room} shutdown`,
        type: 'shutdown',
        start: day,
        end: day + days * DAY_MS - 1,
        timed: false,
        disableDelete: annual,
        customAttributes: { ...place, disciplines: [random.pick(DISCIPLINES), 'Mechanical'].filter((d, i, all) => all.indexOf(d) === i), crewSize: random.int(4, 12) },
      });
    }
    // A contractor on Tuesdays and Thursdays, most weeks.
    if ((weekday === 2 || weekday === 4) && random.chance(0.6)) {
      const contractor = random.pick(CONTRACTORS);
      const start = day + random.int(7, 10) * HOUR_MS;
      add({
        name: `${contractor.name}: ${contractor.work}`,
        type: 'contractor-visit',
        start,
        end: start + random.int(2, 6) * HOUR_MS,
        timed: true,
        disableDelete: false,
        customAttributes: { ...placeOf(random, random.chance(0.15) ? 'Riverside depot' : 'Main campus'), disciplines: [contractor.discipline], contractor: contractor.name, crewSize: random.int(1, 4) },
      });
    }
    // Permits to work on weekdays now and then; issued ones are kept (no delete).
    if (weekday >= 1 && weekday <= 5 && random.chance(0.3)) {
      const kind = random.pick(PERMITS);
      const place = placeOf(random);
      const number = `PTW-${String(1000 + rows.length).padStart(4, '0')}`;
      add({
        name: `${number} ${kind}: ${place.room}`,
        type: 'permit-to-work',
        start: day + 8 * HOUR_MS,
        end: day + 17 * HOUR_MS,
        timed: true,
        disableDelete: day <= today,
        customAttributes: { ...place, permitNumber: number, disciplines: [kind === 'Electrical isolation' ? 'Electrical' : random.pick(DISCIPLINES)] },
      });
    }
    // Training on the first Wednesday of the month.
    if (weekday === 3 && new Date(day).getUTCDate() <= 7) {
      const start = day + 13 * HOUR_MS;
      add({
        name: random.pick(COURSES),
        type: 'training',
        start,
        end: start + 2 * HOUR_MS,
        timed: true,
        disableDelete: false,
        customAttributes: { site: 'Main campus', building: 'Building A', room: 'Plant room A1', crewSize: random.int(6, 14) },
      });
    }
  }
  return rows;
}

/** The demo's entries, once, while the calendar holds none. */
export async function ensureDemoCalendarEntries(db: Database, now = Date.now()): Promise<void> {
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(calendarEntries);
  if (n > 0) return;
  await bulkInsert(db, calendarEntries, buildDemoCalendarEntries(now));
}
