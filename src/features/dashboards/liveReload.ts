import type { PushEventName, PushEvents } from '../../../common/realtime';

/** Query API entities (docs/scripts.md) whose data a push says has changed. */
export function changedEntities<E extends PushEventName>(event: E, payload: PushEvents[E]): string[] {
  if (event === 'new-alert') return ['alert'];
  // A new inspection also completes inspection schedules (DESIGN §5).
  if (event === 'new-inspection') return ['inspection', 'inspectionSchedule'];
  // Work orders: what the KPI widgets count (docs/kpis.md).
  if (event === 'new-work-order') return ['workOrder'];
  if (event !== 'update-detail') return [];
  const detail = payload as PushEvents['update-detail'];
  if (detail.type === 'workOrder') return ['workOrder'];
  if (detail.type === 'alert') return ['alert'];
  if (detail.type === 'inspection') return ['inspection'];
  if (detail.type === 'inspectionSchedule') return ['inspectionSchedule'];
  return [];
}

export type EntityVersions = Readonly<Record<string, number>>;

/** Whether a version change concerns a widget that read `dependsOn` (null: not known yet, so any). */
export function concerns(previous: EntityVersions, next: EntityVersions, dependsOn: readonly string[] | null): boolean {
  return Object.keys(next).some((entity) => next[entity] !== previous[entity] && (dependsOn === null || dependsOn.includes(entity)));
}
