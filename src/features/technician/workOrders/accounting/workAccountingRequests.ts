import type { WorkOrderRequest } from '../../../workOrders/shared/useWorkOrderWrite';
import { workOrderApiPath } from '../../../workOrders/shared/workOrderApiPath';

/**
 * The technician's work-accounting writes on an order (docs/work-orders.md "Work accounting"), as
 * they are sent and as the outbox keeps them. Every time in them is the phone's time when the
 * technician pressed, so work recorded offline keeps its real times when the outbox sends it later.
 */

/** POST /workOrder/{id}/labour {startedAt}: the signed-in technician's timer starts. */
export const startTimerRequest = (orderId: string, startedAt: number): WorkOrderRequest => ({
  method: 'POST',
  path: workOrderApiPath(orderId, '/labour'),
  body: { startedAt },
});

/** POST /workOrder/{id}/labour/stop {endedAt}: their running timer ends. */
export const stopTimerRequest = (orderId: string, endedAt: number): WorkOrderRequest => ({
  method: 'POST',
  path: workOrderApiPath(orderId, '/labour/stop'),
  body: { endedAt },
});

/** POST /workOrder/{id}/labour {startedAt, hours}: work done without the timer. */
export const addTimeRequest = (orderId: string, startedAt: number, hours: number): WorkOrderRequest => ({
  method: 'POST',
  path: workOrderApiPath(orderId, '/labour'),
  body: { startedAt, hours },
});

/** POST /workOrder/{id}/parts {part, quantity}. */
export const partUseRequest = (orderId: string, part: string, quantity: number): WorkOrderRequest => ({
  method: 'POST',
  path: workOrderApiPath(orderId, '/parts'),
  body: { part, quantity },
});

/** What an outbox item of a part use keeps, so the order shows which part waits (its body holds the id only). */
export interface QueuedPartDraft {
  orderId: string;
  partNumber: string;
  partName: string;
  quantity: number;
}
