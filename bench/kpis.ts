import pg from 'pg';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { KPI_NAMES } from '../common/kpis/kpiDefinitions';
import { login, percentile, round1, withLargeDatabase } from './largeDatabase';

const ORDERS = 100_000;
/** Labour entries and part uses: 600,000 + 400,000 = 1,000,000 rows. */
const LABOUR = 600_000;
const PARTS = 400_000;
const ALERTS = 100_000;
const REQUESTS = 60;
const WARM_UP = 5;
const TARGET_P99_MS = 500;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The dashboard's period: the last 90 days (what the demo's KPI section shows first). */
const PERIOD_DAYS = 90;

/**
 * Two years of history on the demo's assets: 100,000 orders of every type (a third of the
 * repairs with downtime), 600,000 labour entries and 400,000 part uses spread over them, and
 * 100,000 alerts, half acknowledged and resolved — generated in a few statements, then ANALYZE.
 */
async function seedHistory(databaseUrl: string): Promise<number> {
  const started = performance.now();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const ids = async (text: string) => (await client.query<{ id: string }>(text)).rows.map((row) => row.id);
    const assets = await ids('select id from assets where archived_at is null');
    const people = await ids("select id from users where username in ('technician', 'thermo.tech', 'engineer', 'admin')");
    const [level] = await ids('select id from alert_levels order by rank limit 1');
    const from = Date.now() - 730 * DAY_MS;
    const span = 730 * DAY_MS;
    await client.query(
      `insert into work_orders (id, title, status, priority, asset_id, assigned_to, start_timestamp, end_timestamp, type, estimated_hours,
         downtime_start, downtime_end, completed_at, completed_by, created_by, created_at, updated_at)
       select 'kpi-wo-' || g, 'Bench order ' || g,
              case when g % 10 < 8 then 'Completed' else (array['Open', 'In Progress', 'On Hold'])[1 + g % 3] end,
              'Medium', ($1::text[])[1 + g % cardinality($1::text[])], ($2::text[])[1 + g % cardinality($2::text[])],
              t, t + (2 + g % 48) * ${HOUR_MS}::bigint,
              (array['corrective', 'preventive', 'condition-based', 'inspection-follow-up'])[1 + g % 4],
              1 + g % 12,
              case when g % 3 = 0 then t end, case when g % 3 = 0 and g % 10 < 9 then t + (1 + g % 9) * ${HOUR_MS}::bigint end,
              case when g % 10 < 8 then t + (1 + g % 60) * ${HOUR_MS}::bigint end, case when g % 10 < 8 then ($2::text[])[1] end,
              ($2::text[])[1], t - ${DAY_MS}::bigint, t
       from (select g, $3::bigint + (g::bigint * $4::bigint / $5::bigint) as t from generate_series(1, $5::bigint) g) s`,
      [assets, people, from, span, ORDERS],
    );
    await client.query(
      `insert into work_order_labour (id, work_order_id, user_id, started_at, ended_at, hourly_rate, created_by)
       select 'kpi-l-' || g, 'kpi-wo-' || (1 + g % $1::bigint), ($2::text[])[1 + g % cardinality($2::text[])],
              $3::bigint + (((1 + g % $1::bigint)) * $4::bigint / $1::bigint) + (g % 5) * ${HOUR_MS}::bigint,
              $3::bigint + (((1 + g % $1::bigint)) * $4::bigint / $1::bigint) + (g % 5 + 1 + g % 3) * ${HOUR_MS}::bigint,
              40 + g % 25, ($2::text[])[1]
       from generate_series(1, $5::bigint) g`,
      [ORDERS, people, from, span, LABOUR],
    );
    await client.query(
      `insert into work_order_parts (id, work_order_id, part_id, quantity, unit_cost, used_by, used_at)
       select 'kpi-p-' || g, 'kpi-wo-' || (1 + g % $1::bigint), 'part-' || (g % 50), 1 + g % 3, 5 + g % 200, $2,
              $3::bigint + (((1 + g % $1::bigint)) * $4::bigint / $1::bigint) + ${HOUR_MS}::bigint
       from generate_series(1, $5::bigint) g`,
      [ORDERS, people[0], from, span, PARTS],
    );
    await client.query(
      `insert into alerts (id, asset_id, level_id, message, timestamp, severity_level, acknowledged_at, acknowledged_by, resolved_at, resolved_by)
       select 'kpi-a-' || g, ($1::text[])[1 + g % cardinality($1::text[])], $2, 'Bench alert', t, '{"text":"Critical","color":"#d32f2f"}'::jsonb,
              case when g % 2 = 0 then t + (5 + g % 120) * 60000::bigint end, case when g % 2 = 0 then $3 end,
              case when g % 2 = 0 then t + (1 + g % 48) * ${HOUR_MS}::bigint end, case when g % 2 = 0 then $3 end
       from (select g, $4::bigint + (g::bigint * $5::bigint / $6::bigint) as t from generate_series(1, $6::bigint) g) s`,
      [assets, level, people[0], from, span, ALERTS],
    );
    await client.query('analyze work_orders; analyze work_order_labour; analyze work_order_parts; analyze alerts');
  } finally {
    await client.end();
  }
  return Math.round(performance.now() - started);
}

