import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import pg from 'pg';
import { sharedServices, twoProcesses } from '../helpers/sharedServices';
import { createFixture, type Fixture } from '../inspections/inspectionFixture';
import { inspections, users } from '../../../server/db/schema';
import { claimLockOf } from '../../../server/http/idempotency';
import { holdNextWrite } from './heldWrite';

/**
 * Issue 39 §6, docs/offline.md "A lost answer": a claim lives exactly as long as its owner's
 * connection to PostgreSQL holds the key's lock — two app instances on one database, as two
 * processes behind the proxy. A claim whose owner's session ended is taken over at once; a live
 * one is never taken over, however long it takes.
 */
const servers = await sharedServices('Idempotency-Key claims tied to their owner');

const IN_PROGRESS = 'A request with this Idempotency-Key is still being processed';

describe.skipIf(!servers)("an Idempotency-Key's claim and its owner's session", () => {
  const processes = twoProcesses(servers, { jobsEnabled: false });
  let fx: Fixture;
  let token: string;
  let technician: string;
  let admin: pg.Client;

  beforeAll(async () => {
    fx = await createFixture(processes.first);
    token = await processes.first.login('technician');
    const [row] = await processes.first.app.services.db.select({ _id: users._id }).from(users).where(eq(users.username, 'technician'));
    technician = row!._id;
    admin = new pg.Client({ connectionString: processes.first.config.databaseUrl! });
    await admin.connect();
  });
  afterAll(() => admin?.end());

  const stored = async () => {
    const [row] = await processes.first.app.services.db.select({ n: count() }).from(inspections).where(eq(inspections.asset, fx.asset._id));
    return row?.n ?? 0;
  };

  const submit = (key: string, value: number) => ({
    method: 'POST' as const,
    url: `/api/inspection?assetId=${fx.asset._id}`,
    headers: { 'x-auth': token, 'idempotency-key': key },
    payload: { inspectionData: { [fx.checklist._id]: { [fx.attributes.number!._id]: value } } },
  });

  /** The backend holding the key's claim lock (pg_locks shows a bigint lock as its two halves). */
  async function lockHolder(key: string): Promise<number | null> {
    const lock = BigInt(claimLockOf(technician, key));
    const { rows } = await admin.query<{ pid: number }>(
      `select pid from pg_locks where locktype = 'advisory' and granted and objsubid = 1
         and database = (select oid from pg_database where datname = current_database())
         and classid = $1::bigint::oid and objid = $2::bigint::oid`,
      [String(BigInt.asUintN(64, lock) >> 32n), String(BigInt.asUintN(64, lock) & 0xffffffffn)],
    );
    return rows[0]?.pid ?? null;
  }

  it("takes over at once a claim whose owner's connection died, and rolls back the owner's write", async () => {
    const key = randomUUID();
    const request = submit(key, 91);
    const before = await stored();
    const held = holdNextWrite(processes.first.app.services.db);
    const first = processes.first.app.inject(request);
    await held.reached;

    // The owner's session ends, as when its process is killed: PostgreSQL frees its locks.
    const holder = await lockHolder(key);
    expect(holder, 'no backend holds the claim').not.toBeNull();
    await admin.query('select pg_terminate_backend($1)', [holder]);
    await expect.poll(() => lockHolder(key)).toBeNull();

    const repeat = await processes.second.inject(request);
    expect(repeat.statusCode, repeat.body).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBeUndefined();
    expect(await stored()).toBe(before + 1);

    // The first, still running, finds its claim taken over: its write is rolled back.
    held.release();
    const firstAnswer = await first;
    expect(firstAnswer.statusCode).toBe(409);
    expect(firstAnswer.json()).toMatchObject({ message: IN_PROGRESS });
    expect(await stored()).toBe(before + 1);
    // From now on the key answers the repeat's answer, on either process.
    const again = await processes.first.app.inject(request);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(repeat.json());
  });

  it('never takes over a live claim, however long its request takes', async () => {
    const key = randomUUID();
    const request = submit(key, 92);
    const before = await stored();
    const held = holdNextWrite(processes.first.app.services.db);
    const first = processes.first.app.inject(request);
    await held.reached;

    // Ten minutes later by the clock, the first request still running.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    try {
      vi.setSystemTime(Date.now() + 10 * 60_000);
      const repeat = await processes.second.inject(request);
      expect(repeat.statusCode, repeat.body).toBe(409);
      expect(repeat.headers['retry-after']).toBe('1');
      expect(repeat.json()).toMatchObject({ message: IN_PROGRESS });
      expect(await stored()).toBe(before);
    } finally {
      vi.useRealTimers();
    }

    held.release();
    const firstAnswer = await first;
    expect(firstAnswer.statusCode, firstAnswer.body).toBe(200);
    expect(await stored()).toBe(before + 1);
    const again = await processes.second.inject(request);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(firstAnswer.json());
  });
});
