import { mkdirSync, writeFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../helpers/testApp';
import { DEMO_USERNAMES } from '../helpers/demo';
import { callerFor, collectionOf, learnCollections, signInCallers, type Caller } from './fuzzContext';
import { changedTables, databaseDigester, type Digest } from './databaseDigest';
import { describeRequest, injectOptions, type FuzzRequest } from './fuzzRequest';
import { operationKey, operationsOf, type OpenApiDocument, type Operation } from './openApiDocument';
import { requestArbitrary, type OperationPlan } from './requestArbitrary';

/**
 * Issue 16 §1: every operation of our own OpenAPI document gets generated bad input — in its
 * path, query (repeats included), body (JSON, raw text, multipart) and Host header — as a user
 * whose access declaration lets the call reach the handler. Never a 5xx; a refused write changes
 * no table; a refusal is DESIGN §3's error body. Routes added later are walked without touching
 * this file.
 *
 * FUZZ_SEED (default 16) fixes the sequence, so CI is reproducible; FUZZ_RUNS (requests per
 * operation) runs longer locally: `FUZZ_RUNS=500 npx vitest run --project api tests/api/fuzz`.
 * Figures go to test-results/fuzz.json.
 */
function wholeNumber(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be a whole number, not ${process.env[name]}`);
  return value;
}
const SEED = wholeNumber('FUZZ_SEED', 16);
const RUNS = wholeNumber('FUZZ_RUNS', 20);
/** FUZZ_SHRINK=1 shrinks a failing request to a smallest one; off by default, as each step is a request. */
const SHRINK = process.env.FUZZ_SHRINK === '1';
/** An answer in our words, not the machinery's: stack frames, source files, engine assertions. */
const INTERNALS = /quickjs\.c|Assertion failed|node_modules|\.(?:ts|js|mjs|c):\d+|\bat \S+ \(/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// jobsEnabled off: a job firing on its cron would change tables between two digests.
const t = await createTestApp({ jobsEnabled: false });
const document = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as OpenApiDocument;
const operations = operationsOf(document);
const callers = await signInCallers(t, ['admin', ...DEMO_USERNAMES.filter((u) => u !== 'admin')]);
const callerOf = (op: Operation): Caller => callerFor(t, op, callers).caller;
const collections = await learnCollections(t, operations, callerOf);
const digest = await databaseDigester(t.app.services.db);
const protectedIds = new Set(callers.flatMap((c) => [c.user._id, ...(c.roleId ? [c.roleId] : [])]));
const queryNames = [...new Set(operations.flatMap((op) => op.queryParams.map((p) => p.name)))];

interface OperationFigures {
  requests: number;
  statuses: Record<string, number>;
  serverErrors: number;
}
const figures = new Map<string, OperationFigures>();

afterAll(async () => {
  const all = [...figures.values()];
  const summary = {
    seed: SEED,
    runsPerOperation: RUNS,
    operationsInDocument: operations.length,
    operationsCovered: figures.size,
    requests: all.reduce((sum, f) => sum + f.requests, 0),
    serverErrors: all.reduce((sum, f) => sum + f.serverErrors, 0),
    operationsWithServerErrors: [...figures].filter(([, f]) => f.serverErrors > 0).map(([key]) => key),
    operations: Object.fromEntries(figures),
  };
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/fuzz.json', `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`fuzz: ${summary.operationsCovered}/${summary.operationsInDocument} operations, ${summary.requests} requests, ${summary.serverErrors} answered 5xx (seed ${SEED}, ${RUNS} runs each)`);
  await t.close();
});

/** Stable per operation, so adding a route does not change the requests every other one gets. */
function seedOf(key: string): number {
  let hash = SEED | 0;
  for (const char of key) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

function failure(op: Operation, request: FuzzRequest, problem: string): Error {
  return new Error(`${op.method} ${op.path}: ${problem}\n--- request ---\n${describeRequest(request)}`);
}

/** The digest as of the last check; null once a write went through. Saves one digest per request. */
let lastDigest: Digest | null = null;

async function exercise(op: Operation, request: FuzzRequest, token: string) {
  const key = operationKey(op);
  const tally = figures.get(key) ?? { requests: 0, statuses: {}, serverErrors: 0 };
  figures.set(key, tally);
  const isWrite = WRITES.has(request.method);
  const before = isWrite ? (lastDigest ??= await digest()) : null;
  const response = await t.app.inject(injectOptions(request, token));
  if (isWrite && response.statusCode < 400) lastDigest = null;
  const status = response.statusCode;
  tally.requests++;
  tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
  if (status >= 500) {
    tally.serverErrors++;
    throw failure(op, request, `answered ${status} ${response.body.slice(0, 300)}`);
  }
  if (status < 400) return;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    body = null;
  }
  const shaped = typeof body === 'object' && body !== null && (body as { response?: unknown }).response === 'error' && typeof (body as { message?: unknown }).message === 'string';
  if (!shaped) throw failure(op, request, `answered ${status} without the error body {response:'error', message}: ${response.body.slice(0, 300)}`);
  if (INTERNALS.test((body as { message: string }).message)) throw failure(op, request, `answered ${status} with internal text: ${response.body.slice(0, 300)}`);
  if (before) {
    const after = await digest();
    lastDigest = after;
    const changed = changedTables(before, after);
    if (changed.length > 0) throw failure(op, request, `refused with ${status} but changed ${changed.join(', ')}: ${response.body.slice(0, 300)}`);
  }
}

describe('bad input on every operation of /api/docs', () => {
  for (const op of operations) {
    it(`${op.method} ${op.path}`, { timeout: 300_000 }, async () => {
      const { caller, selfParam } = callerFor(t, op, callers);
      const plan: OperationPlan = { caller, selfParam, collection: collectionOf(op, collections), queryNames, protectedIds };
      await fc.assert(
        fc.asyncProperty(requestArbitrary(op, plan), (request) => exercise(op, request, caller.token)),
        { seed: seedOf(operationKey(op)), numRuns: RUNS, endOnFailure: !SHRINK },
      );
    });
  }
});

describe('the walk covers the whole API', () => {
  it('documents every /api route (the walk cannot skip one the document forgets)', () => {
    const documented = new Set(operations.map(operationKey));
    // The document itself is served hidden from the document.
    const routes = t.app.apiRouteTable.filter((r) => !(r.method === 'GET' && r.url === '/api/docs'));
    expect(routes.map((r) => `${r.method} ${r.url}`).filter((key) => !documented.has(key))).toEqual([]);
    expect(operations.length).toBe(routes.length);
  });

  it('documents real query parameters, not the keywords of a free-form querystring schema', () => {
    const keywords = ['type', 'additionalProperties', 'properties', 'required'];
    const named = operations.flatMap((op) => op.queryParams.filter((p) => keywords.includes(p.name)).map((p) => `${operationKey(op)} ?${p.name}`));
    expect(named).toEqual([]);
  });

  it('sent requests to every operation, and reached past access on each', () => {
    expect(figures.size).toBe(operations.length);
    const neverPastAccess = [...figures].filter(([, f]) => Object.keys(f.statuses).every((s) => s === '401' || s === '403')).map(([key]) => key);
    expect(neverPastAccess).toEqual([]);
  });
});
