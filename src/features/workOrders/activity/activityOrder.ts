import type { WorkOrderActivity } from '../../../../common/resources/workOrder';

/**
 * Spec §2.3: the Activity Log newest first. The server serves it so; ordering here too keeps the
 * screen right whatever order an answer brings (a stable sort keeps the server's order of entries
 * made in the same millisecond).
 */
export const newestFirst = (activity: readonly WorkOrderActivity[]): WorkOrderActivity[] =>
  [...activity].sort((a, b) => b.createdAt - a.createdAt);
