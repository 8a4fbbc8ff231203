import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as yup from 'yup';
import { MIN_PASSWORD_LENGTH } from './auth/passwords';
import { validHost } from './http/crossHostApi';

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface LoginLimits {
  /** Failed attempts allowed per username within one window. */
  perUsername: number;
  /** Failed attempts allowed per client address within one window. */
  perAddress: number;
  windowMs: number;
}

export interface AppConfig {
  port: number;
  host: string;
  /** Embedded database directory; null keeps PGlite in memory (tests). Ignored with databaseUrl. */
  dataDir: string | null;
  databaseUrl: string | null;
  redisUrl: string | null;
  jwtSecret: string | null;
  adminPassword: string | null;
  demoPassword: string;
  production: boolean;
  /** 'demo' seeds every demo user (embedded default); 'production' only the superuser. */
  seed: 'demo' | 'production';
  /** Built SPA served with a history-mode fallback; null serves no SPA. */
  distDir: string | null;
  tokenTtlSeconds: number;
  loginLimits: LoginLimits;
  logLevel: string;
  /** Run active jobs on their cron in this process (JOBS_ENABLED, default true). */
  jobsEnabled: boolean;
  /** Time limit of one script run, query time included (SCRIPT_TIME_LIMIT_MS, DESIGN §7). */
  scriptTimeLimitMs: number;
  /** Memory limit of one script run's QuickJS heap (SCRIPT_MEMORY_LIMIT_MB). */
  scriptMemoryLimitMb: number;
  /** Most script runs at once, one per worker thread (SCRIPT_WORKERS, docs/scripts.md). */
  scriptWorkers: number;
  /** Script runs of one user at once; the user's others wait (SCRIPT_RUNS_PER_USER). */
  scriptRunsPerUser: number;
  /** Bytes one user may upload through POST /file per rolling hour (UPLOAD_QUOTA_MB_PER_HOUR). */
  uploadQuotaBytesPerHour: number;
  /**
   * Which proxies' X-Forwarded-For to believe (TRUST_PROXY, DESIGN §14), as Fastify's trustProxy
   * takes it: false (default: the socket's address), true, a hop count, or addresses/CIDRs.
   */
  trustProxy?: boolean | number | string[];
  /** After SIGTERM, how long readiness says 'draining' before the process stops taking requests (DRAIN_DELAY_MS). */
  drainDelayMs?: number;
  /**
   * How long a phone page waits for its first screen to be drawn before the plain page is served
   * (server/http/serverScreen.ts; default 1,500 ms). Longer in tests about what is drawn, which
   * must not depend on how loaded the machine is.
   */
  firstScreenWaitMs?: number;
  /** Bearer token that may read GET /api/metrics from anywhere (METRICS_TOKEN); null: only this host may (docs/operations.md). */
  metricsToken?: string | null;
  /**
   * The page hosts the web app is served under with the spec's host rule (PUBLIC_HOSTS, for
   * VITE_API_HOST_RULE=derive), lower-case, `host` or `host:port`: only their derived API hosts
   * appear in the CSP and take cross-origin calls (server/http/crossHostApi.ts). Empty: none do.
   */
  publicHosts: string[];
  /** The broker readings come from (MQTT_URL, DESIGN §17); null: no subscription, readings only over HTTP. */
  mqttUrl?: string | null;
  /** This process's MQTT client id (MQTT_CLIENT_ID): stable across its restarts, so it resumes its session; default host and pid. */
  mqttClientId?: string;
  /** Days raw readings are kept (READINGS_RETENTION_DAYS, default 90); older readings are refused. */
  readingsRetentionDays?: number;
}

