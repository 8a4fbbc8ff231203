import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrderDetail } from '../../../../common/resources/workOrder';
import { errorResponse, jsonResponse, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { fakeSockets as sockets } from '../../platform/realtime/fakeSocket';
import { at, signedInTechnician, workOrderConfig, workOrderDetail } from './workOrderFixtures';

beforeEach(() => {
  sockets.length = 0;
});

/** As GET /workOrder/{id} answers it: the log newest first, with the names. */
const beltJob: WorkOrderDetail = workOrderDetail('w1', {
  title: 'Replace the V-belt of AHU 3 supply fan and check the pulley alignment',
  description: 'Belt squeals at start.\nSpare belt is in store B.',
  status: 'In Progress',
  priority: 'High',
  asset: 'as3',
  assetName: 'AHU 3',
  assignedTo: 'u1',
  assignedToName: 'Dana Field',
  startTimestamp: at(2026, 3, 4, 8, 0),
  endTimestamp: at(2026, 3, 6, 17, 0),
  activity: [
    { _id: 'a3', user: 'u1', userName: 'Dana Field', comment: 'Status changed from Open to In Progress', createdAt: at(2026, 3, 5, 9, 30), statusChange: { from: 'Open', to: 'In Progress' } },
    { _id: 'a2', user: 'u9', userName: 'Eric Engineer', comment: 'Belt ordered', createdAt: at(2026, 3, 4, 14, 5) },
    { _id: 'a1', user: 'u1', userName: 'Dana Field', comment: 'Fan stopped, belt worn', createdAt: at(2026, 3, 4, 0, 15) },
  ],
});

const completedJob: WorkOrderDetail = { ...beltJob, status: 'Completed' };

function openOrder(order: WorkOrderDetail, answers: Parameters<typeof signedInTechnician>[0] = {}) {
  const api = signedInTechnician({
    'GET /api/workOrder/w1': () => jsonResponse(200, order),
    'GET /api/workOrder/config': () => jsonResponse(200, workOrderConfig),
    ...answers,
  });
  renderApp('/inspection/workOrder/w1');
  return api;
}

const heading = () => screen.findByRole('heading', { level: 1, name: beltJob.title });
const statusSelect = () => screen.getByRole('combobox', { name: 'Status' });
const activityBox = () => screen.getByRole('textbox', { name: 'Record activity' });
const recordButton = () => screen.getByRole('button', { name: 'Record' });
const logEntries = () => within(screen.getByRole('region', { name: 'Activity Log' })).getAllByRole('listitem');
/** The facts as 'label: value' lines, from the description list. */
const facts = () =>
  [...document.querySelectorAll('main dl > div')].map((fact) => `${fact.querySelector('dt')?.textContent}: ${fact.querySelector('dd')?.textContent}`);
const putsOf = (calls: ApiCall[]) => calls.filter((call) => call.method === 'PUT' && call.path === '/api/workOrder/w1');
const postsOf = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/workOrder/w1/activity');

describe('technician work order detail (spec §2.3)', () => {
  it('shows title, status, priority, asset, assignee, start and end dates, and the Back button', async () => {
    openOrder(beltJob);
    await heading();
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await waitFor(() => expect(statusSelect()).toBeEnabled());
    expect(statusSelect()).toHaveValue('In Progress');
    expect(within(statusSelect()).getAllByRole('option').map((option) => option.textContent)).toEqual(['Open', 'In Progress', 'On Hold', 'Completed']);
    expect(facts()).toEqual(['Priority: High', 'Asset: AHU 3', 'Assigned To: Dana Field', 'Start Date: 2026/03/04', 'End Date: 2026/03/06']);
    expect(screen.getByText('High').closest('[data-colour]')).toHaveAttribute('data-colour', 'red');
    expect(screen.getByText(/Belt squeals at start\./)).toBeInTheDocument();
  });

  it('lists the activity newest first, each with its time (YYYY/MM/DD hh:mm A), user name and comment', async () => {
    openOrder(beltJob);
    await heading();
    const entries = logEntries();
    expect(entries.map((entry) => entry.textContent)).toEqual([
      '2026/03/05 09:30 AM · Dana FieldStatus changed from Open to In Progress',
      '2026/03/04 02:05 PM · Eric EngineerBelt ordered',
      '2026/03/04 12:15 AM · Dana FieldFan stopped, belt worn',
    ]);
  });

  it('changing the status PUTs the whole order as read with only the status changed, then says Work order updated', async () => {
    let served: WorkOrderDetail = beltJob;
    const api = openOrder(beltJob, {
      'GET /api/workOrder/w1': () => jsonResponse(200, served),
      'PUT /api/workOrder/w1': (call) => {
        const { activity: _activity, alertSummary: _alertSummary, ...saved } = call.body as WorkOrderDetail;
        served = {
          ...beltJob,
          status: 'On Hold',
          activity: [{ _id: 'a4', user: 'u1', userName: 'Dana Field', comment: 'Status changed from In Progress to On Hold', createdAt: at(2026, 3, 5, 16, 45), statusChange: { from: 'In Progress', to: 'On Hold' } }, ...beltJob.activity],
        };
        return jsonResponse(200, saved);
      },
    });
    await heading();
    await waitFor(() => expect(statusSelect()).toBeEnabled());
    await userEvent.selectOptions(statusSelect(), 'On Hold');

    expect(await screen.findByText('Work order updated')).toBeInTheDocument();
    const [put, ...others] = putsOf(api.calls);
    expect(others).toHaveLength(0);
    expect(put!.body).toEqual({ ...beltJob, status: 'On Hold' });
    // The server logged the change: the order is read again to show it.
    await waitFor(() => expect(logEntries()[0]).toHaveTextContent('2026/03/05 04:45 PM · Dana FieldStatus changed from In Progress to On Hold'));
    expect(statusSelect()).toHaveValue('On Hold');
  });

  it('asks before Completed, the status after which nothing can change; Cancel keeps the order as it was', async () => {
    let served: WorkOrderDetail = beltJob;
    const api = openOrder(beltJob, {
      'GET /api/workOrder/w1': () => jsonResponse(200, served),
      'PUT /api/workOrder/w1': () => {
        served = completedJob;
        return jsonResponse(200, { ...completedJob, activity: undefined, alertSummary: undefined });
      },
    });
    await heading();
    await waitFor(() => expect(statusSelect()).toBeEnabled());

    await userEvent.selectOptions(statusSelect(), 'Completed');
    let dialog = await screen.findByRole('dialog', { name: 'Complete this work order?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(putsOf(api.calls)).toHaveLength(0);
    expect(statusSelect()).toHaveValue('In Progress');

    await userEvent.selectOptions(statusSelect(), 'Completed');
    dialog = await screen.findByRole('dialog', { name: 'Complete this work order?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await screen.findByText('Work order updated')).toBeInTheDocument();
    expect(putsOf(api.calls).map((call) => (call.body as WorkOrderDetail).status)).toEqual(['Completed']);
    // Read again: now Completed, so read-only.
    await waitFor(() => expect(screen.queryByRole('combobox', { name: 'Status' })).not.toBeInTheDocument());
    expect(screen.queryByRole('textbox', { name: 'Record activity' })).not.toBeInTheDocument();
  });

  it('Record stays disabled for an empty or blank text; the comment goes trimmed, the box is cleared, and Activity recorded shows', async () => {
    const api = openOrder(beltJob, {
      'POST /api/workOrder/w1/activity': (call) =>
        jsonResponse(200, {
          ...beltJob,
          activity: [{ _id: 'a5', user: 'u1', userName: 'Dana Field', comment: (call.body as { comment: string }).comment, createdAt: at(2026, 3, 5, 12, 0) }, ...beltJob.activity],
        }),
    });
    await heading();
    expect(activityBox()).toHaveValue('');
    expect(recordButton()).toBeDisabled();
    await userEvent.type(activityBox(), '   ');
    expect(recordButton()).toBeDisabled();
    await userEvent.type(activityBox(), ' New belt fitted{Enter}tension checked  ');
    expect(recordButton()).toBeEnabled();

    await userEvent.click(recordButton());
    expect(await screen.findByText('Activity recorded')).toBeInTheDocument();
    expect(postsOf(api.calls).map((call) => call.body)).toEqual([{ comment: 'New belt fitted\ntension checked' }]);
    expect(activityBox()).toHaveValue('');
    expect(recordButton()).toBeDisabled();
    // The answer is the order with its log: shown without another read.
    expect(logEntries()[0]).toHaveTextContent('2026/03/05 12:00 PM · Dana FieldNew belt fitted');
    expect(api.callsTo('GET', '/api/workOrder/w1')).toHaveLength(1);
  });

  it('a Completed order shows neither the status dropdown nor the activity input, but still its log', async () => {
    const api = openOrder(completedJob);
    await heading();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Record activity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record' })).not.toBeInTheDocument();
    expect(facts()[0]).toBe('Status: Completed');
    expect(logEntries()).toHaveLength(3);
    // Nothing to choose from, so the configuration is not asked for.
    expect(api.callsTo('GET', '/api/workOrder/config')).toHaveLength(0);
  });
});

describe('technician work order detail: failures (docs/work-orders.md, "Technician screens")', () => {
  it('a failed status change shows the server message and puts the status back', async () => {
    openOrder(beltJob, { 'PUT /api/workOrder/w1': () => errorResponse(400, "Status 'Parked' is not a configured status") });
    await heading();
    await waitFor(() => expect(statusSelect()).toBeEnabled());
    await userEvent.selectOptions(statusSelect(), 'Open');
    expect(await screen.findByText("Status 'Parked' is not a configured status")).toBeInTheDocument();
    expect(screen.queryByText('Work order updated')).not.toBeInTheDocument();
    await waitFor(() => expect(statusSelect()).toHaveValue('In Progress'));
  });

  it('an order completed meanwhile (409) says so and is read again, now read-only', async () => {
    let served: WorkOrderDetail = beltJob;
    const api = openOrder(beltJob, {
      'GET /api/workOrder/w1': () => jsonResponse(200, served),
      'POST /api/workOrder/w1/activity': () => {
        served = completedJob;
        return errorResponse(409, 'This work order is completed');
      },
    });
    await heading();
    await userEvent.type(activityBox(), 'Too late');
    await userEvent.click(recordButton());
    expect(await screen.findByText('This work order is completed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Record activity' })).not.toBeInTheDocument());
    expect(screen.queryByText('Activity recorded')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/workOrder/w1')).toHaveLength(2);
  });

  it('a failed activity keeps the text typed', async () => {
    openOrder(beltJob, { 'POST /api/workOrder/w1/activity': () => errorResponse(500, 'Database unavailable') });
    await heading();
    await userEvent.type(activityBox(), 'Pulley aligned');
    await userEvent.click(recordButton());
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(activityBox()).toHaveValue('Pulley aligned');
  });

  it('an order answering 404 shows a clear line and the Back button, and keeps the user signed in', async () => {
    openOrder(beltJob, { 'GET /api/workOrder/w1': () => errorResponse(404, 'Work order not found'), 'GET /api/workOrder/my': () => jsonResponse(200, []) });
    expect(await screen.findByText('This work order does not exist (any more).')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/inspection/workOrder/w1');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/inspection$/));
    expect(await screen.findByText('No open work orders.')).toBeInTheDocument();
  });

  it('an order answering 403 sends the user to Login with from, as every call does (spec §8, DESIGN §3)', async () => {
    openOrder(beltJob, { 'GET /api/workOrder/w1': () => errorResponse(403, 'This work order is not assigned to you') });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/login/));
    expect(screen.getByTestId('location')).toHaveTextContent(encodeURIComponent('/inspection/workOrder/w1'));
  });

  it('another failure to load shows the server message and a Retry', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    openOrder(beltJob, { 'GET /api/workOrder/w1': () => (fail ? errorResponse(500, 'Database unavailable') : jsonResponse(200, beltJob)) });
    expect(await screen.findByText('The work order could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await heading();
    logged.mockRestore();
  });
});

describe('technician work order detail: the alert it was opened for', () => {
  it('shows the level in its colour, the time, the sanitised message and the inspection values', async () => {
    openOrder({
      ...beltJob,
      alert: 'al1',
      alertSummary: {
        _id: 'al1',
        message: '<b>Vibration</b> above limit<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
        levelName: 'Critical',
        color: '#d32f2f',
        timestamp: at(2026, 3, 3, 22, 40),
        resolvedAt: null,
        inspection: 'i1',
        checklistName: 'Weekly AHU check',
        inspectedByName: 'Sam Tech',
        values: [
          { attribute: 'at1', name: 'Vibration', type: 'number', value: 9.2 },
          { attribute: 'at2', name: 'Belt condition', type: 'select', value: 'Worn' },
          { attribute: 'at3', name: 'Reading taken at', type: 'date-time', value: at(2026, 3, 3, 22, 35) },
        ],
      },
    });
    await heading();
    const section = screen.getByRole('region', { name: 'Alert' });
    const chip = within(section).getByText('Critical').closest('[data-color]');
    expect(chip).toHaveAttribute('data-color', '#d32f2f');
    expect(within(section).getByText('2026/03/03 10:40 PM')).toBeInTheDocument();
    const message = section.querySelector('[data-safe-html]') as HTMLElement;
    expect(message.querySelector('b')).toHaveTextContent('Vibration');
    expect(message.innerHTML).not.toMatch(/onerror|script|__pwned/);
    expect(within(section).getByText('Weekly AHU check')).toBeInTheDocument();
    expect(within(section).getByText('Sam Tech')).toBeInTheDocument();
    const rows = within(section).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['Vibration', '9.2'],
      ['Belt condition', 'Worn'],
      ['Reading taken at', '2026/03/03 10:35 PM'],
    ]);
  });

  it('has no alert section when the order was not opened for one', async () => {
    openOrder(beltJob);
    await heading();
    expect(screen.queryByRole('region', { name: 'Alert' })).not.toBeInTheDocument();
  });
});

describe('technician work order detail: live', () => {
  it('an update-detail naming this order reads it again; one naming another does not', async () => {
    let served: WorkOrderDetail = beltJob;
    const api = openOrder(beltJob, { 'GET /api/workOrder/w1': () => jsonResponse(200, served) });
    await heading();
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets[sockets.length - 1]!;
    act(() => socket.accept());
    act(() => socket.push('update-detail', { type: 'workOrder', _id: 'w2' }));
    act(() => socket.push('update-detail', { type: 'alert', _id: 'w1' }));
    served = { ...beltJob, title: 'Replace the V-belt (both belts)' };
    act(() => socket.push('update-detail', { type: 'workOrder', _id: 'w1' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Replace the V-belt (both belts)' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/workOrder/w1')).toHaveLength(2);
  });
});

describe('technician work order detail: Back', () => {
  it('opened from the Completed tab, Back returns to that tab', async () => {
    signedInTechnician({
      'GET /api/workOrder/my': () => jsonResponse(200, [completedJob]),
      'GET /api/workOrder/w1': () => jsonResponse(200, completedJob),
    });
    renderApp('/inspection?workOrders=completed');
    await userEvent.click(await screen.findByRole('link', { name: /Replace the V-belt/ }));
    await heading();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/inspection?workOrders=completed'));
    expect(await screen.findByRole('tab', { name: 'Completed', selected: true })).toBeInTheDocument();
  });
});
