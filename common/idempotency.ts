/**
 * DESIGN §13: every write a technician's phone queues carries an `Idempotency-Key` (made when the
 * user pressed Submit). The server keeps key → first answer for at least 7 days in PostgreSQL, so a
 * repeat — a retry after a lost answer, the same queue flushed by two tabs — answers the first
 * result without writing again. Keys are per user: another account's key never replays.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
/** Set on an answer that was replayed from the stored first answer rather than written now. */
export const IDEMPOTENT_REPLAY_HEADER = 'Idempotent-Replayed';
/** A UUID, or a UUID with a suffix (`<uuid>:photo:2` for the photos of one queued inspection). */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{7,199}$/;
/** How long a key's first answer is kept (DESIGN §13: at least 7 days). */
export const IDEMPOTENCY_RETENTION_MS = 8 * 24 * 60 * 60 * 1000;

/** The server's words for the three ways a key can be refused (docs/offline.md). */
export const IDEMPOTENCY_MESSAGES = {
  /** 400: the header is not a key. */
  invalid: 'Idempotency-Key must be 8 to 200 letters, digits or . _ : -',
  /** 422: the key was used before for another request (another body, route or method). */
  reused: 'Idempotency-Key was already used for a different request',
  /** 409: the first request with this key is still being processed; retry shortly. */
  inProgress: 'A request with this Idempotency-Key is still being processed',
} as const;