const envSchema = yup.object({
  PORT: yup.number().integer().min(0).max(65535).default(3000),
  HOST: yup.string().trim().default('0.0.0.0'),
  DATA_DIR: yup.string().trim().default('./data'),
  DATABASE_URL: yup.string().trim().matches(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://').optional(),
  REDIS_URL: yup.string().trim().matches(/^rediss?:\/\//, 'REDIS_URL must start with redis://').optional(),
  JWT_SECRET: yup.string().min(16, 'JWT_SECRET must be at least 16 characters').optional(),
  ADMIN_PASSWORD: yup.string().min(MIN_PASSWORD_LENGTH, `ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters`).optional(),
  DEMO_PASSWORD: yup.string().min(1).default('demo'),
  NODE_ENV: yup.string().optional(),
  JOBS_ENABLED: yup.boolean().typeError('JOBS_ENABLED must be true or false').default(true),
  LOG_LEVEL: yup.string().oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SCRIPT_TIME_LIMIT_MS: yup.number().integer().min(10).max(600_000).default(2000),
  SCRIPT_MEMORY_LIMIT_MB: yup.number().integer().min(4).max(4096).default(64),
  SCRIPT_WORKERS: yup.number().integer().min(1).max(64).default(4),
  SCRIPT_RUNS_PER_USER: yup.number().integer().min(1).max(64).default(1),
  UPLOAD_QUOTA_MB_PER_HOUR: yup.number().integer().min(1).max(1_000_000).default(200),
  TRUST_PROXY: yup
    .string()
    .trim()
    .matches(/^(true|false|\d+|[0-9a-fA-F:./]+(\s*,\s*[0-9a-fA-F:./]+)*|loopback|linklocal|uniquelocal)$/, 'TRUST_PROXY must be true, false, a hop count, or proxy addresses/CIDRs separated by commas')
    .optional(),
  DRAIN_DELAY_MS: yup.number().integer().min(0).max(120_000).default(0),
  // Visible ASCII only: it travels in an Authorization header, where a space or a newline cannot.
  METRICS_TOKEN: yup
    .string()
    .min(16, 'METRICS_TOKEN must be at least 16 characters')
    .matches(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces')
    .optional(),
  MQTT_URL: yup.string().trim().matches(/^(mqtts?|wss?):\/\//, 'MQTT_URL must start with mqtt://, mqtts://, ws:// or wss://').optional(),
  MQTT_CLIENT_ID: yup.string().trim().max(100).matches(/^[\x21-\x7e]+$/, 'MQTT_CLIENT_ID must be printable ASCII without spaces').optional(),
  READINGS_RETENTION_DAYS: yup.number().integer().min(1).max(36_500).default(90),
  PUBLIC_HOSTS: yup
    .string()
    .trim()
    .test('host-names', 'PUBLIC_HOSTS must be host names, each with an optional :port, separated by commas', (value) => value === undefined || publicHostsOf(value) !== null)
    .optional(),
});

/** PUBLIC_HOSTS as a list of lower-case `host` / `host:port`, or null when an entry is not one. */
function publicHostsOf(value: string | undefined): string[] | null {
  if (value === undefined) return [];
  const hosts = value.split(',').map((part) => validHost(part.trim()));
  return hosts.every((host) => host !== null) ? [...new Set(hosts)] : null;
}

/** TRUST_PROXY as Fastify's trustProxy option. */
function trustProxyOf(value: string | undefined): boolean | number | string[] {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value.split(',').map((part) => part.trim());
}

export class ConfigError extends Error {}

/** Reads DESIGN §10's variables once at boot; an invalid value stops the start with its name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(
    Object.keys(envSchema.fields).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  let values: yup.InferType<typeof envSchema>;
  try {
    values = envSchema.validateSync(cleaned, { abortEarly: false, stripUnknown: true });
  } catch (error) {
    if (error instanceof yup.ValidationError) throw new ConfigError(`Invalid configuration: ${error.errors.join('; ')}`);
    throw error;
  }
  // A user holding every worker would starve the others again (issue 16 §6).
  if (values.SCRIPT_WORKERS > 1 && values.SCRIPT_RUNS_PER_USER >= values.SCRIPT_WORKERS) {
    throw new ConfigError('Invalid configuration: SCRIPT_RUNS_PER_USER must be less than SCRIPT_WORKERS, so other users always have a worker');
  }
  const databaseUrl = values.DATABASE_URL ?? null;
  const production = Boolean(databaseUrl) || values.NODE_ENV === 'production';
  return {
    port: values.PORT,
    host: values.HOST,
    dataDir: path.resolve(projectRoot, values.DATA_DIR),
    databaseUrl,
    redisUrl: values.REDIS_URL ?? null,
    jwtSecret: values.JWT_SECRET ?? null,
    adminPassword: values.ADMIN_PASSWORD ?? null,
    demoPassword: values.DEMO_PASSWORD,
    production,
    seed: production ? 'production' : 'demo',
    distDir: path.join(projectRoot, 'dist'),
    tokenTtlSeconds: 12 * 60 * 60,
    loginLimits: { perUsername: 10, perAddress: 50, windowMs: 15 * 60 * 1000 },
    logLevel: values.LOG_LEVEL,
    jobsEnabled: values.JOBS_ENABLED,
    scriptTimeLimitMs: values.SCRIPT_TIME_LIMIT_MS,
    scriptMemoryLimitMb: values.SCRIPT_MEMORY_LIMIT_MB,
    scriptWorkers: values.SCRIPT_WORKERS,
    scriptRunsPerUser: values.SCRIPT_RUNS_PER_USER,
    uploadQuotaBytesPerHour: values.UPLOAD_QUOTA_MB_PER_HOUR * 1_048_576,
    trustProxy: trustProxyOf(values.TRUST_PROXY),
    drainDelayMs: values.DRAIN_DELAY_MS,
    metricsToken: values.METRICS_TOKEN ?? null,
    publicHosts: publicHostsOf(values.PUBLIC_HOSTS) ?? [],
    mqttUrl: values.MQTT_URL ?? null,
    ...(values.MQTT_CLIENT_ID ? { mqttClientId: values.MQTT_CLIENT_ID } : {}),
    readingsRetentionDays: values.READINGS_RETENTION_DAYS,
  };
}

export { projectRoot };
