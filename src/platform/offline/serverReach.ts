import { httpStatusOf } from '../authProvider/httpStatus';

/**
 * When the phone treats the server as out of reach (docs/offline.md). Reads and writes draw the
 * line in different places, on purpose, and the two rules live side by side so they stay apart
 * knowingly: a read answers a stored copy only when no real answer came (a 500 is the server's
 * answer and is shown); a write is queued on any 5xx too, because its Idempotency-Key makes the
 * retry harmless and the technician's work must not be lost to a failing server.
 */

/** The phone says it has no network: a write is queued without trying, a read answers its copy. */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

const aborted = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** Statuses a proxy or an overloaded server answers when the API cannot really answer. */
const GATEWAY_STATUSES = new Set([502, 503, 504]);

/** Reads: no answer from the server — fetch rejected (TypeError), or a gateway said the API is unreachable. */
export function isNetworkFailure(error: unknown): boolean {
  if (aborted(error)) return false;
  const status = httpStatusOf(error);
  if (status === undefined) return error instanceof TypeError;
  return GATEWAY_STATUSES.has(status);
}

/** Writes: no answer at all (fetch rejected), or the server's side failed (any 5xx). A 4xx is shown as the server's answer. */
export function cannotReachServer(error: unknown): boolean {
  if (aborted(error)) return false;
  const status = httpStatusOf(error);
  return status === undefined || status >= 500;
}
