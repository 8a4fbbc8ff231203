import { useCallback, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import type { WorkOrderDetail } from '../../../../common/resources/workOrder';
import { httpStatusOf } from '../../../platform/authProvider/httpStatus';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { useApiFetch } from '../../../platform/dataProvider/useApiFetch';
import type { OutboxRequest } from '../../../platform/offline/outbox/outboxItem';
import { idempotencyHeaders, newIdempotencyKey } from '../../../platform/offline/outbox/offlineWrite';
import { cannotReachServer, isOffline } from '../../../platform/offline/serverReach';
import { workOrderApiPath } from './workOrderApiPath';
import type { WorkOrderDetailHandle } from './useWorkOrderDetail';

export type WorkOrderWriteKind = 'status' | 'activity' | 'labour' | 'part' | 'downtime';

/** A write as the outbox keeps it (the technician's status and activity). */
export type WorkOrderRequest = Omit<OutboxRequest, 'query'>;

/** A write as it is sent: the outbox's, or one the outbox never keeps (labour, parts, their removal). */
export interface WorkOrderCall {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  body?: unknown;
}

/** POST /workOrder/{id}/activity of a comment already trimmed (spec §5, `activityComment`), with its photos' ids if any. */
export const activityRequest = (orderId: string, comment: string, photos: readonly string[] = []): WorkOrderRequest => ({
  method: 'POST',
  path: workOrderApiPath(orderId, '/activity'),
  body: photos.length > 0 ? { comment, photos: [...photos] } : { comment },
});

export interface WorkOrderWriteRequest {
  kind: WorkOrderWriteKind;
  /** Sent with the Idempotency-Key made at the press (a retry after a lost answer is safe). */
  request: WorkOrderCall;
  /** i18n key of the success notification. */
  successMessage: string;
  /**
   * Puts the write aside when the server cannot be reached (the technician's outbox, docs/offline.md),
   * with the key and the time of the press; resolves once it is kept. Without it such a failure is
   * shown as any other.
   */
  keepUnsent?: (key: string, createdAt: number) => Promise<void>;
  /** Told the server's message when it refused the write (a form shows it beside what was typed). */
  onRefused?: (message: string) => void;
}

/** Answers that mean the order on screen is out of date: completed (409), gone (404). A 403 signs the user out (spec §8). */
const STALE_ORDER_STATUSES = new Set([404, 409]);

const isDetail = (answer: unknown): answer is WorkOrderDetail =>
  typeof answer === 'object' && answer !== null && Array.isArray((answer as Partial<WorkOrderDetail>).activity);

/**
 * A write to an order shown with its log (the technician's detail, the engineer's dialog: its
 * activity, labour and parts, DESIGN §18 — each answered as GET /workOrder/{id}): one at
 * a time — a second press while one is on its way does nothing (the ref guards at once; `writing`
 * disables the controls). Success says so and shows the order the answer carries (POST activity
 * answers as GET /workOrder/{id} does), or reads it again (the server logged a status change its
 * answer does not carry). A failure shows the server's message as an error notification, and when
 * it says the order on screen is out of date — completed meanwhile (409), deleted (404) — the order
 * is read again so the screen shows what is true now.
 */
export function useWorkOrderWrite(detail: Pick<WorkOrderDetailHandle, 'reload' | 'show'>) {
  const apiFetch = useApiFetch();
  const notify = useNotify();
  const translate = useTranslate();
  const inFlight = useRef(false);
  const [writing, setWriting] = useState<WorkOrderWriteKind | null>(null);
  const { reload, show } = detail;

  const write = useCallback(
    async ({ kind, request, successMessage, keepUnsent, onRefused }: WorkOrderWriteRequest): Promise<boolean> => {
      if (inFlight.current) return false;
      inFlight.current = true;
      setWriting(kind);
      const key = newIdempotencyKey();
      const createdAt = Date.now();
      try {
        if (keepUnsent && isOffline()) {
          await keepUnsent(key, createdAt);
          return true;
        }
        const answer = await apiFetch<unknown>(request.path, { method: request.method, body: request.body, headers: idempotencyHeaders(key) });
        notify(successMessage, { type: 'success' });
        if (isDetail(answer)) show(answer);
        else reload();
        return true;
      } catch (error: unknown) {
        if (keepUnsent && cannotReachServer(error)) {
          try {
            await keepUnsent(key, createdAt);
            return true;
          } catch {
            // It could not be kept (IndexedDB): the form keeps everything and shows why the call failed.
          }
        }
        const message = errorMessageOf(error, translate);
        // `_`: the server's words are shown as they are, not looked up as a translation key.
        notify(message, { type: 'error', messageArgs: { _: message } });
        onRefused?.(message);
        const status = httpStatusOf(error);
        if (status !== undefined && STALE_ORDER_STATUSES.has(status)) reload();
        return false;
      } finally {
        inFlight.current = false;
        setWriting(null);
      }
    },
    [apiFetch, notify, reload, show, translate],
  );

  return { write, writing };
}

/** What a screen holds of `useWorkOrderWrite`: the write, and which kind is on its way. */
export type WorkOrderWrites = ReturnType<typeof useWorkOrderWrite>;
