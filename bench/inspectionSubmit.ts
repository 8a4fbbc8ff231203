import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServerProcess, type ServerProcess } from '../tests/helpers/serverProcess';
import { withLargeDatabase } from './largeDatabase';

/**
 * Issue 4: POST /api/inspection with a 20-item checklist (14 numbers with thresholds, 2 selects,
 * 2 yes/no, 2 texts) under 20 concurrent technicians, on the embedded database and — when
 * DATABASE_URL names a PostgreSQL server, the same convention as the API tests — on a fresh
 * database of that server. The catalogue is made through the API as admin; one submission in
 * eight breaches a threshold, so alerts are written too. The server runs as its own process, as
 * `npm start` runs it. A fixed number of requests (about `durationSeconds` worth, from a warm-up)
 * lets the run end with nothing in flight, so the stored count must equal the 2xx count exactly.
 */

const CONNECTIONS = 20;
const NUMBER_ITEMS = 14;
const BODIES = 200;
const TARGETS = { embeddedPerSecond: 150, postgresPerSecond: 400 };

type Threshold = { operation: string; value: string | number | boolean; level: string | null };
interface ItemPlan {
  name: string;
  type: 'number' | 'select' | 'boolean' | 'string';
  options?: string[];
  threshold: Threshold | null;
  mandatory: boolean;
}

