import { IDEMPOTENCY_HEADER } from '../../../common/idempotency';
import { httpStatusOf } from '../../authProvider/httpStatus';

/**
 * What the four technician writes share (docs/offline.md): a key made when Submit is pressed, sent
 * with the direct call too (a retry by the user after a timeout is safe), and the rule for when a
 * write goes into the outbox instead of failing.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const idempotencyHeaders = (key: string): Record<string, string> => ({ [IDEMPOTENCY_HEADER]: key });

/** The phone says it has no network: the write is queued without trying. */
export const isOffline = (): boolean => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The server could not be reached: no answer at all (fetch rejected), or the server's side failed
 * (5xx, 503 from a proxy). A 4xx is the server's answer and is shown as today.
 */
export function cannotReachServer(error: unknown): boolean {
  if (error instanceof DOMException && error.name === 'AbortError') return false;
  const status = httpStatusOf(error);
  return status === undefined || status >= 500;
}

/** The i18n key of the notice after queueing (an info, not an error). */
export const SAVED_ON_PHONE = 'app.outbox.saved_on_phone';
