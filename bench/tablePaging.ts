import { startServerProcess } from '../tests/helpers/serverProcess';
import { LARGE_INSPECTIONS, login, percentile, round1, withLargeDatabase } from './largeDatabase';

const REQUESTS = 200;
const TARGET_P99_MS = 200;

/** Sequential calls, as one engineer paging: after a warm-up, the latency of each. */
async function timeCalls(url: string, token: string) {
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'x-auth': token } });
    const body = (await response.json()) as { data?: unknown[]; total?: number; message?: string };
    if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${body.message ?? ''}`);
    return { ms: performance.now() - started, rows: body.data?.length ?? 0, total: body.total ?? null };
  };
  for (let i = 0; i < 10; i++) await once();
  const times: number[] = [];
  let last = { rows: 0, total: null as number | null };
  for (let i = 0; i < REQUESTS; i++) {
    const call = await once();
    times.push(call.ms);
    last = call;
  }
  times.sort((a, b) => a - b);
  return { p50Ms: round1(percentile(times, 50)), p95Ms: round1(percentile(times, 95)), p99Ms: round1(percentile(times, 99)), rows: last.rows, total: last.total };
}

async function onPostgres(serverUrl: string) {
  return withLargeDatabase(serverUrl, async (databaseUrl, seedMs) => {
    const server = await startServerProcess({ DATABASE_URL: databaseUrl, REDIS_URL: '', JOBS_ENABLED: 'false' });
    try {
      const token = await login(server.baseUrl, 'engineer');
      const list = (await (await fetch(`${server.baseUrl}/api/table?limitToRole=true&type=inspection`, { headers: { 'x-auth': token } })).json()) as { _id: string; name: string }[];
      const table = list.find((entry) => entry.name === 'Inspections');
      if (!table) throw new Error('The seeded Inspections table is not among the engineer role tables');
      const page = (query: Record<string, string>) => `${server.baseUrl}/api/table/${table._id}?${new URLSearchParams({ range: '[0,9]', ...query })}`;
      const now = Date.now();
      const year = `${now - 365 * 86_400_000}|${now}`;
      return {
        inspections: LARGE_INSPECTIONS,
        seedMs,
        firstPageLast30Days: await timeCalls(page({}), token),
        firstPageOneYear: await timeCalls(page({ dateRange: year }), token),
        firstPageOneYearOldestFirst: await timeCalls(page({ dateRange: year, sort: '["timestamp","ASC"]' }), token),
        firstPageOneYearSearch: await timeCalls(page({ dateRange: year, search: 'pump' }), token),
        deepPageOneYear: await timeCalls(`${server.baseUrl}/api/table/${table._id}?${new URLSearchParams({ range: '[50000,50009]', dateRange: year })}`, token),
      };
    } finally {
      await server.stop();
    }
  });
}

/**
 * Issue 5: GET /table/{id} of the seeded Inspections table (it pages on the server) over 1,000,000
 * inspections on the PostgreSQL server named by DATABASE_URL (a fresh database, dropped after):
 * the first page (range=[0,9]) with the default period, with a year, oldest first, with a search,
 * and a deep page. Target p99 < 200 ms for the first page.
 */
export async function benchTablePaging() {
  const databaseUrl = process.env.DATABASE_URL?.trim() || null;
  return {
    url: 'GET /api/table/{Inspections}?range=[0,9]',
    requestsEach: REQUESTS,
    targetP99Ms: TARGET_P99_MS,
    postgres: databaseUrl ? await onPostgres(databaseUrl) : 'skipped: set DATABASE_URL to a PostgreSQL server',
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchTablePaging(), null, 2));