async function call<T>(baseUrl: string, token: string, method: string, url: string, body?: unknown): Promise<{ body: T; headers: Headers }> {
  const response = await fetch(`${baseUrl}/api${url}`, {
    method,
    headers: { 'x-auth': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return { body: (await response.json()) as T, headers: response.headers };
}

export async function login(baseUrl: string, username: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/token/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'demo' }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** The 20 items: numbers alert above 80 or below 20 (normal is 40–60), selects on 'Fault', yes/no on yes. */
function plan(levels: { _id: string }[]): ItemPlan[] {
  const operations = ['greater than', 'at least', 'less than', 'at most'] as const;
  const level = (i: number) => (i % 5 === 4 ? null : (levels[i % levels.length]?._id ?? null));
  const items: ItemPlan[] = [];
  for (let i = 0; i < NUMBER_ITEMS; i++) {
    const operation = operations[i % operations.length] as string;
    items.push({ name: `Reading ${i + 1}`, type: 'number', threshold: { operation, value: operation.startsWith('l') || operation.endsWith('most') ? 20 : 80, level: level(i) }, mandatory: i < 4 });
  }
  for (let i = 0; i < 2; i++) items.push({ name: `State ${i + 1}`, type: 'select', options: ['Running', 'Standby', 'Fault'], threshold: { operation: 'equal', value: 'Fault', level: level(i) }, mandatory: i === 0 });
  for (let i = 0; i < 2; i++) items.push({ name: `Leak ${i + 1}`, type: 'boolean', threshold: { operation: 'equal', value: true, level: level(i + 1) }, mandatory: false });
  for (let i = 0; i < 2; i++) items.push({ name: `Note ${i + 1}`, type: 'string', threshold: null, mandatory: false });
  return items;
}

/**
 * Attributes, a 20-item checklist and an asset carrying it, made through the API as admin; with
 * `photoItem`, a 21st, optional item takes a photo (an image attribute).
 */
export async function createCatalogue(baseUrl: string, adminToken: string, { photoItem = false } = {}) {
  const suffix = randomBytes(3).toString('hex');
  const { body: levels } = await call<{ _id: string }[]>(baseUrl, adminToken, 'GET', '/alertLevel');
  const items = plan(levels);
  const attributeIds: string[] = [];
  let photoAttributeId: string | null = null;
  if (photoItem) {
    const { body } = await call<{ _id: string }>(baseUrl, adminToken, 'POST', '/attribute', {
      name: `Bench photo ${suffix}`, technicalName: `bench_photo_${suffix}`, type: 'image', description: 'Inspection submit benchmark', isMandatory: false, allowComment: false, options: { values: [] },
    });
    photoAttributeId = body._id;
  }
  for (const item of items) {
    const { body } = await call<{ _id: string }>(baseUrl, adminToken, 'POST', '/attribute', {
      name: `Bench ${item.name} ${suffix}`,
      technicalName: `bench_${item.name.toLowerCase().replace(/\W+/g, '_')}_${suffix}`,
      type: item.type,
      description: 'Inspection submit benchmark',
      isMandatory: false,
      allowComment: item.type === 'number',
      options: { values: item.options ?? [] },
    });
    attributeIds.push(body._id);
  }
  const { body: checklist } = await call<{ _id: string }>(baseUrl, adminToken, 'POST', '/checklist', {
    name: `Bench 20-item round ${suffix}`,
    frequency: 'Daily',
    scripts: [],
    checklistItems: [
      ...items.map((item, i) => ({ attribute: attributeIds[i], sequenceId: i + 1, threshold: item.threshold, showMandatoryIndicator: item.mandatory })),
      ...(photoAttributeId ? [{ attribute: photoAttributeId, sequenceId: items.length + 1, threshold: null, showMandatoryIndicator: false }] : []),
    ],
    groups: [
      { name: 'Readings', attributes: attributeIds.slice(0, NUMBER_ITEMS) },
      { name: 'Condition', attributes: [...attributeIds.slice(NUMBER_ITEMS), ...(photoAttributeId ? [photoAttributeId] : [])] },
    ],
  });
  const { body: asset } = await call<{ _id: string }>(baseUrl, adminToken, 'POST', '/asset', {
    name: `Bench pump ${suffix}`,
    identification: `BENCH-${suffix}`,
    tags: ['Bench'],
    checklists: [checklist._id],
    staticAttributes: [],
    checklistOptions: [],
    message: '',
  });
  return { assetId: asset._id, checklistId: checklist._id, attributeIds, items, photoAttributeId, suffix };
}

/**
 * Submission bodies: every item filled, values inside their limits; one body in eight pushes one
 * number past its limit, one in 25 also reports a fault, so some submissions raise alerts.
 */
export function submissionBodies(catalogue: Awaited<ReturnType<typeof createCatalogue>>): string[] {
  return Array.from({ length: BODIES }, (_, k) => {
    const values: Record<string, string | number | boolean> = {};
    catalogue.items.forEach((item, i) => {
      const id = catalogue.attributeIds[i] as string;
      if (item.type === 'number') values[id] = 40 + ((k * 7 + i * 3) % 21);
      else if (item.type === 'select') values[id] = k % 3 === 0 ? 'Standby' : 'Running';
      else if (item.type === 'boolean') values[id] = false;
      else values[id] = `meter ${10_000 + k}`;
    });
    if (k % 8 === 0) {
      const i = (k / 8) % NUMBER_ITEMS;
      const limit = catalogue.items[i]?.threshold?.value as number;
      values[catalogue.attributeIds[i] as string] = limit > 50 ? 95 : 5;
    }
    if (k % 25 === 0) values[catalogue.attributeIds[NUMBER_ITEMS] as string] = 'Fault';
    return JSON.stringify({ inspectionData: { [catalogue.checklistId]: values } });
  });
}

/** Total rows of a ranged list, from its Content-Range header. */
export async function storedCount(baseUrl: string, token: string, entity: 'inspection' | 'alert', assetId: string): Promise<number> {
  const { headers } = await call<unknown[]>(baseUrl, token, 'GET', `/${entity}?assetId=${assetId}&range=${encodeURIComponent('[0,0]')}`);
  const total = Number(/\/(\d+)$/.exec(headers.get('content-range') ?? '')?.[1]);
  if (!Number.isInteger(total)) throw new Error(`GET /${entity}: no Content-Range total`);
  return total;
}

export interface Round {
  ok: number;
  /** Answers per second over the second half of the round (past the JIT and pool warm-up). */
  lateRate: number;
  alerts: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  ms: number;
  latency: autocannon.Histogram;
}

/** With `keyed`, every submission carries an Idempotency-Key of its own, as the phone sends it (docs/offline.md). */
export async function submitRound(baseUrl: string, token: string, assetId: string, bodies: string[], options: { amount?: number; duration?: number; keyed?: boolean }): Promise<Round> {
  const { keyed = false, ...limits } = options;
  let next = 0;
  let ok = 0;
  let alerts = 0;
  let failure: string | null = null;
  const answeredAt: number[] = [];
  const started = performance.now();
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    timeout: 30,
    ...limits,
    requests: [
      {
        method: 'POST',
        path: `/api/inspection?assetId=${assetId}`,
        headers: { 'x-auth': token, 'content-type': 'application/json' },
        setupRequest: (request) => ({
          ...request,
          ...(keyed ? { headers: { ...request.headers, 'idempotency-key': randomUUID() } } : {}),
          body: bodies[next++ % bodies.length],
        }),
        onResponse: (status, body) => {
          if (status >= 200 && status < 300) {
            ok++;
            answeredAt.push(performance.now());
            alerts += ((JSON.parse(body) as { alerts: unknown[] }).alerts ?? []).length;
          } else {
            failure ??= `${status} ${body.slice(0, 300)}`;
          }
        },
      },
    ],
  });
  const ms = performance.now() - started;
  const half = started + ms / 2;
  const lateRate = answeredAt.filter((at) => at >= half).length / (ms / 2000);
  if (failure) throw new Error(`POST /api/inspection answered ${failure}`);
  return { ok, lateRate, alerts, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, ms, latency: result.latency };
}

/** Catalogue, warm-up, then the measured round on a running server; checks what was stored. */
async function measure(server: ServerProcess, durationSeconds: number) {
  const baseUrl = server.baseUrl;
  const catalogue = await createCatalogue(baseUrl, await login(baseUrl, 'admin'));
  const technician = await login(baseUrl, 'technician');
  const engineer = await login(baseUrl, 'engineer');
  const bodies = submissionBodies(catalogue);

  // Warm-up: JIT, pool connections, query plans; its rate sizes the measured round.
  const warmup = await submitRound(baseUrl, technician, catalogue.assetId, bodies, { duration: 4 });
  const amount = Math.max(200, Math.round(warmup.lateRate * durationSeconds));
  await new Promise((resolve) => setTimeout(resolve, 500));
  const before = { inspections: await storedCount(baseUrl, engineer, 'inspection', catalogue.assetId), alerts: await storedCount(baseUrl, engineer, 'alert', catalogue.assetId) };

  const round = await submitRound(baseUrl, technician, catalogue.assetId, bodies, { amount });
  const after = { inspections: await storedCount(baseUrl, engineer, 'inspection', catalogue.assetId), alerts: await storedCount(baseUrl, engineer, 'alert', catalogue.assetId) };
  const stored = { inspections: after.inspections - before.inspections, alerts: after.alerts - before.alerts };
  if (round.non2xx > 0 || round.errors > 0 || round.timeouts > 0) throw new Error(`${round.non2xx} non-2xx answers, ${round.errors} errors, ${round.timeouts} timeouts`);
  if (stored.inspections !== round.ok) throw new Error(`stored ${stored.inspections} inspections for ${round.ok} 2xx answers`);
  if (stored.alerts !== round.alerts) throw new Error(`stored ${stored.alerts} alerts, the answers named ${round.alerts}`);
  return {
    submissionsPerSecond: Math.round((round.ok / (round.ms / 1000)) * 10) / 10,
    latencyP50Ms: round.latency.p50,
    latencyP99Ms: round.latency.p99,
    latencyMaxMs: round.latency.max,
    submissions: round.ok,
    seconds: Math.round(round.ms / 100) / 10,
    storedInspections: stored.inspections,
    alertsRaised: round.alerts,
    storedAlerts: stored.alerts,
  };
}

async function onEmbedded(durationSeconds: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-submit-'));
  try {
    const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
    try {
      return await measure(server, durationSeconds);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A fresh database with the demo seed on the server of `baseUrl`; the server process then starts on it as a production start would. */
async function onPostgres(baseUrl: string, durationSeconds: number) {
  return withLargeDatabase(
    baseUrl,
    async (databaseUrl) => {
      const server = await startServerProcess({ DATABASE_URL: databaseUrl, REDIS_URL: '' });
      try {
        return await measure(server, durationSeconds);
      } finally {
        await server.stop();
      }
    },
    0,
  );
}

export async function benchInspectionSubmit(durationSeconds = 10) {
  const databaseUrl = process.env.DATABASE_URL?.trim() || null;
  return {
    url: 'POST /api/inspection?assetId=…',
    checklistItems: 20,
    connections: CONNECTIONS,
    embedded: await onEmbedded(durationSeconds),
    postgres: databaseUrl ? await onPostgres(databaseUrl, durationSeconds) : 'skipped: set DATABASE_URL to a PostgreSQL server',
    targets: TARGETS,
  };
}
