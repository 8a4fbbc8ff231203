import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES, IDEMPOTENCY_RETENTION_MS, IDEMPOTENT_REPLAY_HEADER } from '../../common/idempotency';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { runWithIdempotentWrite, settleIdempotentWrite, type IdempotentWrite } from '../db/idempotentWrites';
import type { ClaimLocks } from '../db/claimLocks';
import { errorBody } from './errors';

/** Methods that may carry a key (docs/offline.md): the writes. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * Written as a pending claim's `pending_until` for processes of releases before the claim lock,
 * which still read it while a rolling deploy replaces them (they take a claim as abandoned after
 * it). This release never reads it: a claim is alive exactly while its owner holds its lock.
 */
const EARLIER_RELEASES_PENDING_MS = 60_000;
/** How long a repeat waits for the first request with its key to answer before answering 409. */
export const IDEMPOTENCY_WAIT_MS = 2_000;
/** The answer to a repeat whose first request committed its write but never stored its answer. */
export const ALREADY_RECEIVED = { message: 'Already received' } as const;
/** Answers that say "try again later", not "this is the outcome": never stored, like 500s. */
const RETRYABLE_STATUSES = new Set([408, 429]);

type KeyRow = typeof idempotencyKeys.$inferSelect;

type Outcome =
  | { kind: 'claimed'; write: IdempotentWrite }
  | { kind: 'replay'; status: number; body: string; contentType: string | null }
  | { kind: 'alreadyReceived' }
  | { kind: 'reused' }
  | { kind: 'inProgress' };

/** A claimed request's key and the lock saying its owner is alive. */
interface Claim {
  write: IdempotentWrite;
  lock: string;
}

const claims = new WeakMap<FastifyRequest, Claim>();

/** Method, URL as requested (path and query) and SHA-256 of the JSON body; multipart: method and URL. */
export function fingerprintOf(request: FastifyRequest): string {
  const head = `${request.method} ${request.url}`;
  if (String(request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')) return head;
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return `${head} ${createHash('sha256').update(body).digest('hex')}`;
}

/**
 * The claim lock of a user's key (db/claimLocks.ts): PostgreSQL's advisory locks are named by a
 * bigint, here the first 8 bytes of SHA-256 of user and key. Two keys sharing one (odds 2⁻⁶⁴)
 * only make a repeat of one wait for the other's answer.
 */
export function claimLockOf(userId: string, key: string): string {
  return createHash('sha256').update(`${userId}\u0000${key}`).digest().readBigInt64BE(0).toString();
}

const keyCondition = (userId: string, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

const replayOf = (row: KeyRow): Outcome => ({ kind: 'replay', status: row.status as number, body: row.body ?? '', contentType: row.contentType });

/**
 * Claims `key` for this request, or says what the earlier request with it decided. Whoever takes
 * the key's lock (db/claimLocks.ts) is the one live request with it, in any process: it inserts the
 * row (INSERT … ON CONFLICT DO NOTHING) or, finding one, decides from it. A repeat that cannot take
 * the lock waits for the holder's stored answer.
 */
async function claimKey(db: Database, locks: ClaimLocks, userId: string, key: string, fingerprint: string): Promise<Outcome> {
  const lock = claimLockOf(userId, key);
  const waitUntil = Date.now() + IDEMPOTENCY_WAIT_MS;
  for (let pause = 25; ; pause = Math.min(pause * 2, 200)) {
    if (await locks.tryLock(lock)) {
      let outcome: Outcome | null = null;
      try {
        outcome = await decideHoldingLock(db, userId, key, fingerprint);
      } finally {
        if (outcome?.kind !== 'claimed') locks.unlock(lock);
      }
      return outcome;
    }
    // A live request holds the key: its answer, once stored, is this one's.
    const [row] = await db.select().from(idempotencyKeys).where(keyCondition(userId, key));
    if (row && row.fingerprint !== fingerprint) return { kind: 'reused' };
    if (row && row.status !== null) return replayOf(row);
    if (Date.now() >= waitUntil) return { kind: 'inProgress' };
    await sleep(pause);
  }
}

/** With the key's lock held: no other live request has this key, so its row is this one's to decide. */
async function decideHoldingLock(db: Database, userId: string, key: string, fingerprint: string): Promise<Outcome> {
  for (;;) {
    const claim = randomUUID();
    const write: IdempotentWrite = { userId, key, claim, settled: false };
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint, claim, pendingUntil: Date.now() + EARLIER_RELEASES_PENDING_MS })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'claimed', write };
    const [row] = await db.select().from(idempotencyKeys).where(keyCondition(userId, key));
    // Purged between the two statements: claim it again.
    if (!row) continue;
    if (row.fingerprint !== fingerprint) return { kind: 'reused' };
    if (row.status !== null) return replayOf(row);
    // Unanswered, and its lock free: the request that claimed it died (its process, or that
    // process's connection to PostgreSQL) before storing its answer.
    if (row.written) return { kind: 'alreadyReceived' };
    if (await takeOver(db, row, claim)) return { kind: 'claimed', write };
  }
}

