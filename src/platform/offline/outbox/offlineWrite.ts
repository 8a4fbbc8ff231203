import { IDEMPOTENCY_HEADER } from '../../../../common/idempotency';

/**
 * What the four technician writes share (docs/offline.md): a key made when Submit is pressed, sent
 * with the direct call too (a retry by the user after a timeout is safe); when a write goes into
 * the outbox instead of failing is `cannotReachServer` (serverReach.ts).
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

/** The i18n key of the notice after queueing (an info, not an error). */
export const SAVED_ON_PHONE = 'app.outbox.saved_on_phone';
