import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { ok, type Doc } from '../administration/adminApi';
import { createFixture, type Fixture } from '../inspections/inspectionFixture';
import { createOrder, workOrderWorld, type WorkOrderWorld } from '../workOrders/workOrderFixture';
import { holdNextWrite } from './heldWrite';
import { alerts, auditLog, files, idempotencyKeys, inspections, thermographyNotes, users, workOrderActivity } from '../../../server/db/schema';
import { IDEMPOTENCY_PURGE_JOB } from '../../../server/jobs/systemJobs';
import { runWithIdempotentWrite } from '../../../server/db/idempotentWrites';
import { newId } from '../../../server/db/ids';
import { PLAIN_JPEG } from '../thermography/thermographyApi';


/** docs/offline.md, "Idempotency-Key", word for word. */
const REPLAY_HEADER = 'idempotent-replayed';
const REUSED = 'Idempotency-Key was already used for a different request';
const IN_PROGRESS = 'A request with this Idempotency-Key is still being processed';
const INVALID = 'Idempotency-Key must be 8 to 200 letters, digits or . _ : -';
const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let fx: Fixture;
let world: WorkOrderWorld;
let order: Doc;

beforeAll(async () => {
  t = await createTestApp();
  fx = await createFixture(t);
  world = await workOrderWorld(t, 'idem');
  order = await createOrder(world);
});
afterAll(() => t?.close());

const db = () => t.app.services.db;
const keyed = (key: string) => ({ 'idempotency-key': key });

/** A real 8×8 JPEG, as POST /file takes it (read down to its header's size). */
const JPEG = PLAIN_JPEG;
function multipartOf(content: Buffer, field: string, filename: string) {
  const boundary = '----facilityops' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: image/jpeg\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function rows(query: Promise<{ n: number }[]>): Promise<number> {
  const [row] = await query;
  return row?.n ?? 0;
}

async function userId(username: string): Promise<string> {
  const [row] = await db().select({ _id: users._id }).from(users).where(eq(users.username, username));
  return row!._id;
}

async function keyRow(username: string, key: string) {
  const [row] = await db()
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, await userId(username)), eq(idempotencyKeys.key, key)));
  return row;
}

/** The five writes a technician's phone queues (DESIGN §13), each with what counts its writes. */
interface QueuedWrite {
  name: string;
  as: string;
  send(key: string, variant?: number): Promise<InjectResponse>;
  /** Rows this write adds, counted in the database. */
  written(): Promise<number>;
  /** Alerts it raised, where it raises any. */
  alerts?(): Promise<number>;
}

const queuedWrites: QueuedWrite[] = [
  {
    name: 'POST /inspection',
    as: 'technician',
    // 85 is at least 80: the fixture's threshold raises one alert.
    send: (key, variant = 0) =>
      t.request({ as: 'technician', method: 'POST', url: `/api/inspection?assetId=${fx.asset._id}`, headers: keyed(key), payload: { inspectionData: { [fx.checklist._id]: { [fx.attributes.number!._id]: 85 + variant } } } }),
    written: () => rows(db().select({ n: count() }).from(inspections).where(eq(inspections.asset, fx.asset._id))),
    alerts: () => rows(db().select({ n: count() }).from(alerts).where(eq(alerts.asset, fx.asset._id))),
  },
  {
    name: 'POST /thermographyNote',
    as: 'thermo.tech',
    send: (key, variant = 0) =>
      t.request({ as: 'thermo.tech', method: 'POST', url: '/api/thermographyNote', headers: keyed(key), payload: { assetIdentification: 'PNL-002', notes: [{ imageNumber: `IR_${100 + variant}`, note: 'Hot spot on phase L2' }] } }),
    written: () => rows(db().select({ n: count() }).from(thermographyNotes)),
  },
  {
    name: 'PUT /workOrder/:id',
    as: 'engineer',
    send: (key, variant = 0) =>
      t.request({ as: 'engineer', method: 'PUT', url: `/api/workOrder/${order._id}`, headers: keyed(key), payload: { ...pick(order), title: `Replaced filter ${variant}` } }),
    // Every saved change writes one audit entry.
    written: () => rows(db().select({ n: count() }).from(auditLog).where(eq(auditLog.recordId, order._id))),
  },
  {
    name: 'POST /workOrder/:id/activity',
    as: 'technician',
    send: (key, variant = 0) =>
      t.request({ as: 'technician', method: 'POST', url: `/api/workOrder/${order._id}/activity`, headers: keyed(key), payload: { comment: `Filter ordered (${variant})` } }),
    written: () => rows(db().select({ n: count() }).from(workOrderActivity).where(eq(workOrderActivity.workOrder, order._id))),
  },
  {
    name: 'POST /file',
    as: 'technician',
    send: (key, variant = 0) => {
      const form = multipartOf(Buffer.concat([JPEG, Buffer.alloc(variant)]), 'file', `photo-${variant}.jpg`);
      return t.request({ as: 'technician', method: 'POST', url: '/api/file', headers: { ...form.headers, ...keyed(key) }, payload: form.payload });
    },
    written: async () => rows(db().select({ n: count() }).from(files).where(eq(files.uploadedBy, await userId('technician')))),
  },
];