/** An abandoned claim whose write never committed: this request processes the key instead. */
async function takeOver(db: Database, row: KeyRow, claim: string): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ claim, pendingUntil: Date.now() + EARLIER_RELEASES_PENDING_MS })
    .where(and(keyCondition(row.userId, row.key), eq(idempotencyKeys.claim, row.claim), eq(idempotencyKeys.written, false), isNull(idempotencyKeys.status)))
    .returning({ key: idempotencyKeys.key });
  return taken.length > 0;
}

const claimCondition = (write: IdempotentWrite) => and(keyCondition(write.userId, write.key), eq(idempotencyKeys.claim, write.claim));

/** Keeps the answer of the request holding the claim, or lets the key go when it is not an outcome. */
async function settle(db: Database, write: IdempotentWrite, status: number, payload: unknown, contentType: string | null) {
  if (status >= 500 || RETRYABLE_STATUSES.has(status)) {
    // Nothing committed: the key may be used again. A write that did commit before the failure
    // keeps its key, answering "Already received" from now on.
    await db.delete(idempotencyKeys).where(and(claimCondition(write), eq(idempotencyKeys.written, false)));
    await db
      .update(idempotencyKeys)
      .set({ status: 200, body: JSON.stringify(ALREADY_RECEIVED), contentType: 'application/json; charset=utf-8', pendingUntil: null })
      .where(and(claimCondition(write), eq(idempotencyKeys.written, true)));
    return;
  }
  const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : '';
  await db.update(idempotencyKeys).set({ status, body, contentType, pendingUntil: null }).where(claimCondition(write));
}

function answer(reply: FastifyReply, outcome: Exclude<Outcome, { kind: 'claimed' }>) {
  switch (outcome.kind) {
    case 'replay':
      reply.code(outcome.status).header(IDEMPOTENT_REPLAY_HEADER, 'true');
      if (outcome.contentType) reply.header('content-type', outcome.contentType);
      return reply.send(outcome.body);
    case 'alreadyReceived':
      return reply.code(200).header(IDEMPOTENT_REPLAY_HEADER, 'true').send(ALREADY_RECEIVED);
    case 'reused':
      return reply.code(422).send(errorBody(IDEMPOTENCY_MESSAGES.reused, { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_MESSAGES.reused }));
    case 'inProgress':
      return reply.code(409).header('retry-after', '1').send(errorBody(IDEMPOTENCY_MESSAGES.inProgress, { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_MESSAGES.inProgress }));
  }
}

/**
 * DESIGN §13, docs/offline.md "Idempotency-Key": one mechanism for every authenticated write.
 * After the token is checked (onRequest) and the body parsed, before the input checks, the schema
 * validators and the handler: a request carrying the header claims its key, or is answered from
 * it without reaching the handler (replay, 422, 409). The handler of a claimed key runs inside
 * the claim's AsyncLocalStorage context, so its transactions mark the key written
 * (db/idempotentWrites.ts). Its answer is stored on the way out (onSend).
 */
export const idempotencyPlugin = fp(async (app: FastifyInstance, { locks }: { locks: ClaimLocks }) => {
  const db = () => app.services.db;

  // Callback style: `done` is called inside the claim's context, so the rest of the request —
  // validation, preHandlers, the handler — runs in it. A request answered here never calls it.
  app.addHook('preValidation', (request, reply, done) => {
    const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
    if (header === undefined || !request.user || !WRITE_METHODS.has(request.method)) {
      done();
      return;
    }
    const key = Array.isArray(header) ? header.join(', ') : header;
    if (!IDEMPOTENCY_KEY_PATTERN.test(key)) {
      void reply.code(400).send(errorBody(IDEMPOTENCY_MESSAGES.invalid, { [IDEMPOTENCY_HEADER]: IDEMPOTENCY_MESSAGES.invalid }));
      return;
    }
    const userId = request.user._id;
    claimKey(db(), locks, userId, key, fingerprintOf(request)).then(
      (outcome) => {
        if (outcome.kind !== 'claimed') {
          void answer(reply, outcome);
          return;
        }
        claims.set(request, { write: outcome.write, lock: claimLockOf(userId, key) });
        runWithIdempotentWrite(outcome.write, done);
      },
      (error: unknown) => done(error as Error),
    );
  });

  // Callback style: every answer passes here, and most hold no claim; an async hook would cost them a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const claim = claims.get(request);
    if (!claim || claim.write.settled) {
      done(null, payload);
      return;
    }
    settleIdempotentWrite(claim.write);
    const contentType = reply.getHeader('content-type');
    settle(db(), claim.write, reply.statusCode, payload, typeof contentType === 'string' ? contentType : null).then(
      () => {
        // After the answer is stored: a repeat that takes the lock from here on replays it.
        locks.unlock(claim.lock);
        done(null, payload);
      },
      (error: unknown) => {
        // The row stays pending and its lock goes: a repeat finds it written, or takes it over.
        request.log.error({ err: error }, 'the answer of an Idempotency-Key could not be stored');
        locks.unlock(claim.lock);
        done(null, payload);
      },
    );
  });
});

/** System job (systemJobs.ts): keys are kept IDEMPOTENCY_RETENTION_MS, then purged. */
export async function purgeIdempotencyKeys(db: Database, now: number): Promise<{ purgedIdempotencyKeys: number }> {
  const purged = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_RETENTION_MS))
    .returning({ one: sql<number>`1` });
  return { purgedIdempotencyKeys: purged.length };
}
