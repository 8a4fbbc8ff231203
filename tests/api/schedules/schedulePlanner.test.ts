import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok, type Doc } from '../administration/adminApi';
import { inspectionSchedules, inspections, jobRuns } from '../../../server/db/schema';
import { planSchedules } from '../../../server/modules/inspectionSchedules/schedulePlanner';

/**
 * Schedules that plan themselves (issue 17, docs/schedules-calendar.md): a checklist's frequency
 * keeps the next 8 weeks planned for every asset carrying it — never twice, never over a window a
 * person scheduled, never touching what an engineer edited. The windows expected are written out
 * from a calendar: 2031-01-15 is a Wednesday; 8 weeks on is 2031-03-12; weeks run Monday to Sunday.
 */
const NOW = Date.parse('2031-01-15T10:00:00Z');
const DAY = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const window = (first: string, next: string) => ({ start: utc(first), end: utc(next) - 1 });

const WEEKLY = [
  window('2031-01-13', '2031-01-20'),
  window('2031-01-20', '2031-01-27'),
  window('2031-01-27', '2031-02-03'),
  window('2031-02-03', '2031-02-10'),
  window('2031-02-10', '2031-02-17'),
  window('2031-02-17', '2031-02-24'),
  window('2031-02-24', '2031-03-03'),
  window('2031-03-03', '2031-03-10'),
  window('2031-03-10', '2031-03-17'),
];
const MONTHLY = [window('2031-01-01', '2031-02-01'), window('2031-02-01', '2031-03-01'), window('2031-03-01', '2031-04-01')];
const EVERY_2_WEEKS = [
  window('2031-01-13', '2031-01-27'),
  window('2031-01-27', '2031-02-10'),
  window('2031-02-10', '2031-02-24'),
  window('2031-02-24', '2031-03-10'),
  window('2031-03-10', '2031-03-24'),
];
const EVERY_10_DAYS = [
  window('2031-01-11', '2031-01-21'),
  window('2031-01-21', '2031-01-31'),
  window('2031-01-31', '2031-02-10'),
  window('2031-02-10', '2031-02-20'),
  window('2031-02-20', '2031-03-02'),
  window('2031-03-02', '2031-03-12'),
  window('2031-03-12', '2031-03-22'),
];
const QUARTER = [window('2031-01-01', '2031-04-01')];
const YEAR = [window('2031-01-01', '2032-01-01')];

let t: TestApp;
let api: ReturnType<typeof adminApi>;
const checklist: Record<string, Doc> = {};

beforeAll(async () => {
  // The planner is called with a fixed `now`; the scheduler's own ticks stay off.
  t = await createTestApp({ jobsEnabled: false });
  api = adminApi(t);
  const frequencies = {
    weekly: 'Weekly',
    monthly: 'monthly',
    twoWeeks: 'Every 2 weeks',
    tenDays: 'every 10 days',
    quarter: 'every 3 months',
    yearly: 'YEARLY',
    daily: 'Daily',
    none: '',
  };
  for (const [key, frequency] of Object.entries(frequencies)) checklist[key] = await api.create('checklist', { name: `Pl ${key}`, frequency });
});
afterAll(() => t?.close());

const db = () => t.app.services.db;
const plan = (now = NOW) => planSchedules(db(), now);
const ids = (...keys: string[]) => keys.map((key) => checklist[key]!._id as string);

async function asset(name: string, checklistKeys: string[]): Promise<string> {
  return (await api.create('asset', { name, identification: `PL-${name}`, checklists: ids(...checklistKeys) }))._id as string;
}

/** The schedules of an asset, by checklist key, as windows in time order. */
async function schedulesOf(assetId: string) {
  return db().select().from(inspectionSchedules).where(eq(inspectionSchedules.asset, assetId)).orderBy(inspectionSchedules.start);
}
async function windowsOf(assetId: string, key: string) {
  return (await schedulesOf(assetId)).filter((s) => s.checklists.includes(checklist[key]!._id as string)).map((s) => ({ start: s.start, end: s.end }));
}

