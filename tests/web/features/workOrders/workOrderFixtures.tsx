import { render } from '@testing-library/react';
import { AdminContext } from 'react-admin';
import { vi } from 'vitest';
import { NO_ACCOUNTING } from '../../helpers/workAccounting';
import type { WorkOrder, WorkOrderActivity, WorkOrderConfig, WorkOrderDetail } from '../../../../common/resources/workOrder';
import { AppNotification } from '../../../../src/shared/ui/AppNotification';
import { DialogsProvider } from '../../../../src/shared/ui/dialogs/DialogsProvider';
import { WorkOrderDialog, type WorkOrderDialogSubject } from '../../../../src/features/workOrders/dialog/WorkOrderDialog';
import { dataProvider } from '../../../../src/platform/dataProvider';
import { i18nProvider } from '../../../../src/platform/i18n';
import { jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';

/** GET /workOrder/config as docs/work-orders.md describes it, with the defaults it names. */
export const config: WorkOrderConfig = {
  assets: [
    { _id: 'a-chiller', name: 'Chiller 1' },
    { _id: 'a-pump', name: 'Pump 7' },
  ],
  users: [
    { _id: 'u-ann', name: 'Ann Fitter' },
    { _id: 'u-tom', name: 'Tom Technician' },
  ],
  priorityValues: ['High', 'Medium', 'Low'],
  statusValues: ['Open', 'In Progress', 'On Hold', 'Completed'],
  fields: [
    { heading: 'Title', dataField: 'title' },
    { heading: 'Asset', dataField: 'asset' },
    { heading: 'Assigned To', dataField: 'assignedTo' },
    { heading: 'Priority', dataField: 'priority' },
    { heading: 'Status', dataField: 'status' },
    { heading: 'Start Date', dataField: 'startTimestamp' },
    { heading: 'End Date', dataField: 'endTimestamp' },
  ],
  filters: [
    { name: 'Status', key: 'status', values: ['Open', 'In Progress', 'On Hold', 'Completed'] },
    { name: 'Priority', key: 'priority', values: ['High', 'Medium', 'Low'] },
    { name: 'Assigned To', key: 'assignedTo', values: ['u-ann', 'u-tom'] },
  ],
  sort: [{ startTimestamp: 'desc' }],
};

export const at = (day: number, hour = 0, minute = 0) => new Date(2026, 2, day, hour, minute).getTime();

export function order(id: string, overrides: Partial<WorkOrder> = {}): WorkOrder {
  return {
    _id: id,
    title: 'Replace pump seal',
    description: '',
    status: 'Open',
    priority: 'High',
    asset: 'a-pump',
    assetName: 'Pump 7',
    assignedTo: 'u-tom',
    assignedToName: 'Tom Technician',
    startTimestamp: at(10, 9),
    endTimestamp: at(11, 17),
    alert: null,
    type: 'corrective',
    estimatedHours: null,
    downtimeStart: null,
    downtimeEnd: null,
    procedure: null,
    completedBy: null,
    completedByName: null,
    completedAt: null,
    createdBy: 'u1',
    createdAt: at(1),
    updatedAt: at(1),
    ...overrides,
  };
}

/** Four orders of March 2026: one per priority colour of spec §9, the last one Completed. */
export const orders: WorkOrder[] = [
  order('wo1'),
  order('wo2', { title: 'Chiller service', asset: 'a-chiller', assetName: 'Chiller 1', assignedTo: 'u-ann', assignedToName: 'Ann Fitter', priority: 'Medium', status: 'In Progress', startTimestamp: at(12, 8), endTimestamp: at(12, 12) }),
  order('wo3', { title: 'Grease bearings', priority: 'Low', status: 'On Hold', startTimestamp: at(16, 10), endTimestamp: at(16, 11) }),
  order('wo4', { title: 'Inspect fire door', asset: 'a-chiller', assetName: 'Chiller 1', priority: 'Urgent', status: 'Completed', startTimestamp: at(20, 14), endTimestamp: at(20, 15) }),
];

export const ENGINEER = ['view-engineer', 'nav-work-order', 'manage-workorder'];

type Answer = (call: ApiCall) => Response | Promise<Response>;

/** GET /workOrder/{id} as the server answers it (docs/work-orders.md): the order, its log (newest first), no alert. */
export function detailOf(wo: WorkOrder, activity: WorkOrderActivity[] = []): WorkOrderDetail {
  return { ...wo, activity, alertSummary: null, ...NO_ACCOUNTING };
}

/** GET /api/workOrder/{id} of each order, with an empty log: what the edit dialog reads for the order's history. */
export function detailAnswers(list: readonly WorkOrder[]): Record<string, Answer> {
  return Object.fromEntries(list.map((wo) => [`GET /api/workOrder/${wo._id}`, () => jsonResponse(200, detailOf(wo))]));
}

/** A page of the list as the server answers `range`: the rows and the Content-Range total. */
export function pageResponse(rows: WorkOrder[], first: number, total: number): Response {
  return new Response(JSON.stringify(rows), {
    status: 200,
    headers: { 'Content-Type': 'application/json', 'Content-Range': `items ${first}-${first + rows.length - 1}/${total}` },
  });
}

/** The query of a recorded call as a plain object. */
export const queryOf = (call: ApiCall) => Object.fromEntries(new URLSearchParams(call.search));

/** /home/workOrder for a signed-in engineer, the list answering `orders`. */
export function openWorkOrders(answers: Record<string, Answer> = {}, permissions = ENGINEER) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)),
    'GET /api/workOrder/config': () => jsonResponse(200, config),
    'GET /api/workOrder': () => pageResponse(orders, 0, orders.length),
    ...detailAnswers(orders),
    ...answers,
  });
  renderApp('/home/workOrder');
  return api;
}

/** The dialog alone, with the app's i18n, API client (fetch mocked by the test) and notification area. */
export function renderDialog(subject: WorkOrderDialogSubject) {
  const onClose = vi.fn();
  const onSaved = vi.fn();
  render(
    <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
      <DialogsProvider>
        <WorkOrderDialog subject={subject} config={config} onClose={onClose} onSaved={onSaved} />
      </DialogsProvider>
      <AppNotification />
    </AdminContext>,
  );
  return { onClose, onSaved };
}
