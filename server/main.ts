import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { SeedError } from './seed/seed';
import { DEMO_USERS } from './seed/demoUsers';
import { SCHEDULE_PLANNER_JOB } from './jobs/systemJobs';

/** Boots the app from the environment; SIGTERM/SIGINT drain, finish in-flight requests, then close the database. */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
  handleShutdownSignals(app, config.drainDelayMs);
  // Issue 17: the schedule planner runs once at start too, so a fresh demo shows the next 8 weeks
  // planned. The address is announced once it has: the first page opened shows them, and whoever
  // waits for the announcement knows start-up planning is over (or, with JOBS_ENABLED=false, never began).
  if (config.jobsEnabled) await app.jobs.runSystemNow(SCHEDULE_PLANNER_JOB.id).catch((error: unknown) => app.log.error({ err: error }, 'schedule planner failed at start'));

  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const lines = [`FacilityOps is running at http://${shown}:${config.port}`];
  if (config.seed === 'demo') {
    lines.push(`Database: embedded (PGlite) at ${config.dataDir}`);
    lines.push(`Demo users (password "${config.demoPassword}"): ${DEMO_USERS.map((u) => `${u.username} (${u.role})`).join(', ')}`);
  } else {
    lines.push(config.databaseUrl ? 'Database: PostgreSQL server (DATABASE_URL)' : `Database: embedded at ${config.dataDir}`);
  }
  console.log(lines.join('\n'));
}

/** SIGTERM/SIGINT: drain, let in-flight requests (and job runs) finish, then exit. */
function handleShutdownSignals(app: FastifyInstance, drainDelayMs: number | undefined) {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      // Drain (DESIGN §14): readiness says 'draining' while the proxy notices; then close() stops
      // taking connections, lets in-flight requests finish and closes the sockets, whose clients
      // reconnect to another process.
      app.lifecycle.draining = true;
      if (drainDelayMs) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof SeedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
