import pg from 'pg';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { seededRandom } from '../server/seed/seededRandom';
import { login, percentile, round1, withLargeDatabase } from './largeDatabase';

const PER_MONTH = 5_000;
/** The month measured, and five before and six after it at the same rate: a year of schedules. */
const MONTHS_AROUND = { before: 5, after: 6 };
const REQUESTS = 200;
const TARGET_P99_MS = 100;
const DAY_MS = 86_400_000;

const monthStart = (year: number, month: number) => Date.UTC(year, month, 1);

/**
 * 5,000 schedules a month over a year of months around the measured one, on the seeded assets and
 * their checklists: day, week and month windows, about a third completed. One JSON statement per
 * month.
 */
export async function seedSchedules(databaseUrl: string, year: number, month: number): Promise<{ total: number; seedMs: number }> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const random = seededRandom(0x5eed_5c4e);
  let total = 0;
  try {
    const assets = (await client.query<{ id: string; checklists: string[] }>("select id, checklists from assets where cardinality(checklists) > 0")).rows;
    for (let m = month - MONTHS_AROUND.before; m <= month + MONTHS_AROUND.after; m++) {
      const first = monthStart(year, m);
      const days = Math.round((monthStart(year, m + 1) - first) / DAY_MS);
      const rows = [];
      for (let n = 0; n < PER_MONTH; n++) {
        const asset = random.pick(assets);
        const start = first + random.int(0, days - 1) * DAY_MS;
        const length = random.weighted({ day: 5, week: 4, month: 1 });
        const end = length === 'month' ? monthStart(year, m + 1) - 1 : start + (length === 'week' ? 7 : 1) * DAY_MS - 1;
        const inspections = random.chance(0.35) ? Array.from({ length: random.int(1, 3) }, (_, i) => `bench-inspection-${m}-${n}-${i}`) : [];
        rows.push({ id: `bench-${m}-${n}`, asset_id: asset.id, checklists: asset.checklists.slice(0, random.int(1, asset.checklists.length)), start, end, inspections });
      }
      await client.query(
        `insert into inspection_schedules (id, asset_id, checklists, start, "end", inspections)
         select id, asset_id, array(select json_array_elements_text(checklists)), start, "end", array(select json_array_elements_text(inspections))
         from json_to_recordset($1::json) as r(id text, asset_id text, checklists json, start bigint, "end" bigint, inspections json)`,
        [JSON.stringify(rows)],
      );
      total += rows.length;
    }
    await client.query('analyze inspection_schedules');
  } finally {
    await client.end();
  }
  return { total, seedMs: Math.round(performance.now() - started) };
}

/** Sequential calls, as one engineer stepping through months: after a warm-up, the latency of each. */
async function timeCalls(url: string, token: string) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'x-auth': token } });
    const text = await response.text();
    if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${text.slice(0, 200)}`);
    return { ms: performance.now() - started, rows: (JSON.parse(text) as unknown[]).length, bytes: text.length };
  };
  for (let i = 0; i < 10; i++) await once();
  const times: number[] = [];
  let last = { rows: 0, bytes: 0 };
  for (let i = 0; i < REQUESTS; i++) {
    const call = await once();
    times.push(call.ms);
    last = call;
  }
  times.sort((a, b) => a - b);
  return { p50Ms: round1(percentile(times, 50)), p95Ms: round1(percentile(times, 95)), p99Ms: round1(percentile(times, 99)), rows: last.rows, jsonBytes: last.bytes };
}

async function onPostgres(serverUrl: string) {
  const now = new Date();
  const [year, month] = [now.getUTCFullYear(), now.getUTCMonth() + 2];
  return withLargeDatabase(
    serverUrl,
    async (databaseUrl) => {
      const seeded = await seedSchedules(databaseUrl, year, month);
      const server = await startServerProcess({ DATABASE_URL: databaseUrl, REDIS_URL: '', JOBS_ENABLED: 'false' });
      try {
        const token = await login(server.baseUrl, 'engineer');
        const start = monthStart(year, month);
        const end = monthStart(year, month + 1) - 1;
        // The month view's grid: from the Sunday on or before the 1st, six weeks.
        const gridStart = start - new Date(start).getUTCDay() * DAY_MS;
        const url = (from: number, to: number) => `${server.baseUrl}/api/inspectionSchedule?start=${from}&end=${to}`;
        return {
          schedules: seeded.total,
          seedMs: seeded.seedMs,
          month: new Date(start).toISOString().slice(0, 7),
          oneMonth: await timeCalls(url(start, end), token),
          monthGridSixWeeks: await timeCalls(url(gridStart, gridStart + 42 * DAY_MS - 1), token),
        };
      } finally {
        await server.stop();
      }
    },
    0,
  );
}

/**
 * Issue 17: GET /inspectionSchedule?start&end of one month holding 5,000 schedules (among a year of
 * them, 60,000) on the PostgreSQL server named by DATABASE_URL (a fresh database, dropped after),
 * sequential calls by one engineer; also the six-week grid a month view shows. Target p99 < 100 ms.
 */
export async function benchScheduleMonth() {
  const databaseUrl = process.env.DATABASE_URL?.trim() || null;
  return {
    url: 'GET /api/inspectionSchedule?start&end',
    schedulesPerMonth: PER_MONTH,
    requestsEach: REQUESTS,
    targetP99Ms: TARGET_P99_MS,
    postgres: databaseUrl ? await onPostgres(databaseUrl) : 'skipped: set DATABASE_URL to a PostgreSQL server',
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchScheduleMonth(), null, 2));
