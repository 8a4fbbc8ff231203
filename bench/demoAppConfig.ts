import { loadConfig, type AppConfig } from '../server/config';

/**
 * An in-process app on the demo seed for a bench, quiet and without the web build: on an embedded
 * database in `dataDir`, or on the PostgreSQL database at `databaseUrl`.
 */
export function demoAppConfig(database: { dataDir: string } | { databaseUrl: string }): AppConfig {
  return {
    ...loadConfig({}),
    dataDir: 'dataDir' in database ? database.dataDir : null,
    databaseUrl: 'databaseUrl' in database ? database.databaseUrl : null,
    redisUrl: null,
    distDir: null,
    logLevel: 'silent',
    seed: 'demo',
    production: false,
    demoPassword: 'demo',
  };
}
