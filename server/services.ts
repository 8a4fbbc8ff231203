import type { AppConfig } from './config';
import type { Database } from './db/client';
import type { TokenService } from './auth/tokens';
import { createUserRepository } from './modules/users/user.repository';
import { createConfigRepository } from './modules/config/config.repository';
import { createLoginRateLimit } from './auth/loginRateLimit';

/** What handlers reach through `app.services`: built once per app, no per-process state beyond it. */
export function createServices(config: AppConfig, db: Database, tokens: TokenService) {
  return {
    config,
    db,
    tokens,
    users: createUserRepository(db),
    configEntries: createConfigRepository(db),
    loginRateLimit: createLoginRateLimit(db, config.loginLimits),
  };
}

export type Services = ReturnType<typeof createServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
