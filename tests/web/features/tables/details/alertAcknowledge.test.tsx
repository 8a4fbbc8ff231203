import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TableDefinition } from '../../../../../src/features/tables/tableDefinition';
import { errorResponse, jsonResponse, mockApi, type ApiCall } from '../../../helpers/mockApi';
import { renderApp } from '../../../helpers/renderApp';
import { sessionUser } from '../../../helpers/sessionUsers';
import { fakeSockets as sockets } from '../../../platform/realtime/fakeSocket';

const AT = new Date(2026, 2, 4, 9, 5).getTime();
const ACKNOWLEDGED = new Date(2026, 2, 4, 10, 15).getTime();
const ENGINEER = ['view-engineer', 'read-alert', 'resolve-alert', 'read-inspection'];

const openAlert = {
  _id: 'r1', inspection: 'i1', asset: 'as1', checklist: 'c1', attribute: 'at1', level: 'l1', levelName: 'High', message: 'Too hot',
  timestamp: AT, severityLevel: { text: 'High', color: '#f57c00' }, type: null, remark: null, resolvedBy: null, resolvedAt: null,
  acknowledgedBy: null as string | null, acknowledgedAt: null as number | null, acknowledgedByName: null as string | null,
  checklistName: 'Weekly pump check', inspectedBy: 'Tom Technician', attributeData: [],
};
const taken = { ...openAlert, acknowledgedBy: 'u-eric', acknowledgedAt: ACKNOWLEDGED, acknowledgedByName: 'Eric Engineer' };

function tableOf(type: 'alert' | 'inspection'): TableDefinition {
  return { name: `${type}s`, keyField: '_id', type, fields: [{ heading: 'Name', dataField: 'label' }], filters: [], data: [{ _id: 'r1', label: 'First row' }], setSupportRowExpand: true };
}

async function openAndExpand(type: 'alert' | 'inspection', answers: Record<string, (call: ApiCall) => Response>, permissions = ENGINEER) {
  localStorage.clear();
  localStorage.setItem('jwt', 'stored-jwt');
  sockets.length = 0;
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)),
    'GET /api/table': () => jsonResponse(200, [{ _id: 't1', name: `${type}s`, type, default: true }]),
    'GET /api/table/t1': () => jsonResponse(200, tableOf(type)),
    ...answers,
  });
  renderApp(`/home/${type}/table/t1`);
  const user = userEvent.setup();
  const row = (await screen.findByText('First row')).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Expand' }));
  return { api, user };
}

describe('acknowledging an alert (DESIGN §18)', () => {
  it('an open alert nobody took on offers Acknowledge beside Resolve; acknowledging it says so and shows who took it on and when', async () => {
    let served: typeof openAlert = openAlert;
    const { api, user } = await openAndExpand('alert', {
      'GET /api/alert/r1': () => jsonResponse(200, served),
      'POST /api/alert/acknowledge': () => {
        served = taken;
        return jsonResponse(200, { message: 'Alerts acknowledged', alerts: [taken] });
      },
    });
    const acknowledge = await screen.findByRole('button', { name: 'Acknowledge' });
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    expect(screen.queryByText(/^Acknowledged by/)).toBeNull();

    await user.click(acknowledge);
    expect(await screen.findByText('1 alert acknowledged')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/alert/acknowledge').map((call) => call.body)).toEqual([{ ids: ['r1'] }]);
    expect(await screen.findByText('Acknowledged by Eric Engineer on 2026/03/04 10:15 AM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    // Still open: it may still be resolved.
    expect(screen.getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
  });

  it("shows the server's message when acknowledging fails, and the button stays", async () => {
    const { user } = await openAndExpand('alert', {
      'GET /api/alert/r1': () => jsonResponse(200, openAlert),
      'POST /api/alert/acknowledge': () => errorResponse(404, 'Alerts not found: r1'),
    });
    await user.click(await screen.findByRole('button', { name: 'Acknowledge' }));
    expect(await screen.findByText('Alerts not found: r1')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Acknowledge' })).toBeInTheDocument();
  });

  it('a resolved alert offers neither, and says who acknowledged it', async () => {
    await openAndExpand('alert', {
      'GET /api/alert/r1': () => jsonResponse(200, { ...taken, resolvedAt: new Date(2026, 2, 5, 14, 30).getTime(), resolvedBy: 'u-eric', resolvedByName: 'Eric Engineer', remark: 'Fan replaced' }),
    });
    expect(await screen.findByText('Acknowledged by Eric Engineer on 2026/03/04 10:15 AM')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it('without resolve-alert the alert is shown without the buttons', async () => {
    await openAndExpand('alert', { 'GET /api/alert/r1': () => jsonResponse(200, openAlert) }, ['view-engineer', 'read-alert']);
    await screen.findByText('Weekly pump check');
    expect(screen.queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resolve' })).toBeNull();
  });

  it("an inspection's Alerts table offers Acknowledge beside Resolve only for open alerts nobody took on", async () => {
    const inspection = {
      _id: 'i1', timestamp: AT, user: 'u1', checklist: 'c1', asset: 'as1', type: 'MaintenanceInspection', assetName: 'Pump 7', checklistName: 'Weekly pump check',
      userName: 'Tom Technician', attributeData: [], attributeComments: [], attributes: [],
    };
    const { api, user } = await openAndExpand('inspection', {
      'GET /api/inspection/r1': () => jsonResponse(200, inspection),
      'GET /api/inspection/r1/alert': () => jsonResponse(200, [openAlert, { ...taken, _id: 'r2', message: 'Noisy bearing' }]),
      'POST /api/alert/acknowledge': () => jsonResponse(200, { message: 'Alerts acknowledged', alerts: [] }),
    });
    const hot = (await screen.findByText('Too hot')).closest('tr')!;
    const noisy = screen.getByText('Noisy bearing').closest('tr')!;
    expect(within(noisy).queryByRole('button', { name: 'Acknowledge' })).toBeNull();
    expect(within(noisy).getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    await user.click(within(hot).getByRole('button', { name: 'Acknowledge' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/alert/acknowledge').map((call) => call.body)).toEqual([{ ids: ['r1'] }]));
    expect(await screen.findByText('1 alert acknowledged')).toBeInTheDocument();
  });
});
