import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import { MAX_JSON_BODY_BYTES } from '../common/constants';
import { ENTRY_HELD_PAGE } from '../common/firstScreen';
import type { AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/client';
import { createTokenService } from './auth/tokens';
import { resolveJwtSecret } from './auth/jwtSecret';
import { API_PREFIX, authPlugin } from './auth/authPlugin';
import { idempotencyPlugin } from './http/idempotency';
import { answerFrameworkError, errorBody, handleError } from './http/errors';
import { installValidators } from './http/validation';
import { installInputHygiene } from './http/inputHygiene';
import { compressApiAnswers } from './http/compression';
import { loadServerScreens } from './http/serverScreen';
import { documentedSchema } from './modules/docs/openApiTransform';
import { allowDerivedPageOrigin } from './http/derivedPageCors';
import { installSecurityHeaders } from './http/securityHeaders';
import { createServices } from './services';
import { createInvalidationBus } from './realtime/invalidationBus';
import { attachSocketServer } from './realtime/socketServer';
import { deploymentChannel } from './realtime/deploymentChannel';
import { seedDatabase } from './seed/seed';
import { apiRoutes } from './routes';
import type { CrudResource } from './crud/crudResource';
import { crudResources, knownPermissions } from './crud/registry';
import { configuredChoiceEntries } from './fields/configuredChoices';
import { createLogoImageSource } from './modules/appInfo/logoImageSource';
import { createJobScheduler } from './jobs/scheduler';
import { startReadingSubscriber, type ReadingSubscriber } from './modules/monitoring/mqttSubscriber';
import { requestTiming } from './modules/metrics/requestTiming';

/** The longest path parameter, as sent: 200 UTF-16 units × 9 characters (see routerOptions). */
const MAX_PATH_PARAM_LENGTH = 1_800;

export interface BuildOptions {
  /** Use this database instead of opening one from the config (the caller closes it). */
  database?: DatabaseHandle;
  /** The CRUD resources served, default every declared one (a test adds the README recipe's). */
  resources?: readonly CrudResource[];
}

/** The whole server as one Fastify instance; tests use it through `inject`, main.ts listens. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: MAX_JSON_BODY_BYTES,
    // A path parameter may be as long as what it names: an identification holds 200 UTF-16 units,
    // each at most 9 characters once %-escaped (a 3-byte UTF-8 character, %E2%82%AC).
    // Fastify's default of 100 made such an asset unreachable by its identification (issue 39 §4).
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, maxParamLength: MAX_PATH_PARAM_LENGTH },
    return503OnClosing: true,
    // Behind nginx the rate limits and logs must see the technician's address, not the proxy's.
    // The cast only steers Fastify's overloads (a union picks the http2 one); numbers and lists work as documented.
    trustProxy: (config.trustProxy ?? false) as boolean,
    // Prototype keys in JSON bodies are refused by inputHygiene.ts with the field's path, rather
    // than by the parser as "body is not valid JSON"; JSON.parse keeps them as plain data till then.
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
    // A path with a %-escape that is not UTF-8 (`/api/asset/%ED%A0%80`) is refused before routing:
    // answer it in DESIGN §3's shape like every other 400.
    frameworkErrors: answerFrameworkError,
  });

  const database = options.database ?? (await openDatabase(config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir }));
  if (!options.database) app.addHook('onClose', () => database.close());
  try {
    await database.withStartupLock(() => seedDatabase(database.db, config, knownPermissions(options.resources), configuredChoiceEntries(options.resources ?? crudResources)));
  } catch (error) {
    if (!options.database) await database.close();
    throw error;
  }
  const secret = await resolveJwtSecret(database.db, config.jwtSecret);
  const tokens = createTokenService(secret, config.tokenTtlSeconds);
  // Per deployment: parallel deployments (or test databases) sharing one Redis never hear each other.
  const bus = await createInvalidationBus(config.redisUrl, deploymentChannel(secret, 'invalidate'), app.log);
  app.addHook('onClose', () => bus.close());
  app.decorate('services', createServices(config, database.db, tokens, bus));
  app.decorate('lifecycle', { draining: false });
  // A draining process tells each client to take its next request elsewhere: an answer sent while it
  // drains closes its connection. Kept alive, a connection whose request was in flight at SIGTERM
  // would hold close() (and the process) until the keep-alive timeout, 72 s.
  app.addHook('onSend', async (_request, reply) => {
    if (app.lifecycle.draining) reply.header('connection', 'close');
  });
  app.decorate('knownPermissions', new Set(knownPermissions(options.resources)));
  app.addHook('onClose', () => app.services.scripts.close());
  app.addHook('onClose', () => app.services.reports.close());
  // Before any route is declared: it gives each route its own timing hook.
  await app.register(requestTiming, { duration: app.services.metrics.requestDuration });
  const io = await attachSocketServer(app);
  app.services.metrics.countSocketsWith(() => io.of('/').sockets.size);
  app.services.metrics.watchScriptPool(() => app.services.scripts.activity());
  const jobs = createJobScheduler({
    db: database.db,
    sandbox: () => app.services.scripts,
    pushes: app.services.pushes,
    ...(config.readingsRetentionDays ? { readingsRetentionDays: config.readingsRetentionDays } : {}),
    onError: (error) => app.log.error(error, 'job tick failed'),
    onRunFinished: app.services.metrics.jobRunFinished,
  });
  app.decorate('jobs', jobs);
  // Before onClose: runs in progress finish while the database is still open.
  app.addHook('preClose', () => jobs.stop());

  installValidators(app);
  installInputHygiene(app);
  app.setErrorHandler(handleError);
  // The logo is the one image the page loads from a configured host (issue 16 §3).
  const logoSource = createLogoImageSource(app.services.configEntries, app.services.bus);
  await logoSource.refresh();
  installSecurityHeaders(app, app.services.derivedApiHosts, logoSource);
  allowDerivedPageOrigin(app, app.services.derivedApiHosts);
  await app.register(swagger, {
    openapi: {
      info: { title: 'FacilityOps API', version: '1' },
      components: { securitySchemes: { jwt: { type: 'apiKey', in: 'header', name: 'x-auth' } } },
    },
    transform: documentedSchema,
  });
  await app.register(authPlugin);
  // After the token check and the input checks (inputHygiene.ts), before validation and handlers.
  await app.register(idempotencyPlugin, { locks: database.claimLocks });
  await app.register(async (api) => {
    await compressApiAnswers(api);
    await api.register(apiRoutes, { resources: options.resources });
  }, { prefix: API_PREFIX });
  await serveWebApp(app, config.distDir, config.firstScreenWaitMs);
  // Readings from the broker (DESIGN §17): the share is left and the buffer stored before the database closes.
  let subscriber: ReadingSubscriber | null = null;
  app.decorate('readingSubscriber', null as ReadingSubscriber | null);
  app.addHook('preClose', () => (subscriber ? subscriber.stop() : app.services.readings.close()));
  await app.ready();
  if (config.jobsEnabled) jobs.start();
  if (config.mqttUrl) subscriber = startReadingSubscriber({ url: config.mqttUrl, intake: app.services.readings, log: app.log, clientId: config.mqttClientId });
  app.readingSubscriber = subscriber;
  return app;
}

/**
 * The service worker and the web manifest (docs/offline.md). Never answered with index.html: a
 * browser would install the page as a worker or a manifest. They are served like index.html, with
 * no-cache, so a deploy is noticed at the next check.
 */
const PWA_FILES = /^\/(sw\.js|manifest\.webmanifest|workbox-[\w-]+\.js)(\?|$)/i;
const isPwaFile = (url: string) => PWA_FILES.test(url);

/** The built SPA with a history-mode fallback; unknown /api paths stay JSON 404s. */
async function serveWebApp(app: FastifyInstance, distDir: string | null, firstScreenWaitMs?: number) {
  const indexFile = distDir ? path.join(distDir, 'index.html') : null;
  const hasWebApp = Boolean(indexFile && existsSync(indexFile));
  // The page a drawn first screen goes into (build/firstScreenBuild.ts), where the build wrote one.
  const hasDrawnPage = Boolean(hasWebApp && distDir && existsSync(path.join(distDir, ENTRY_HELD_PAGE)));
  if (hasWebApp && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      // The build writes .br/.gz beside each asset (build/precompressPlugin.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  // A page the server draws the first screen of (server/http/serverScreen.ts), where the build wrote its drawer.
  const screens = hasDrawnPage && distDir ? loadServerScreens(app, distDir, firstScreenWaitMs) : null;
  app.setNotFoundHandler(async (request, reply) => {
    const isApi = request.url.toLowerCase().startsWith(`${API_PREFIX}/`) || request.url.toLowerCase() === API_PREFIX;
    if (!isApi && !isPwaFile(request.url) && hasWebApp && (request.method === 'GET' || request.method === 'HEAD')) {
      if (screens && (await screens.answer(request, reply))) return reply;
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send(errorBody(`Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
}
