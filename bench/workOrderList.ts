import pg from 'pg';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { login, percentile, round1, withLargeDatabase } from './largeDatabase';

const ORDERS = 10_000;
const REQUESTS = 200;
const WARM_UP = 10;
const TARGET_P99_MS = 100;
const DAY_MS = 86_400_000;
const FIRST_PAGE = '/api/workOrder?range=[0,24]';

/**
 * 10,000 orders over two years around today on the demo's assets and assignees, every status and
 * priority, a tenth linked to nothing but carrying a description: one statement, then ANALYZE.
 */
async function seedOrders(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = async (text: string) => (await client.query<{ id: string }>(text)).rows.map((row) => row.id);
    const assets = await ids('select id from assets where archived_at is null');
    const people = await ids("select id from users where username in ('technician', 'thermo.tech', 'engineer', 'admin')");
    await client.query(
      `insert into work_orders (id, title, description, status, priority, asset_id, assigned_to, start_timestamp, end_timestamp, created_by, created_at, updated_at)
       select 'bench-wo-' || lpad(g::text, 6, '0'),
              (array['Replace air filters', 'Check refrigerant charge', 'Tighten busbar terminals', 'Repack pump gland', 'Quarterly service'])[1 + g % 5] || ' #' || g,
              case when g % 10 = 0 then 'Found during the round; see the last inspection.' else '' end,
              (array['Open', 'In Progress', 'On Hold', 'Completed'])[1 + (g / 3) % 4],
              (array['High', 'Medium', 'Low'])[1 + (g / 7) % 3],
              ($1::text[])[1 + g % cardinality($1::text[])],
              ($2::text[])[1 + (g / 11) % cardinality($2::text[])],
              $3::bigint + (g::bigint * $4::bigint / $5::bigint),
              $3::bigint + (g::bigint * $4::bigint / $5::bigint) + (1 + g % 72) * 3600000,
              ($2::text[])[1],
              $3::bigint + (g::bigint * $4::bigint / $5::bigint) - 86400000,
              $3::bigint + (g::bigint * $4::bigint / $5::bigint)
       from generate_series(1, $5::bigint) g`,
      [assets, people, Date.now() - 365 * DAY_MS, 730 * DAY_MS, ORDERS],
    );
    await client.query('analyze work_orders');
  } finally {
    await client.end();
  }
  return Math.round(performance.now() - started);
}

/** Sequential calls of one engineer opening the list; after a warm-up, the latency of each. */
async function timeCalls(url: string, token: string) {
  let last = { rows: 0, contentRange: '' };
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'x-auth': token } });
    const text = await response.text();
    if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${text.slice(0, 200)}`);
    last = { rows: (JSON.parse(text) as unknown[]).length, contentRange: response.headers.get('content-range') ?? '' };
    return performance.now() - started;
  };
  for (let i = 0; i < WARM_UP; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50Ms: round1(percentile(times, 50)), p95Ms: round1(percentile(times, 95)), p99Ms: round1(percentile(times, 99)), rows: last.rows, contentRange: last.contentRange };
}

/** The page statement and the count as PostgreSQL runs them (EXPLAIN ANALYZE's execution time). */
async function explained(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const plan = async (statement: string) => {
      const rows = (await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${statement}`)).rows.map((row) => row['QUERY PLAN']);
      return { executionMs: Number(/Execution Time: ([\d.]+)/.exec(rows.at(-1) ?? '')?.[1] ?? NaN), firstNode: rows[0]?.trim() ?? '' };
    };
    const from = 'work_orders left join assets on assets.id = work_orders.asset_id left join users on users.id = work_orders.assigned_to';
    return {
      firstPage: await plan(`select work_orders.id from ${from} order by work_orders.start_timestamp desc, work_orders.id desc limit 25`),
      count: await plan(`select count(*) from ${from}`),
    };
  } finally {
    await client.end();
  }
}

async function onPostgres(serverUrl: string) {
  return withLargeDatabase(
    serverUrl,
    async (databaseUrl) => {
      const seedMs = await seedOrders(databaseUrl);
      const server = await startServerProcess({ DATABASE_URL: databaseUrl, REDIS_URL: '', JOBS_ENABLED: 'false' });
      try {
        const token = await login(server.baseUrl, 'engineer');
        return {
          orders: ORDERS,
          seedMs,
          firstPage: await timeCalls(`${server.baseUrl}${FIRST_PAGE}`, token),
          firstPageFilteredAndSearched: await timeCalls(`${server.baseUrl}/api/workOrder?range=[0,24]&filters=${encodeURIComponent('{"status":"Open"}')}&search=pump`, token),
          statements: await explained(databaseUrl),
        };
      } finally {
        await server.stop();
      }
    },
    0,
  );
}

/**
 * GET /api/workOrder?range=[0,24] — the work order list's first page, default sort (newest start
 * first), with Content-Range — over 10,000 orders on the PostgreSQL server named by DATABASE_URL
 * (a fresh database, dropped after); sequential calls by one engineer. Target p99 < 100 ms.
 */
export async function benchWorkOrderList() {
  const databaseUrl = process.env.DATABASE_URL?.trim() || null;
  return {
    url: `GET ${FIRST_PAGE}`,
    requests: REQUESTS,
    targetP99Ms: TARGET_P99_MS,
    postgres: databaseUrl ? await onPostgres(databaseUrl) : 'skipped: set DATABASE_URL to a PostgreSQL server',
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchWorkOrderList(), null, 2));
