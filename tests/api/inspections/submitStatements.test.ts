import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok, type Doc } from '../administration/adminApi';

/**
 * Issue 39 §8: what a submit costs the database, in statements and transactions (each of which
 * adds BEGIN and COMMIT), with the catalogue already cached — counted where Drizzle prepares each
 * statement, on the embedded database or PostgreSQL alike. (On PostgreSQL, a keyed submit also
 * takes and lets go its claim's lock on the claims' own connection: db/claimLocks.ts.)
 */
let t: TestApp;
let asset: Doc;
let checklist: Doc;
let vibration: Doc;
let noise: Doc;

beforeAll(async () => {
  // No job ticks beside the submits counted.
  t = await createTestApp({ jobsEnabled: false });
  const admin = adminApi(t);
  const levels = Object.fromEntries((await admin.list('alertLevel')).map((level) => [level.technicalName as string, level._id]));
  vibration = await admin.create('attribute', { name: 'Sc vibration', type: 'number' });
  noise = await admin.create('attribute', { name: 'Sc noise', type: 'number' });
  checklist = await admin.create('checklist', {
    name: 'Sc fan check',
    checklistItems: [
      // The demo's work order rule (workOrder.autoCreate) opens an order for a critical alert only.
      { attribute: vibration._id, sequenceId: 1, threshold: { operation: 'greater than', value: 10, level: levels.critical }, showMandatoryIndicator: false },
      { attribute: noise._id, sequenceId: 2, threshold: { operation: 'greater than', value: 80, level: levels.medium }, showMandatoryIndicator: false },
    ],
  });
  asset = await admin.create('asset', { name: 'Sc exhaust fan', identification: 'SC-FAN', checklists: [checklist._id] });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});
afterAll(() => t?.close());

const submit = (values: { vibration: number; noise: number }, key?: string) =>
  t.request({
    as: 'technician',
    method: 'POST',
    url: `/api/inspection?assetId=${asset._id}`,
    headers: key ? { 'idempotency-key': key } : {},
    payload: { inspectionData: { [checklist._id]: { [vibration._id]: values.vibration, [noise._id]: values.noise } } },
  });

/**
 * The statements and transactions `work` causes. The clock stands still meanwhile, so neither the
 * signed-in session nor the catalogue expires between the warm-up and the submit counted.
 */
async function counted(work: () => Promise<unknown>): Promise<{ statements: number; transactions: number }> {
  const session = Object.getPrototypeOf(t.app.services.db._.session) as { prepareQuery: (...args: unknown[]) => unknown; transaction: (...args: unknown[]) => unknown };
  const prepared = vi.spyOn(session, 'prepareQuery');
  const transactions = vi.spyOn(session, 'transaction');
  await work();
  // BEGIN and COMMIT are statements of their own on node-postgres only: counted as the transaction.
  const statements = prepared.mock.calls.filter(([query]) => !/^(begin|commit|rollback)\b/i.test((query as { sql: string }).sql)).length;
  return { statements, transactions: transactions.mock.calls.length };
}

describe('the statements of a submit (issue 39 §8)', () => {
  it('without alerts: the write alone, one statement', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    ok(await submit({ vibration: 2, noise: 40 }));
    expect(await counted(async () => ok(await submit({ vibration: 3, noise: 41 })))).toEqual({ statements: 1, transactions: 0 });
  });

  it('with an Idempotency-Key: the claim, the write marking it, the answer stored — no transaction', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    ok(await submit({ vibration: 2, noise: 40 }, randomUUID()));
    expect(await counted(async () => ok(await submit({ vibration: 3, noise: 41 }, randomUUID())))).toEqual({ statements: 3, transactions: 0 });
  });

  it('with an alert at a level the work order rule does not name: the write and the rule', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    ok(await submit({ vibration: 2, noise: 90 }));
    expect(await counted(async () => expect(ok<{ alerts: Doc[] }>(await submit({ vibration: 3, noise: 91 })).alerts).toHaveLength(1))).toEqual({ statements: 2, transactions: 0 });
  });

  it('with a critical alert: the write, the rule, the order with its claim and audit entry — no transaction', async () => {
    // The demo rule gives the order to the inspector: the technician who submits, known to the
    // request with what they may do, so no user is read; the order pushed is the row just written.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    ok(await submit({ vibration: 12, noise: 40 }));
    expect(await counted(async () => expect(ok<{ alerts: Doc[] }>(await submit({ vibration: 13, noise: 41 })).alerts).toHaveLength(1))).toEqual({
      statements: 3,
      transactions: 0,
    });
  });
});
