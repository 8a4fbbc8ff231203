import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_MESSAGES, IDEMPOTENCY_RETENTION_MS, IDEMPOTENT_REPLAY_HEADER } from '../../common/idempotency';
import type { Database } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { runWithIdempotentWrite, type IdempotentWrite } from '../db/idempotentWrites';
import { errorBody } from './errors';

/** Methods that may carry a key (docs/offline.md): the writes. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/**
 * How long a claim stays pending before a repeat takes it as abandoned (its process died before
 * answering). A request that outlives it loses its claim: its write is refused (idempotentWrites.ts).
 */
export const IDEMPOTENCY_PENDING_MS = 60_000;
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

const claims = new WeakMap<FastifyRequest, IdempotentWrite>();

/** Method, URL as requested (path and query) and SHA-256 of the JSON body; multipart: method and URL. */
export function fingerprintOf(request: FastifyRequest): string {
  const head = `${request.method} ${request.url}`;
  if (String(request.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/')) return head;
  const body = request.body === undefined ? '' : JSON.stringify(request.body);
  return `${head} ${createHash('sha256').update(body).digest('hex')}`;
}

const keyCondition = (userId: string, key: string) => and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

/**
 * Claims `key` for this request, or says what the earlier request with it decided. The INSERT …
 * ON CONFLICT DO NOTHING is the claim: atomic across processes on PostgreSQL.
 */
async function claimKey(db: Database, userId: string, key: string, fingerprint: string): Promise<Outcome> {
  const waitUntil = Date.now() + IDEMPOTENCY_WAIT_MS;
  for (let pause = 25; ; pause = Math.min(pause * 2, 200)) {
    const claim = randomUUID();
    const write: IdempotentWrite = { userId, key, claim, settled: false };
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ userId, key, fingerprint, claim, pendingUntil: Date.now() + IDEMPOTENCY_PENDING_MS })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: 'claimed', write };
    const [row] = await db.select().from(idempotencyKeys).where(keyCondition(userId, key));
    // Released (a 500) between the two statements: claim it again.
    if (!row) continue;
    if (row.fingerprint !== fingerprint) return { kind: 'reused' };
    if (row.status !== null) return { kind: 'replay', status: row.status, body: row.body ?? '', contentType: row.contentType };
    if (row.pendingUntil !== null && row.pendingUntil > Date.now()) {
      if (Date.now() >= waitUntil) return { kind: 'inProgress' };
      await sleep(pause);
      continue;
    }
    if (row.written) return { kind: 'alreadyReceived' };
    if (await takeOver(db, row, claim)) return { kind: 'claimed', write };
  }
}

/** An abandoned claim whose write never committed: this request processes the key instead. */
async function takeOver(db: Database, row: KeyRow, claim: string): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ claim, pendingUntil: Date.now() + IDEMPOTENCY_PENDING_MS })
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
export const idempotencyPlugin = fp(async (app: FastifyInstance) => {
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
    claimKey(db(), request.user._id, key, fingerprintOf(request)).then(
      (outcome) => {
        if (outcome.kind !== 'claimed') {
          void answer(reply, outcome);
          return;
        }
        claims.set(request, outcome.write);
        runWithIdempotentWrite(outcome.write, done);
      },
      (error: unknown) => done(error as Error),
    );
  });

  // Callback style: every answer passes here, and most hold no claim; an async hook would cost them a promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    const write = claims.get(request);
    if (!write || write.settled) {
      done(null, payload);
      return;
    }
    write.settled = true;
    const contentType = reply.getHeader('content-type');
    settle(db(), write, reply.statusCode, payload, typeof contentType === 'string' ? contentType : null).then(
      () => done(null, payload),
      (error: unknown) => {
        // The row stays pending: a repeat after IDEMPOTENCY_PENDING_MS finds it written or takes it over.
        request.log.error({ err: error }, 'the answer of an Idempotency-Key could not be stored');
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
