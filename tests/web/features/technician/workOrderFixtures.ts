import { NO_ACCOUNTING } from '../../helpers/workAccounting';
import type { WorkOrder, WorkOrderConfig, WorkOrderDetail } from '../../../../common/resources/workOrder';
import { jsonResponse } from '../../helpers/mockApi';
import { sessionUser, technicianPermissions } from '../../helpers/sessionUsers';
import { mockApi } from '../../helpers/mockApi';

/** A technician who holds work orders (docs/permissions.md: read-workorder, update-workorder). */
export const WORK_ORDER_TECHNICIAN = [...technicianPermissions, 'read-workorder', 'update-workorder'];

/** Local times, so the expected texts hold in any time zone. */
export const at = (year: number, month: number, day: number, hour = 8, minute = 0) => new Date(year, month - 1, day, hour, minute).getTime();

export function workOrder(id: string, fields: Partial<WorkOrder> = {}): WorkOrder {
  return {
    _id: id,
    title: `Order ${id}`,
    description: '',
    status: 'Open',
    priority: 'Medium',
    asset: 'as1',
    assetName: 'Chiller 1',
    assignedTo: 'u1',
    assignedToName: 'Dana Field',
    startTimestamp: at(2026, 3, 4),
    endTimestamp: at(2026, 3, 6),
    alert: null,
    type: 'corrective',
    estimatedHours: null,
    downtimeStart: null,
    downtimeEnd: null,
    procedure: null,
    completedBy: null,
    completedByName: null,
    completedAt: null,
    createdBy: 'u9',
    createdAt: at(2026, 3, 1),
    updatedAt: at(2026, 3, 1),
    ...fields,
  };
}

export function workOrderDetail(id: string, fields: Partial<WorkOrderDetail> = {}): WorkOrderDetail {
  return { ...workOrder(id), activity: [], alertSummary: null, ...NO_ACCOUNTING, ...fields };
}

export const workOrderConfig: WorkOrderConfig = {
  assets: [{ _id: 'as1', name: 'Chiller 1' }],
  users: [{ _id: 'u1', name: 'Dana Field' }],
  priorityValues: ['High', 'Medium', 'Low'],
  statusValues: ['Open', 'In Progress', 'On Hold', 'Completed'],
  fields: [],
  filters: [],
  sort: [{ startTimestamp: 'desc' }],
};

/** Signed in as a technician; `answers` adds the work-order calls the test needs. */
export function signedInTechnician(answers: Parameters<typeof mockApi>[0] = {}, permissions: string[] = WORK_ORDER_TECHNICIAN) {
  localStorage.setItem('jwt', 'stored-jwt');
  return mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)),
    ...answers,
  });
}