describe('planning', () => {
  it('plans one schedule per window of the next 8 weeks for every frequency that reads as a cadence', async () => {
    const pump = await asset('Pl pump', ['weekly', 'monthly', 'twoWeeks', 'tenDays', 'quarter', 'yearly', 'daily', 'none']);
    const outcome = await plan();
    expect(await windowsOf(pump, 'weekly')).toEqual(WEEKLY);
    expect(await windowsOf(pump, 'monthly')).toEqual(MONTHLY);
    expect(await windowsOf(pump, 'twoWeeks')).toEqual(EVERY_2_WEEKS);
    expect(await windowsOf(pump, 'tenDays')).toEqual(EVERY_10_DAYS);
    expect(await windowsOf(pump, 'quarter')).toEqual(QUARTER);
    expect(await windowsOf(pump, 'yearly')).toEqual(YEAR);
    expect(await windowsOf(pump, 'daily')).toEqual([]);
    expect(await windowsOf(pump, 'none')).toEqual([]);
    const made = await schedulesOf(pump);
    expect(made).toHaveLength(9 + 3 + 5 + 7 + 1 + 1);
    for (const schedule of made) expect(schedule).toMatchObject({ generated: true, edited: false, inspections: [] });
    for (const schedule of made) expect(schedule.checklists).toHaveLength(1);
    expect(outcome.planned).toEqual(expect.arrayContaining(made.map((s) => s._id)));
    // What GET shows: the same schedules, marked generated.
    const shown = ok(await t.request({ method: 'GET', url: `/api/inspectionSchedule?start=${utc('2031-02-01')}&end=${utc('2031-03-01') - 1}`, as: 'engineer' }));
    expect(shown.filter((s: Doc) => s.asset === pump).every((s: Doc) => s.generated === true && s.assetName === 'Pl pump')).toBe(true);
  });

  it('plans nothing twice: a second run adds nothing, a week later only the new week at the far end', async () => {
    const fan = await asset('Pl fan', ['weekly']);
    await plan();
    const first = await schedulesOf(fan);
    expect((await plan()).planned).toEqual([]);
    expect(await schedulesOf(fan)).toEqual(first);
    await plan(NOW + 7 * DAY);
    expect(await windowsOf(fan, 'weekly')).toEqual([...WEEKLY, window('2031-03-17', '2031-03-24')]);
  });

  it("leaves a window a person already scheduled to them, dates picked in a browser's own time zone included", async () => {
    const valve = await asset('Pl valve', ['weekly', 'monthly']);
    // Monday to Friday of the week of 2031-01-27, picked in UTC+2 (start of day, end of day).
    const week = ok(await t.request({ method: 'POST', url: '/api/inspectionSchedule', as: 'engineer', payload: { assetId: valve, checklistIds: ids('weekly', 'monthly'), start: utc('2031-01-27') - 2 * 3_600_000, end: utc('2031-02-01') - 2 * 3_600_000 - 1 } }));
    await plan();
    const weekly = await windowsOf(valve, 'weekly');
    expect(weekly.filter((w) => w.start === week.start)).toHaveLength(1);
    expect(weekly).toEqual(WEEKLY.map((w) => (w.start === utc('2031-01-27') ? { start: week.start, end: week.end } : w)));
    // It holds the monthly checklist too, inside January: it is January's monthly schedule as well.
    expect((await windowsOf(valve, 'monthly')).filter((w) => w.start !== week.start)).toEqual(MONTHLY.slice(1));
  });

  it('never touches a schedule an engineer edited, and does not plan its window again; a deleted one stays deleted', async () => {
    const motor = await asset('Pl motor', ['weekly']);
    await plan();
    const [first, second] = await schedulesOf(motor);
    // Dragged one day later, as the calendar does.
    ok(await t.request({ method: 'PUT', url: `/api/inspectionSchedule/${first!._id}`, as: 'engineer', payload: { assetId: motor, checklistIds: ids('weekly'), start: first!.start + DAY, end: first!.end + DAY } }));
    ok(await t.request({ method: 'DELETE', url: `/api/inspectionSchedule/${second!._id}`, as: 'engineer' }));
    await plan();
    await plan(NOW + DAY);
    const after = await schedulesOf(motor);
    expect(after.find((s) => s._id === first!._id)).toMatchObject({ start: first!.start + DAY, end: first!.end + DAY, edited: true, generated: true });
    expect(after.map((s) => s.start)).not.toContain(first!.start);
    expect(after.map((s) => s.start)).not.toContain(second!.start);
    expect(after).toHaveLength(WEEKLY.length - 1);
  });

  it('takes the inspections already made in a window that has begun', async () => {
    const extinguisher = await asset('Pl extinguisher', ['yearly']);
    const done = { _id: 'pl-inspection-1', timestamp: utc('2031-01-03'), user: 'someone', checklist: checklist.yearly!._id as string, asset: extinguisher };
    await db().insert(inspections).values([done, { ...done, _id: 'pl-inspection-2', timestamp: utc('2030-12-30') }]);
    await plan();
    const [year] = await schedulesOf(extinguisher);
    expect(year).toMatchObject({ start: utc('2031-01-01'), inspections: ['pl-inspection-1'] });
  });
});

