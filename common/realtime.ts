import type { PermissionName } from './permissions';
import type { NewWorkOrderEvent } from './resources/workOrder';

export type { NewWorkOrderEvent };

/** Socket events of spec §7 with the payloads DESIGN §6 fixes (plus names for notifications). */
export interface NewInspectionEvent {
  _id: string;
  asset: string;
  checklist: string;
  timestamp: number;
  assetName: string;
  checklistName: string;
  /** A thermography round (no checklist: checklist and checklistName are ''). */
  type?: 'ThermographyInspection';
}

export interface NewAlertEvent {
  _id: string;
  asset: string;
  inspection: string | null;
  level: string;
  timestamp: number;
  assetName: string;
  levelName: string;
  color: string;
}

export interface UpdateDetailEvent {
  type:
    | 'inspection'
    | 'alert'
    | 'thermographyNote'
    | 'inspectionSchedule'
    | 'calendarEntry'
    | 'workOrder';
  _id: string;
}

export interface PushEvents {
  'new-inspection': NewInspectionEvent;
  'new-alert': NewAlertEvent;
  'update-detail': UpdateDetailEvent;
  /** To the assignee's own sockets only (DESIGN §11): published with the push hub's publishToUser. */
  'new-work-order': NewWorkOrderEvent;
}

export type PushEventName = keyof PushEvents;

const DETAIL_AUDIENCE: Record<UpdateDetailEvent['type'], PermissionName> = {
  inspection: 'read-inspection',
  alert: 'read-alert',
  thermographyNote: 'read-thermography-note',
  inspectionSchedule: 'read-inspection-schedule',
  calendarEntry: 'read-calendar',
  workOrder: 'read-workorder',
};

/** Who receives an event: the users allowed to read what it names (DESIGN §6). */
export function pushAudience<E extends PushEventName>(event: E, payload: PushEvents[E]): PermissionName {
  if (event === 'new-inspection') return 'read-inspection';
  if (event === 'new-alert') return 'read-alert';
  if (event === 'new-work-order') return 'read-workorder';
  return DETAIL_AUDIENCE[(payload as UpdateDetailEvent).type];
}

/** The socket.io room of the users holding a permission. */
export function permissionRoom(permission: string): string {
  return `permission:${permission}`;
}

export const SOCKET_PATH = '/socket.io';
