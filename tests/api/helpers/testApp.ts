import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Response as InjectResponse } from 'light-my-request';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { buildApp, type BuildOptions } from '../../../server/app';
import { loadConfig, type AppConfig } from '../../../server/config';

export const DEMO_PASSWORD = 'demo';

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Signs in and answers the token. */
  login(username: string, password?: string): Promise<string>;
  /** inject with the token of `as` (a username) in x-auth. */
  request(options: InjectOptions & { as?: string }): Promise<InjectResponse>;
  close(): Promise<void>;
}

/** Where a test app's data lives: DATABASE_URL's and REDIS_URL's servers when set, else embedded. */
export interface TestServers {
  /** A PostgreSQL server; each test app gets a fresh database on it. Null: in-memory PGlite. */
  databaseUrl: string | null;
  redisUrl: string | null;
}

const serversOfEnvironment = (): TestServers => ({ databaseUrl: process.env.DATABASE_URL ?? null, redisUrl: process.env.REDIS_URL ?? null });

/** A fresh database for one test file: in-memory PGlite, or a new database on the given server. */
async function freshDatabaseUrl(base: string | null): Promise<{ url: string | null; drop: () => Promise<void> }> {
  if (!base) return { url: null, drop: async () => undefined };
  const name = `fo_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Beyond the configuration: resources the app also serves, and the SQL creating their tables. */
export interface TestAppExtras extends BuildOptions {
  /** Migration SQL (drizzle-kit's, statements split by `--> statement-breakpoint`), run after start. */
  migrations?: readonly string[];
}

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  servers: TestServers = serversOfEnvironment(),
  extras: TestAppExtras = {},
): Promise<TestApp> {
  const database = await freshDatabaseUrl(servers.databaseUrl);
  const config: AppConfig = {
    ...loadConfig({}),
    dataDir: null,
    databaseUrl: database.url,
    redisUrl: servers.redisUrl,
    distDir: null,
    logLevel: 'silent',
    seed: 'demo',
    production: false,
    demoPassword: DEMO_PASSWORD,
    ...overrides,
  };
  const app = await buildApp(config, extras).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  for (const migration of extras.migrations ?? []) {
    for (const statement of migration.split('--> statement-breakpoint')) await app.services.db.execute(sql.raw(statement));
  }
  const tokens = new Map<string, string>();

  async function login(username: string, password = DEMO_PASSWORD) {
    const response = await app.inject({ method: 'POST', url: '/api/token/login', payload: { username, password } });
    if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.statusCode} ${response.body}`);
    return (response.json() as { token: string }).token;
  }

  return {
    app,
    config,
    login,
    async request({ as, ...options }) {
      const headers = { ...(options.headers ?? {}) };
      if (as) {
        if (!tokens.has(as)) tokens.set(as, await login(as));
        headers['x-auth'] = tokens.get(as);
      }
      return app.inject({ ...options, headers });
    },
    async close() {
      await app.close();
      await database.drop();
    },
  };
}