/** The order's form fields, as the work order dialog sends them. */
function pick(doc: Doc): Record<string, unknown> {
  const { title, asset, assignedTo, priority, status, startTimestamp, endTimestamp, description } = doc;
  return { title, asset, assignedTo, priority, status, startTimestamp, endTimestamp, ...(description ? { description } : {}) };
}

describe('Idempotency-Key on the queued writes (docs/offline.md)', () => {
  describe.each(queuedWrites)('$name', (write) => {
    it('answers a repeat with the stored answer, the replay header, and writes once', async () => {
      const key = randomUUID();
      const beforeRows = await write.written();
      const beforeAlerts = await write.alerts?.();
      const first = await write.send(key);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.headers[REPLAY_HEADER]).toBeUndefined();
      const published = vi.spyOn(t.app.services.pushes, 'publish');
      const publishedTo = vi.spyOn(t.app.services.pushes, 'publishTo');
      const second = await write.send(key);
      expect(published).not.toHaveBeenCalled();
      expect(publishedTo).not.toHaveBeenCalled();
      published.mockRestore();
      publishedTo.mockRestore();
      expect(second.statusCode).toBe(200);
      expect(second.headers[REPLAY_HEADER]).toBe('true');
      expect(second.json()).toEqual(first.json());
      expect(await write.written()).toBe(beforeRows + 1);
      if (write.alerts) expect(await write.alerts()).toBe(beforeAlerts! + 1);
      // Marked written in the write's own transaction.
      expect(await keyRow(write.as, key)).toMatchObject({ written: true, status: 200 });
    });

    it('refuses the key with another request (422) and writes nothing', async () => {
      const key = randomUUID();
      ok(await write.send(key, 1));
      const before = await write.written();
      const reused = await write.send(key, 2);
      if (write.name === 'POST /file') {
        // Multipart uploads are told apart by method and URL only: another photo under the same key replays.
        expect(reused.statusCode).toBe(200);
        expect(reused.headers[REPLAY_HEADER]).toBe('true');
      } else {
        expect(reused.statusCode, reused.body).toBe(422);
        expect(reused.json()).toEqual({ response: 'error', message: REUSED, errors: { 'Idempotency-Key': REUSED } });
      }
      expect(await write.written()).toBe(before);
    });
  });

  const activity = queuedWrites.find((w) => w.name === 'POST /workOrder/:id/activity')!;
  const inspection = queuedWrites.find((w) => w.name === 'POST /inspection')!;

  it('refuses a malformed key with 400 naming Idempotency-Key, writing nothing', async () => {
    const before = await activity.written();
    for (const key of ['short', 'has a space in it', 'x'.repeat(201), '-leading-dash']) {
      const response = await activity.send(key);
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toEqual({ response: 'error', message: INVALID, errors: { 'Idempotency-Key': INVALID } });
    }
    expect(await activity.written()).toBe(before);
  });

  it('keeps keys per user: the same key from another user is a request of its own', async () => {
    const key = randomUUID();
    const before = await activity.written();
    const byTechnician = await activity.send(key);
    const byEngineer = await t.request({ as: 'engineer', method: 'POST', url: `/api/workOrder/${order._id}/activity`, headers: keyed(key), payload: { comment: 'Filter ordered (0)' } });
    expect(byTechnician.statusCode).toBe(200);
    expect(byEngineer.statusCode).toBe(200);
    expect(byEngineer.headers[REPLAY_HEADER]).toBeUndefined();
    expect(await activity.written()).toBe(before + 2);
  });

  it('replays a 400 as a 400', async () => {
    const key = randomUUID();
    const send = () => t.request({ as: 'technician', method: 'POST', url: `/api/workOrder/${order._id}/activity`, headers: keyed(key), payload: { comment: '   ' } });
    const first = await send();
    expect(first.statusCode).toBe(400);
    const second = await send();
    expect(second.statusCode).toBe(400);
    expect(second.headers[REPLAY_HEADER]).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(second.json()).toMatchObject({ response: 'error', errors: { comment: expect.any(String) } });
  });

  it('ignores the header where no one is signed in (login) and on reads', async () => {
    const key = randomUUID();
    for (let i = 0; i < 2; i += 1) {
      const login = await t.app.inject({ method: 'POST', url: '/api/token/login', headers: keyed(key), payload: { username: 'technician', password: 'demo' } });
      expect(login.statusCode).toBe(200);
      expect(login.headers[REPLAY_HEADER]).toBeUndefined();
      const read = await t.request({ as: 'technician', method: 'GET', url: `/api/workOrder/${order._id}`, headers: keyed(key) });
      expect(read.statusCode).toBe(200);
      expect(read.headers[REPLAY_HEADER]).toBeUndefined();
    }
    expect(await rows(db().select({ n: count() }).from(idempotencyKeys).where(eq(idempotencyKeys.key, key)))).toBe(0);
  });

  describe('a key whose first request has not answered', () => {
    /** A row as a first request with the same request left it: copied from a real one under `key`. */
    async function claimLike(username: string, fromKey: string, key: string, state: { pendingUntil: number; written: boolean }) {
      const model = (await keyRow(username, fromKey))!;
      await db()
        .insert(idempotencyKeys)
        .values({ userId: model.userId, key, fingerprint: model.fingerprint, claim: randomUUID(), pendingUntil: state.pendingUntil, written: state.written });
    }

    it('answers 409 with Retry-After while the first is still being processed, writing nothing', async () => {
      const key = randomUUID();
      // The first request is held at its write (its key claimed) until released.
      const held = holdNextWrite(db());
      const first = inspection.send(key, 7);
      await held.reached;
      const before = await inspection.written();
      const response = await inspection.send(key, 7);
      expect(response.statusCode).toBe(409);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toEqual({ response: 'error', message: IN_PROGRESS, errors: { 'Idempotency-Key': IN_PROGRESS } });
      expect(await inspection.written()).toBe(before);
      held.release();
      expect((await first).statusCode).toBe(200);
      expect(await inspection.written()).toBe(before + 1);
    });

    it('takes over at once a claim no live request holds, however recent (its process died a moment ago)', async () => {
      const model = randomUUID();
      ok(await inspection.send(model, 10));
      const key = randomUUID();
      await claimLike('technician', model, key, { pendingUntil: Date.now() + 60_000, written: false });
      const before = await inspection.written();
      const response = await inspection.send(key, 10);
      expect(response.statusCode).toBe(200);
      expect(response.headers[REPLAY_HEADER]).toBeUndefined();
      expect(await inspection.written()).toBe(before + 1);
      expect(await keyRow('technician', key)).toMatchObject({ written: true, status: 200 });
    });

    it('answers 200 "Already received" when the first committed its write and its process died', async () => {
      const model = randomUUID();
      ok(await inspection.send(model, 8));
      const key = randomUUID();
      await claimLike('technician', model, key, { pendingUntil: Date.now() - 1, written: true });
      const before = await inspection.written();
      const beforeAlerts = await inspection.alerts!();
      const response = await inspection.send(key, 8);
      expect(response.statusCode).toBe(200);
      expect(response.headers[REPLAY_HEADER]).toBe('true');
      expect(response.json()).toEqual({ message: 'Already received' });
      expect(await inspection.written()).toBe(before);
      expect(await inspection.alerts!()).toBe(beforeAlerts);
    });

    it('processes the request when the first died before writing', async () => {
      const model = randomUUID();
      ok(await inspection.send(model, 9));
      const key = randomUUID();
      await claimLike('technician', model, key, { pendingUntil: Date.now() - 1, written: false });
      const before = await inspection.written();
      const response = await inspection.send(key, 9);
      expect(response.statusCode).toBe(200);
      expect(response.headers[REPLAY_HEADER]).toBeUndefined();
      expect(response.json().inspections).toHaveLength(1);
      expect(await inspection.written()).toBe(before + 1);
      expect(await keyRow('technician', key)).toMatchObject({ written: true, status: 200 });
      // And from now on it is an answered key like any other.
      const again = await inspection.send(key, 9);
      expect(again.headers[REPLAY_HEADER]).toBe('true');
      expect(again.json()).toEqual(response.json());
    });
  });

  describe('answers of 500 and above', () => {
    it('are not stored: the write rolled back, and the key may be used again', async () => {
      const key = randomUUID();
      const before = await activity.written();
      const failing = vi.spyOn(db(), 'transaction').mockRejectedValueOnce(new Error('the database went away'));
      const failed = await activity.send(key);
      failing.mockRestore();
      expect(failed.statusCode).toBe(500);
      expect(await keyRow('technician', key)).toBeUndefined();
      expect(await activity.written()).toBe(before);
      const retried = await activity.send(key);
      expect(retried.statusCode).toBe(200);
      expect(retried.headers[REPLAY_HEADER]).toBeUndefined();
      expect(await activity.written()).toBe(before + 1);
    });

    it('keep the key of a write that committed before the failure: a repeat is "Already received"', async () => {
      const key = randomUUID();
      const before = await activity.written();
      // The write commits; publishing its push afterwards fails (a work order's go to rooms of its readers: publishTo).
      const failing = vi.spyOn(t.app.services.pushes, 'publishTo').mockImplementationOnce(() => {
        throw new Error('push hub down');
      });
      const failed = await activity.send(key);
      failing.mockRestore();
      expect(failed.statusCode).toBe(500);
      expect(await activity.written()).toBe(before + 1);
      const repeat = await activity.send(key);
      expect(repeat.statusCode).toBe(200);
      expect(repeat.headers[REPLAY_HEADER]).toBe('true');
      expect(repeat.json()).toEqual({ message: 'Already received' });
      expect(await activity.written()).toBe(before + 1);
    });
  });

  it('stores the answer as sent before compression, and replays it compressed alike', async () => {
    const key = randomUUID();
    const send = () =>
      t.request({ as: 'engineer', method: 'PUT', url: `/api/workOrder/${order._id}`, headers: { ...keyed(key), 'accept-encoding': 'gzip' }, payload: { ...pick(order), description: 'Long note. '.repeat(200) } });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(second.headers['content-encoding']).toBe('gzip');
    expect(second.headers[REPLAY_HEADER]).toBe('true');
    expect(JSON.parse(gunzipSync(second.rawPayload).toString('utf8'))).toEqual(JSON.parse(gunzipSync(first.rawPayload).toString('utf8')));
    expect(JSON.parse((await keyRow('engineer', key))!.body!)).toMatchObject({ _id: order._id, description: 'Long note. '.repeat(200) });
  });

  it('rolls back a write whose claim was taken over meanwhile (it outlived its pending time), with a 409', async () => {
    const key = randomUUID();
    const technician = await userId('technician');
    await db().insert(idempotencyKeys).values({ userId: technician, key, fingerprint: 'f', claim: 'the repeat that took it over', pendingUntil: Date.now() + 60_000 });
    const before = await activity.written();
    const write = { userId: technician, key, claim: 'the first, outlived', settled: false };
    const attempt = runWithIdempotentWrite(write, () =>
      db().transaction(async (tx) => {
        await tx.insert(workOrderActivity).values({ _id: newId(), workOrder: order._id, user: technician, comment: 'written twice?' });
      }),
    );
    await expect(attempt).rejects.toMatchObject({ statusCode: 409, message: IN_PROGRESS });
    expect(await activity.written()).toBe(before);
    expect(await keyRow('technician', key)).toMatchObject({ written: false, claim: 'the repeat that took it over' });
  });

  it("writes nothing for a submit whose claim was taken over before its one-statement write, with a 409", async () => {
    const key = randomUUID();
    const held = holdNextWrite(db());
    const first = inspection.send(key, 11);
    await held.reached;
    const before = await inspection.written();
    const beforeAlerts = await inspection.alerts!();
    const technician = await userId('technician');
    await db().update(idempotencyKeys).set({ claim: 'the repeat that took it over' }).where(and(eq(idempotencyKeys.userId, technician), eq(idempotencyKeys.key, key)));
    held.release();
    const answer = await first;
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toEqual({ response: 'error', message: IN_PROGRESS, errors: { 'Idempotency-Key': IN_PROGRESS } });
    expect(await inspection.written()).toBe(before);
    expect(await inspection.alerts!()).toBe(beforeAlerts);
    expect(await keyRow('technician', key)).toMatchObject({ written: false, claim: 'the repeat that took it over', status: null });
  });

  it('purges keys older than 8 days in a system job, keeping younger ones', async () => {
    const now = Date.now();
    const user = await userId('technician');
    const old = randomUUID();
    const young = randomUUID();
    const row = { userId: user, fingerprint: 'f', claim: randomUUID(), status: 200, body: '{}' };
    await db()
      .insert(idempotencyKeys)
      .values([
        { ...row, key: old, createdAt: now - 8 * DAY - 60_000 },
        { ...row, key: young, createdAt: now - 7 * DAY },
      ]);
    const summary = await IDEMPOTENCY_PURGE_JOB.run(db(), now);
    expect(summary.purgedIdempotencyKeys).toBeGreaterThanOrEqual(1);
    expect(await keyRow('technician', old)).toBeUndefined();
    expect(await keyRow('technician', young)).toBeDefined();
  });
});