describe('when the plan changes', () => {
  it('removes the untouched future schedules a new frequency no longer holds, keeping edited ones, started ones and ones holding inspections', async () => {
    const changing = await api.create('checklist', { name: 'Pl changing', frequency: 'Weekly' });
    const boiler = (await api.create('asset', { name: 'Pl boiler', identification: 'PL-BOILER', checklists: [changing._id] }))._id as string;
    await plan();
    const weekly = await schedulesOf(boiler);
    expect(weekly.map((s) => ({ start: s.start, end: s.end }))).toEqual(WEEKLY);
    const [current, , third, fourth] = weekly;
    ok(await t.request({ method: 'PUT', url: `/api/inspectionSchedule/${third!._id}`, as: 'engineer', payload: { assetId: boiler, checklistIds: [changing._id], start: third!.start, end: third!.end + DAY } }));
    await db().update(inspectionSchedules).set({ inspections: ['pl-early-inspection'] }).where(eq(inspectionSchedules._id, fourth!._id));

    ok(await t.request({ method: 'PUT', url: `/api/checklist/${changing._id}`, as: 'admin', payload: { frequency: 'Monthly' } }));
    const outcome = await plan();
    const kept = new Set([current!._id, third!._id, fourth!._id]);
    expect(outcome.removed.sort()).toEqual(weekly.filter((s) => !kept.has(s._id)).map((s) => s._id).sort());
    const after = await schedulesOf(boiler);
    expect(after.filter((s) => kept.has(s._id))).toHaveLength(3);
    expect(after.filter((s) => !kept.has(s._id)).map((s) => ({ start: s.start, end: s.end }))).toEqual(MONTHLY);

    // Back to weekly: the removed weeks are planned again, the kept ones are not doubled.
    ok(await t.request({ method: 'PUT', url: `/api/checklist/${changing._id}`, as: 'admin', payload: { frequency: 'weekly' } }));
    await plan();
    const again = (await schedulesOf(boiler)).filter((s) => s.end - s.start < 8 * DAY);
    expect(again.filter((s) => !kept.has(s._id)).map((s) => s.start).sort((a, b) => a - b)).toEqual(WEEKLY.filter((w) => ![current, third, fourth].some((k) => k!.start === w.start)).map((w) => w.start));
  });

  it('plans nothing more for an archived asset and removes its untouched future schedules', async () => {
    const tank = await asset('Pl tank', ['weekly']);
    await plan();
    expect(await schedulesOf(tank)).toHaveLength(WEEKLY.length);
    // A schedule holding history makes DELETE archive the asset.
    const [current] = await schedulesOf(tank);
    await db().update(inspectionSchedules).set({ inspections: ['pl-tank-inspection'] }).where(eq(inspectionSchedules._id, current!._id));
    expect(ok(await api.del(`/asset/${tank}`))).toMatchObject({ archived: true });
    await plan();
    expect((await schedulesOf(tank)).map((s) => s._id)).toEqual([current!._id]);
  });
});

describe('the system job', () => {
  it('runs hourly at minute 7 (UTC) once per tick, and at start through runSystemNow', async () => {
    const drum = await asset('Pl drum', ['weekly']);
    const tick = Date.UTC(2031, 0, 15, 9, 7);
    await t.app.jobs.runTick(Date.UTC(2031, 0, 15, 9, 6));
    expect(await schedulesOf(drum)).toEqual([]);
    const [run] = await t.app.jobs.runTick(tick);
    expect(run).toMatchObject({ job: 'system:schedule-planner', tick, outcome: 'ok' });
    expect(run!.summary).toMatchObject({ plannedSchedules: expect.any(Number), removedSchedules: expect.any(Number) });
    expect(await windowsOf(drum, 'weekly')).toEqual(WEEKLY);
    expect(await t.app.jobs.runTick(tick)).toEqual([]);
    const runs = await db().select().from(jobRuns).where(and(eq(jobRuns.job, 'system:schedule-planner'), inArray(jobRuns.tick, [tick])));
    expect(runs).toHaveLength(1);

    const atStart = await t.app.jobs.runSystemNow('system:schedule-planner');
    expect(atStart).toMatchObject({ job: 'system:schedule-planner', outcome: 'ok' });
    expect(await t.app.jobs.runSystemNow('system:no-such-job')).toBeNull();
  });
});
