import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../server/app';
import { demoAppConfig } from './demoAppConfig';

export const LARGE_INSPECTIONS = 1_000_000;
const SPAN_DAYS = 730;

/** A million inspections over two years, spread over the seeded assets, checklists and technicians, in one statement. */
async function seedInspections(databaseUrl: string, count: number): Promise<number> {
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
      [Date.now(), SPAN_DAYS * 86_400_000, count, users, checklists, assets],
    );
    await client.query('analyze inspections');
  } finally {
    await client.end();
  }
  return Math.round(performance.now() - started);
}

/**
 * Runs `work` on a fresh database of the PostgreSQL server at `serverUrl` (as tests/api/helpers/testApp.ts
 * makes one): the demo seed, seeded in process, plus `count` inspections over two years; the database
 * is dropped afterwards.
 */
export async function withLargeDatabase<T>(serverUrl: string, work: (databaseUrl: string, seedMs: number) => Promise<T>, count = LARGE_INSPECTIONS): Promise<T> {
  const name = `fo_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    await (await buildApp(demoAppConfig({ databaseUrl: url.toString() }))).close();
    const seedMs = count > 0 ? await seedInspections(url.toString(), count) : 0;
    return await work(url.toString(), seedMs);
  } finally {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
}

export async function login(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/token/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo' }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
  return ((await response.json()) as { token: string }).token;
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
export const round1 = (n: number) => Math.round(n * 10) / 10;
