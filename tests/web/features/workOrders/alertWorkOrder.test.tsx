import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TableDefinition } from '../../../../src/features/tables/tableDefinition';
import { dateField, dateFieldValue } from '../../helpers/dateInput';
import { jsonResponse, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';
import { fakeSockets as sockets } from '../../platform/realtime/fakeSocket';
import { config, detailAnswers, order, queryOf } from './workOrderFixtures';
import { mockApi } from '../../helpers/mockApi';

/** Now in these tests: 18 March 2026, 10:30:20 local time. */
const NOW = new Date(2026, 2, 18, 10, 30, 20);
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  sockets.length = 0;
});

const READER = ['view-engineer', 'read-alert'];
const MANAGER = [...READER, 'manage-workorder'];

const table: TableDefinition = { name: 'alerts', keyField: '_id', type: 'alert', fields: [{ heading: 'Name', dataField: 'label' }], filters: [], data: [{ _id: 'r1', label: 'Pump 7 overheating' }], setSupportRowExpand: true };
const alert = {
  _id: 'r1', inspection: 'i1', asset: 'a-pump', assetName: 'Pump 7', checklist: 'c1', attribute: 'at1', level: 'l-critical', levelName: 'Critical',
  message: '<p>Temperature <b>92</b> &gt; 80</p>', timestamp: new Date(2026, 2, 18, 9, 5).getTime(), severityLevel: { text: 'Critical', color: '#d32f2f' },
  type: null, remark: null, resolvedBy: null, resolvedAt: null, checklistName: 'Weekly pump check', inspectedBy: 'Tom Technician', attributeData: [],
};
const levels = [
  { _id: 'l-critical', name: 'Critical', technicalName: 'critical', color: '#d32f2f', rank: 1 },
  { _id: 'l-high', name: 'High', technicalName: 'high', color: '#f57c00', rank: 2 },
  { _id: 'l-medium', name: 'Medium', technicalName: 'medium', color: '#fbc02d', rank: 3 },
  { _id: 'l-low', name: 'Low', technicalName: 'low', color: '#388e3c', rank: 4 },
];

async function openAlert(permissions: string[], answers: Record<string, (call: ApiCall) => Response | Promise<Response>> = {}) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)),
    'GET /api/table': () => jsonResponse(200, [{ _id: 't1', name: 'alerts', type: 'alert', default: true }]),
    'GET /api/table/t1': () => jsonResponse(200, table),
    'GET /api/alert/r1': () => jsonResponse(200, alert),
    ...answers,
  });
  renderApp('/home/alert/table/t1');
  const user = userEvent.setup();
  const row = (await screen.findByText('Pump 7 overheating')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Expand' }));
  await screen.findByText('Weekly pump check');
  return { api, user };
}

describe("an alert's work order, in its detail (DESIGN §11)", () => {
  it("opens the work order dialog prefilled from the alert, and POSTs the order with the alert's id", async () => {
    let created: Record<string, unknown> | null = null;
    const { api, user } = await openAlert(MANAGER, {
      'GET /api/workOrder': () => jsonResponse(200, created ? [{ ...order('wo9'), ...created, assignedToName: 'Tom Technician' }] : []),
      'GET /api/workOrder/config': () => jsonResponse(200, config),
      'GET /api/alertLevel': () => jsonResponse(200, levels),
      'POST /api/workOrder': (call) => {
        created = call.body as Record<string, unknown>;
        return jsonResponse(200, { ...order('wo9'), ...created });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Open work order' }));
    expect(queryOf(api.callsTo('GET', '/api/workOrder')[0]!)).toEqual({ filters: '{"alert":"r1"}' });

    const dialog = await screen.findByRole('dialog', { name: 'Add Work Order' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Critical alert: Pump 7 — Temperature 92 > 80');
    expect(within(dialog).getByRole('combobox', { name: 'Asset' })).toHaveValue('Pump 7');
    expect(within(dialog).getByRole('combobox', { name: 'Assigned To' })).toHaveValue('');
    // The most severe level opens a High order; the first configured status.
    expect(within(dialog).getByRole('combobox', { name: 'Priority' })).toHaveTextContent('High');
    expect(within(dialog).getByRole('combobox', { name: 'Status' })).toHaveTextContent('Open');
    expect(dateFieldValue(dateField('Start Date', dialog))).toBe('2026-03-18 10:30 AM');
    expect(dateFieldValue(dateField('End Date', dialog))).toBe('2026-03-19 10:30 AM');
    // No assignee yet: the engineer chooses one.
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: 'Assigned To' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Tom Technician' }));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeEnabled());
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/workOrder')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/workOrder')[0]!.body).toEqual({
      title: 'Critical alert: Pump 7 — Temperature 92 > 80',
      asset: 'a-pump',
      assignedTo: 'u-tom',
      priority: 'High',
      status: 'Open',
      startTimestamp: new Date(2026, 2, 18, 10, 30).getTime(),
      endTimestamp: new Date(2026, 2, 19, 10, 30).getTime(),
      // An inspection's alert: the type the server's rule gives it (DESIGN §18); nothing else of the work yet.
      type: 'inspection-follow-up',
      estimatedHours: null,
      downtimeStart: null,
      downtimeEnd: null,
      procedure: null,
      alert: 'r1',
    });
    // Saved: the detail names the new order instead of the button.
    expect(await screen.findByText('Critical alert: Pump 7 — Temperature 92 > 80 — Open, assigned to Tom Technician')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open work order' })).toBeNull();
  });

  it("names the alert's order when it has one, and its edit button opens 'Edit Work Order'", async () => {
    const { user } = await openAlert(MANAGER, {
      'GET /api/workOrder': () => jsonResponse(200, [order('wo1', { alert: 'r1', status: 'In Progress' })]),
      'GET /api/workOrder/config': () => jsonResponse(200, config),
      ...detailAnswers([order('wo1', { alert: 'r1', status: 'In Progress' })]),
    });
    expect(await screen.findByText('Replace pump seal — In Progress, assigned to Tom Technician')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open work order' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit work order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Work Order' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Replace pump seal');
  });

  it('shows nothing of work orders to a user without manage-workorder, and asks nothing', async () => {
    const { api } = await openAlert(READER);
    expect(screen.queryByRole('button', { name: 'Open work order' })).toBeNull();
    expect(api.calls.filter((call) => call.path.startsWith('/api/workOrder'))).toEqual([]);
  });
});
