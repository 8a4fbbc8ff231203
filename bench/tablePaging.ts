import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig, type AppConfig } from '../server/config';
import { startServerProcess } from '../tests/helpers/serverProcess';

const INSPECTIONS = 1_000_000;
const SPAN_DAYS = 730;
const REQUESTS = 200;
const TARGET_P99_MS = 200;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round1 = (n: number) => Math.round(n * 10) / 10;

/** A million inspections over two years, spread over the seeded assets, checklists and technicians, in one statement. */
async function seedInspections(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = async (sql: string) => (await client.query<{ id: string }>(sql)).rows.map((row) => row.id);
    const assets = await ids('select id from assets');
    const checklists = await ids('select id from checklists');
    const users = await ids('select id from users');
    await client.query(
      `insert into inspections (id, timestamp, user_id, checklist_id, asset_id, attribute_data)
       select 'bench' || lpad(g::text, 9, '0'),
              $1::bigint - (g::bigint * $2::bigint / $3::bigint),
              ($4::text[])[1 + g % cardinality($4::text[])],
              ($5::text[])[1 + g % cardinality($5::text[])],
              ($6::text[])[1 + (g / 7) % cardinality($6::text[])],
              '[]'::jsonb
       from generate_series(1, $3::bigint) g`,
      [Date.now(), SPAN_DAYS * 86_400_000, INSPECTIONS, users, checklists, assets],
    );
    await client.query('analyze inspections');
  } finally {
    await client.end();
  }
  return Math.round(performance.now() - started);
}

async function login(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/token/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo' }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

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

async function onPostgres(baseUrl: string) {
  const name = `fo_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    const config: AppConfig = {
      ...loadConfig({}),
      dataDir: null,
      databaseUrl: url.toString(),
      redisUrl: null,
      distDir: null,
      logLevel: 'silent',
      seed: 'demo',
      production: false,
      demoPassword: 'demo',
    };
    await (await buildApp(config)).close();
    const seedMs = await seedInspections(url.toString());
    const server = await startServerProcess({ DATABASE_URL: url.toString(), REDIS_URL: '', JOBS_ENABLED: 'false' });
    try {
      const token = await login(server.baseUrl, 'engineer');
      const list = (await (await fetch(`${server.baseUrl}/api/table?limitToRole=true&type=inspection`, { headers: { 'x-auth': token } })).json()) as { _id: string; name: string }[];
      const table = list.find((entry) => entry.name === 'Inspections');
      if (!table) throw new Error('The seeded Inspections table is not among the engineer role tables');
      const page = (query: Record<string, string>) => `${server.baseUrl}/api/table/${table._id}?${new URLSearchParams({ range: '[0,9]', ...query })}`;
      const now = Date.now();
      const year = `${now - 365 * 86_400_000}|${now}`;
      return {
        inspections: INSPECTIONS,
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
  } finally {
    const client = new pg.Client({ connectionString: baseUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
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
