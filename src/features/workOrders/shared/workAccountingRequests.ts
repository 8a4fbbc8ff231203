import type { WorkOrderCall } from './useWorkOrderWrite';
import { workOrderApiPath } from './workOrderApiPath';

/**
 * The calls of an order's work accounting (docs/work-orders.md "Work accounting", DESIGN §18):
 * each answers the order as GET /workOrder/{id} does, so the screen shows it without another read.
 */

/** What a labour entry is made of: who, from when, and until when or for how many hours. */
export type LabourInput = { user: string; startedAt: number } & ({ endedAt: number } | { hours: number });

/** POST /workOrder/{id}/labour: a finished entry (an end or hours given). */
export const addLabourRequest = (orderId: string, entry: LabourInput): WorkOrderCall => ({
  method: 'POST',
  path: workOrderApiPath(orderId, '/labour'),
  body: entry,
});

/** POST /workOrder/{id}/labour/stop: ends `user`'s running timer now. */
export const stopLabourRequest = (orderId: string, user: string): WorkOrderCall => ({
  method: 'POST',
  path: workOrderApiPath(orderId, '/labour/stop'),
  body: { user },
});

/** DELETE /workOrder/{id}/labour/{entryId}. */
export const removeLabourRequest = (orderId: string, entryId: string): WorkOrderCall => ({
  method: 'DELETE',
  path: workOrderApiPath(orderId, `/labour/${encodeURIComponent(entryId)}`),
});

/** POST /workOrder/{id}/parts: taken from stock (409 naming `quantity` when fewer are held). */
export const partUseRequest = (orderId: string, part: string, quantity: number): WorkOrderCall => ({
  method: 'POST',
  path: workOrderApiPath(orderId, '/parts'),
  body: { part, quantity },
});

/** DELETE /workOrder/{id}/parts/{useId}: the quantity goes back to stock. */
export const returnPartRequest = (orderId: string, useId: string): WorkOrderCall => ({
  method: 'DELETE',
  path: workOrderApiPath(orderId, `/parts/${encodeURIComponent(useId)}`),
});
