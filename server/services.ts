import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { TokenService } from './auth/tokens';
import { createUserRepository } from './modules/users/user.repository';
import { createConfigRepository } from './modules/config/config.repository';
import { createLoginRateLimit } from './auth/loginRateLimit';
import { createSessionCache } from './auth/sessionCache';
import type { InvalidationBus } from './realtime/invalidationBus';
import { createPushHub } from './realtime/pushHub';
import { createCatalogueCache } from './modules/inspections/catalogueCache';
import { createScriptSandbox } from './sandbox/sandbox';
import { createAppMetrics } from './modules/metrics/appMetrics';
import { derivedApiHosts } from './http/crossHostApi';
import { createReportRenderer } from './reports/renderQueue';
import { createDeviceKeys } from './modules/monitoring/deviceKeyCache';
import { createPointCatalogue } from './modules/monitoring/pointCatalogue';
import { createReadingIntake } from './modules/monitoring/readingIntake';

/** What handlers reach through `app.services`: built once per app, no per-process state beyond it. */
export function createServices(config: AppConfig, db: Database, tokens: TokenService, bus: InvalidationBus) {
  const sessions = createSessionCache((id) => users.findWithGrants(id), bus);
  const users = createUserRepository(db, (id) => sessions.invalidate(id));
  const pushes = createPushHub();
  const catalogue = createCatalogueCache(db, bus);
  const deviceKeys = createDeviceKeys(db, bus);
  const points = createPointCatalogue(db, bus);
  return {
    config,
    db,
    tokens,
    bus,
    sessions,
    users,
    configEntries: createConfigRepository(db),
    loginRateLimit: createLoginRateLimit(db, config.loginLimits),
    pushes,
    catalogue,
    // Condition monitoring (DESIGN §17): gateways' keys, the points they write, where readings come in.
    deviceKeys,
    points,
    readings: createReadingIntake({
      db, deviceKeys, points, pushes, levels: () => catalogue.alertLevels(), retentionDays: config.readingsRetentionDays ?? 90,
      onError: (error, what) => console.error(`readings: ${what}:`, error),
    }),
    // query.trend reads raw readings within the retention, hourly aggregates before it.
    scripts: createScriptSandbox(db, { ...config, readingsRetentionDays: config.readingsRetentionDays ?? 90 }, { onError: (error, op) => console.error(`script ${op} failed:`, error) }),
    metrics: createAppMetrics(),
    // One rendering thread for every document: report downloads, thermography reports, the info PDF.
    reports: createReportRenderer(),
    // The spec's host rule for the configured page hosts (PUBLIC_HOSTS): the CSP, CORS and sockets ask it.
    derivedApiHosts: derivedApiHosts(config.publicHosts),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
