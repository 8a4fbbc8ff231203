import { redisAnswers } from '../../helpers/redisAnswers';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import type { AppConfig } from '../../../server/config';
import { createTestApp, type TestApp, type TestServers } from './testApp';

/** The machine's services as CI has them (README: PostgreSQL with trust auth, Redis without a password). */
const MACHINE_POSTGRES = 'postgres://postgres@127.0.0.1:5432/postgres';
const MACHINE_REDIS = 'redis://127.0.0.1:6379';

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * PostgreSQL and Redis for the tests of several processes sharing them (DESIGN §1). Taken from
 * DATABASE_URL / REDIS_URL, else the machine's own services. Missing ones skip the tests with a loud
 * warning on a developer's machine — but under CI=true they are a failure, as a missing Chromium is:
 * a skipped test there would hide that scale-out was never tried.
 */
export async function sharedServices(purpose: string): Promise<TestServers | null> {
  const servers = { databaseUrl: process.env.DATABASE_URL ?? MACHINE_POSTGRES, redisUrl: process.env.REDIS_URL ?? MACHINE_REDIS };
  const [postgres, redis] = await Promise.all([postgresAnswers(servers.databaseUrl), redisAnswers(servers.redisUrl, 3000)]);
  if (postgres && redis) return servers;
  const missing = [!postgres && `PostgreSQL (${servers.databaseUrl})`, !redis && `Redis (${servers.redisUrl})`].filter(Boolean).join(' and ');
  const message = `${missing} did not answer: ${purpose} needs them.`;
  if (process.env.CI === 'true') throw new Error(`${message} CI=true requires these tests.`);
  console.warn(`\n${'!'.repeat(78)}\n!! ${message}\n!! THESE TESTS ARE SKIPPED.\n${'!'.repeat(78)}\n`);
  return null;
}

/** Two server processes on the same PostgreSQL and Redis, as behind a load balancer (DESIGN §1). */
export interface ProcessPair {
  first: TestApp;
  second: FastifyInstance;
}

/**
 * Inside a `describe.skipIf(!servers)`: builds the pair before its tests and closes both after
 * (after the describe's own afterAll hooks, which run first). `overrides` apply to both.
 */
export function twoProcesses(servers: TestServers | null, overrides: Partial<AppConfig> = {}): ProcessPair {
  const pair = {} as ProcessPair;
  beforeAll(async () => {
    if (!servers) throw new Error('twoProcesses needs the shared services (describe.skipIf(!servers))');
    pair.first = await createTestApp(overrides, servers);
    pair.second = await buildApp({ ...pair.first.config, ...overrides });
  });
  afterAll(async () => {
    await pair.second?.close();
    await pair.first?.close();
  });
  return pair;
}
