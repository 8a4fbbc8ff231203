import type { PermissionName } from './permissions';
import type { NewWorkOrderEvent } from './resources/workOrder';
import type { ReorderNotice } from './resources/workAccounting';

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
  /** To the assignee's own sockets only (DESIGN §11), while they may read the order: workOrderAudience's assignee rooms. */
  'new-work-order': NewWorkOrderEvent;
  /** A part's stock reached its reorder level (DESIGN §18): to manage-sparepart holders. */
  'reorder-notice': ReorderNotice;
}

export type PushEventName = keyof PushEvents;

/** update-detail about a work order: who may read it depends on the order (workOrderAudience). */
type OwnRecordDetail = 'workOrder';
type PermissionWideDetail = Exclude<UpdateDetailEvent['type'], OwnRecordDetail>;

/**
 * Events every holder of one permission may read (pushAudience), with their payloads. A work
 * order is not one of them: a technician reads only the orders assigned to them.
 */
export interface PermissionWideEvents {
  'new-inspection': NewInspectionEvent;
  'new-alert': NewAlertEvent;
  'update-detail': UpdateDetailEvent & { type: PermissionWideDetail };
}

export type PermissionWideEventName = keyof PermissionWideEvents;

const DETAIL_AUDIENCE: Record<PermissionWideDetail, PermissionName> = {
  inspection: 'read-inspection',
  alert: 'read-alert',
  thermographyNote: 'read-thermography-note',
  inspectionSchedule: 'read-inspection-schedule',
  calendarEntry: 'read-calendar',
};

/** Who receives a permission-wide event: the holders of the permission that reads what it names (DESIGN §6). */
export function pushAudience<E extends PermissionWideEventName>(event: E, payload: PermissionWideEvents[E]): PermissionName {
  if (event === 'new-inspection') return 'read-inspection';
  if (event === 'new-alert') return 'read-alert';
  return DETAIL_AUDIENCE[(payload as PermissionWideEvents['update-detail']).type];
}

/** The socket.io room of the users holding a permission. */
export function permissionRoom(permission: string): string {
  return `permission:${permission}`;
}

/**
 * Permissions whose events may concern one holder alone (an order assigned to them): a holder's
 * socket also joins its own room of the permission (holderRoom), so such an event reaches that
 * user only while they hold the permission — socket.io sends to a union of rooms, never to an
 * intersection such as "this user and read-workorder".
 */
export const HOLDER_ROOM_PERMISSIONS = ['read-workorder', 'manage-workorder'] as const satisfies readonly PermissionName[];
export type HolderRoomPermission = (typeof HOLDER_ROOM_PERMISSIONS)[number];

/** The room of one user's sockets while that user holds the permission. */
export function holderRoom(permission: HolderRoomPermission, userId: string): string {
  return `${permissionRoom(permission)}:user:${userId}`;
}

/** The rooms a signed-in user's socket joins: one per permission held, and its holder rooms. */
export function permissionRoomsOf(user: { _id: string; permissions: ReadonlySet<string> }): string[] {
  const rooms = [...user.permissions].map(permissionRoom);
  for (const permission of HOLDER_ROOM_PERMISSIONS) if (user.permissions.has(permission)) rooms.push(holderRoom(permission, user._id));
  return rooms;
}

/**
 * Who may read a work order, as rooms (GET /workOrder/{id}, DESIGN §6 and §11): every holder of
 * manage-workorder, and each assignee named while they hold read-workorder — the order's assignee
 * before and after the change, so that a technician whose order went to someone else, or was
 * deleted, hears that their copy is gone. Nobody else: another technician cannot open the order.
 */
export function workOrderAudience(assignees: readonly string[]): string[] {
  return [permissionRoom('manage-workorder'), ...[...new Set(assignees)].map((id) => holderRoom('read-workorder', id))];
}

/** An order given to this user, while they may read it (as its assignee, or as a manager). */
export function assigneeAudience(assignee: string): string[] {
  return HOLDER_ROOM_PERMISSIONS.map((permission) => holderRoom(permission, assignee));
}

export const SOCKET_PATH = '/socket.io';