/** Sequential calls of one engineer loading a KPI widget; after a warm-up, the latency of each. */
async function timeCalls(url: string, token: string) {
  let figure: unknown = null;
  const once = async () => {
    const started = performance.now();
    const response = await fetch(url, { headers: { 'x-auth': token } });
    const text = await response.text();
    if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${text.slice(0, 200)}`);
    figure = JSON.parse(text);
    return performance.now() - started;
  };
  for (let i = 0; i < WARM_UP; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  // A figure's value and count; a page of rows by how many it holds of how many.
  const answer = figure as { value?: number | null; rows: number | unknown[]; total?: number };
  const counted = Array.isArray(answer.rows) ? { rows: answer.rows.length, total: answer.total } : { value: answer.value, rows: answer.rows };
  return { p50Ms: round1(percentile(times, 50)), p99Ms: round1(percentile(times, 99)), ...counted };
}

async function onPostgres(serverUrl: string) {
  return withLargeDatabase(
    serverUrl,
    async (databaseUrl) => {
      const seedMs = await seedHistory(databaseUrl);
      const server = await startServerProcess({ DATABASE_URL: databaseUrl, REDIS_URL: '', JOBS_ENABLED: 'false' });
      try {
        const token = await login(server.baseUrl, 'engineer');
        const end = Date.now();
        const start = end - PERIOD_DAYS * DAY_MS;
        const widgets: Record<string, unknown> = {};
        for (const kpi of KPI_NAMES) widgets[kpi] = await timeCalls(`${server.baseUrl}/api/kpi/${kpi}?start=${start}&end=${end}`, token);
        // The drill-down's busiest screen (planned %: every labour entry of the period): its first page,
        // a page sorted by a column, and a search through all of its rows.
        const rowsOf = (extra: string) => timeCalls(`${server.baseUrl}/api/kpi/plannedPercentage/rows?start=${start}&end=${end}&range=[0,24]${extra}`, token);
        const drillDown = await rowsOf('');
        const drillDownSorted = await rowsOf(`&sort=${encodeURIComponent('["hours","DESC"]')}`);
        const drillDownSearched = await rowsOf('&search=pump');
        return { orders: ORDERS, labourAndParts: LABOUR + PARTS, alerts: ALERTS, seedMs, periodDays: PERIOD_DAYS, widgets, drillDownFirstPage: drillDown, drillDownSorted, drillDownSearched };
      } finally {
        await server.stop();
      }
    },
    0,
  );
}

/**
 * Each KPI widget's figure (GET /api/kpi/{name}, what a kpi widget asks) over the last 90 days of
 * 100,000 work orders with 1,000,000 labour entries and part uses and 100,000 alerts, on the
 * PostgreSQL server named by DATABASE_URL (a fresh database, dropped after); sequential calls by
 * one engineer. Target p99 < 500 ms each (issue 45).
 */
export async function benchKpis() {
  const databaseUrl = process.env.DATABASE_URL?.trim() || null;
  return {
    requests: REQUESTS,
    targetP99Ms: TARGET_P99_MS,
    postgres: databaseUrl ? await onPostgres(databaseUrl) : 'skipped: set DATABASE_URL to a PostgreSQL server',
  };
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(JSON.stringify(await benchKpis(), null, 2));
