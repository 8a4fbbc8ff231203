import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser, technicianPermissions } from '../../helpers/sessionUsers';
import { fakeSockets as sockets } from '../../platform/realtime/fakeSocket';
import { at, signedInTechnician, WORK_ORDER_TECHNICIAN, workOrder } from './workOrderFixtures';
import { NO_ACCOUNTING } from '../../helpers/workAccounting';

beforeEach(() => {
  sockets.length = 0;
});

/** GET /workOrder/my as the server may serve it: in no particular order, every status mixed. */
const mine = [
  workOrder('w1', { title: 'Replace filter', status: 'In Progress', priority: 'High', assetName: 'AHU 3', startTimestamp: at(2026, 3, 10), endTimestamp: at(2026, 3, 12) }),
  workOrder('w2', { title: 'Check belt tension', status: 'Completed', priority: 'Low', assetName: 'AHU 1', updatedAt: at(2026, 2, 20), startTimestamp: at(2026, 2, 1), endTimestamp: at(2026, 2, 3) }),
  workOrder('w3', { title: 'Grease bearings', status: 'Open', priority: 'Medium', assetName: 'Pump 7', startTimestamp: at(2026, 3, 4), endTimestamp: at(2026, 3, 6) }),
  workOrder('w4', { title: 'Clean condenser', status: 'Completed', priority: 'Urgent', assetName: 'Chiller 1', updatedAt: at(2026, 3, 2), startTimestamp: at(2026, 2, 25), endTimestamp: at(2026, 2, 27) }),
  workOrder('w5', { title: 'Calibrate sensor', status: 'On Hold', priority: 'Low', assetName: 'Boiler 2', startTimestamp: at(2026, 3, 5), endTimestamp: at(2026, 3, 5) }),
];

async function workOrderList() {
  return screen.findByRole('region', { name: 'My work orders' });
}

/** The rows of the shown tab, once they are there. */
async function rowsOf(section: HTMLElement) {
  const panel = within(section).getByRole('tabpanel');
  await within(panel).findAllByRole('link');
  return within(panel).getAllByRole('listitem');
}

describe('technician home: work order tabs (spec §2.3)', () => {
  it('shows every order but the Completed ones under Work Orders, by start, each row with title, asset, priority colour and dates', async () => {
    const api = signedInTechnician({ 'GET /api/workOrder/my': () => jsonResponse(200, mine) });
    renderApp('/inspection');
    const section = await workOrderList();
    expect(within(section).getByRole('tab', { name: 'Work Orders' })).toHaveAttribute('aria-selected', 'true');
    expect(within(section).getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'false');

    const rows = await rowsOf(section);
    expect(rows.map((row) => within(row).getByRole('link'))).toHaveLength(3);
    const expected = [
      { id: 'w3', title: 'Grease bearings', asset: 'Pump 7', priority: 'Medium', colour: 'orange', status: 'Open', dates: '2026/03/04 – 2026/03/06' },
      { id: 'w5', title: 'Calibrate sensor', asset: 'Boiler 2', priority: 'Low', colour: 'green', status: 'On Hold', dates: '2026/03/05 – 2026/03/05' },
      { id: 'w1', title: 'Replace filter', asset: 'AHU 3', priority: 'High', colour: 'red', status: 'In Progress', dates: '2026/03/10 – 2026/03/12' },
    ];
    expected.forEach((want, index) => {
      const link = within(rows[index]!).getByRole('link');
      expect(link).toHaveAttribute('href', `/inspection/workOrder/${want.id}`);
      expect(link).toHaveAccessibleName(expect.stringContaining(want.title));
      expect(link).toHaveTextContent(want.asset);
      expect(link).toHaveTextContent(want.status);
      expect(link).toHaveTextContent(want.dates);
      const chip = within(link).getByText(want.priority).closest('[data-colour]');
      expect(chip).toHaveAttribute('data-colour', want.colour);
    });
    expect(within(section).queryByText('Check belt tension')).not.toBeInTheDocument();
    expect(within(section).queryByText('Clean condenser')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/workOrder/my')).toHaveLength(1);
  });

  it('shows only the Completed orders under Completed, newest first, and keeps the tab in the address', async () => {
    signedInTechnician({ 'GET /api/workOrder/my': () => jsonResponse(200, mine) });
    renderApp('/inspection');
    const section = await workOrderList();
    await rowsOf(section);
    await userEvent.click(within(section).getByRole('tab', { name: 'Completed' }));
    expect(within(section).getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByTestId('location')).toHaveTextContent('/inspection?workOrders=completed');

    const rows = await rowsOf(section);
    expect(rows).toHaveLength(2);
    const first = within(rows[0]!).getByRole('link');
    expect(first).toHaveAccessibleName(expect.stringContaining('Clean condenser'));
    expect(first).toHaveAttribute('href', '/inspection/workOrder/w4');
    expect(first).toHaveTextContent('2026/02/25 – 2026/02/27');
    // A priority the spec does not name is grey.
    expect(within(first).getByText('Urgent').closest('[data-colour]')).toHaveAttribute('data-colour', 'grey');
    const second = within(rows[1]!).getByRole('link');
    expect(second).toHaveAccessibleName(expect.stringContaining('Check belt tension'));
    expect(second).toHaveTextContent('AHU 1');
    expect(within(second).getByText('Low').closest('[data-colour]')).toHaveAttribute('data-colour', 'green');
    for (const open of ['Grease bearings', 'Calibrate sensor', 'Replace filter']) expect(within(section).queryByText(open)).not.toBeInTheDocument();
  });

  it('opens the Completed tab from the address', async () => {
    signedInTechnician({ 'GET /api/workOrder/my': () => jsonResponse(200, mine) });
    renderApp('/inspection?workOrders=completed');
    const section = await workOrderList();
    expect(within(section).getByRole('tab', { name: 'Completed' })).toHaveAttribute('aria-selected', 'true');
    expect(await rowsOf(section)).toHaveLength(2);
  });

  it('says so in a line when a tab is empty', async () => {
    signedInTechnician({ 'GET /api/workOrder/my': () => jsonResponse(200, [workOrder('w9', { title: 'Only open one', status: 'Open' })]) });
    renderApp('/inspection');
    const section = await workOrderList();
    expect(await within(section).findByText('Only open one')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('tab', { name: 'Completed' }));
    expect(within(section).getByText('No completed work orders.')).toBeInTheDocument();
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
  });

  it('says so when there is no open order', async () => {
    signedInTechnician({ 'GET /api/workOrder/my': () => jsonResponse(200, [workOrder('w9', { status: 'Completed' })]) });
    renderApp('/inspection');
    const section = await workOrderList();
    expect(await within(section).findByText('No open work orders.')).toBeInTheDocument();
  });

  it('opens an order from its row', async () => {
    signedInTechnician({
      'GET /api/workOrder/my': () => jsonResponse(200, mine),
      'GET /api/workOrder/w3': () => jsonResponse(200, { ...mine[2], activity: [], alertSummary: null, ...NO_ACCOUNTING }),
      'GET /api/workOrder/config': () => jsonResponse(200, { statusValues: ['Open', 'In Progress', 'On Hold', 'Completed'] }),
    });
    renderApp('/inspection');
    const section = await workOrderList();
    await rowsOf(section);
    await userEvent.click(within(section).getByRole('link', { name: /Grease bearings/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Grease bearings' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/inspection/workOrder/w3');
  });

  it('shows the server message and a Retry when the list cannot be loaded', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    signedInTechnician({ 'GET /api/workOrder/my': () => (fail ? errorResponse(500, 'Database unavailable') : jsonResponse(200, mine)) });
    renderApp('/inspection');
    const section = await workOrderList();
    expect(await within(section).findByText(/Your work orders could not be loaded\. Database unavailable/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(section).getByRole('button', { name: 'Retry' }));
    expect(await rowsOf(section)).toHaveLength(3);
    expect(within(section).queryByText(/could not be loaded/)).not.toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    logged.mockRestore();
  });

  it('is not there, and not asked for, without read-workorder', async () => {
    const api = signedInTechnician({}, technicianPermissions);
    renderApp('/inspection');
    expect(await screen.findByRole('heading', { name: 'Welcome, Dana Field' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My work orders' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/workOrder/my')).toHaveLength(0);
  });
});

describe('technician home: live work orders (DESIGN §11)', () => {
  it('a new-work-order push names the order in a notification and refreshes the list', async () => {
    let served = mine.slice(0, 1);
    const api = signedInTechnician({ 'GET /api/workOrder/my': () => jsonResponse(200, served) });
    renderApp('/inspection');
    const section = await workOrderList();
    expect(await rowsOf(section)).toHaveLength(1);
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets[sockets.length - 1]!;
    act(() => socket.accept());

    const fresh = workOrder('w6', { title: 'Fix leaking valve', status: 'Open', priority: 'High', assetName: 'Boiler 2', startTimestamp: at(2026, 3, 1) });
    served = [...served, fresh];
    act(() =>
      socket.push('new-work-order', {
        _id: fresh._id, title: fresh.title, asset: fresh.asset, assetName: fresh.assetName, priority: fresh.priority,
        status: fresh.status, startTimestamp: fresh.startTimestamp, endTimestamp: fresh.endTimestamp, alert: null,
      }),
    );
    expect(await screen.findByText('New work order: Fix leaking valve')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/workOrder/my')).toHaveLength(2));
    await waitFor(() => expect(within(section).getAllByRole('link')).toHaveLength(2));
    // It starts first, so it is on top.
    const [top] = await rowsOf(section);
    expect(within(top!).getByRole('link')).toHaveAccessibleName(expect.stringContaining('Fix leaking valve'));
  });

  it('an update-detail of an order in the list refreshes it; of another order or type it does not', async () => {
    let served = mine;
    const api = signedInTechnician({ 'GET /api/workOrder/my': () => jsonResponse(200, served) });
    renderApp('/inspection');
    const section = await workOrderList();
    await rowsOf(section);
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets[sockets.length - 1]!;
    act(() => socket.accept());

    act(() => socket.push('update-detail', { type: 'workOrder', _id: 'not-mine' }));
    act(() => socket.push('update-detail', { type: 'inspection', _id: 'w3' }));
    // Completed by the engineer: it moves to the Completed tab.
    served = mine.map((order) => (order._id === 'w3' ? { ...order, status: 'Completed', updatedAt: at(2026, 3, 5) } : order));
    act(() => socket.push('update-detail', { type: 'workOrder', _id: 'w3' }));
    await waitFor(() => expect(within(section).queryByText('Grease bearings')).not.toBeInTheDocument());
    expect(api.callsTo('GET', '/api/workOrder/my')).toHaveLength(2);
    await userEvent.click(within(section).getByRole('tab', { name: 'Completed' }));
    const rows = await rowsOf(section);
    expect(within(rows[0]!).getByRole('link')).toHaveAccessibleName(expect.stringContaining('Grease bearings'));
  });

  it('a new-work-order push is announced elsewhere in the technician area too', async () => {
    signedInTechnician({ 'GET /api/workOrder/w3': () => jsonResponse(200, { ...mine[2], status: 'Completed', activity: [], alertSummary: null, ...NO_ACCOUNTING }) });
    renderApp('/inspection/workOrder/w3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Grease bearings' })).toBeInTheDocument();
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets[sockets.length - 1]!;
    act(() => socket.accept());
    act(() =>
      socket.push('new-work-order', {
        _id: 'w7', title: 'Inspect fire pump', asset: 'as2', assetName: 'Fire pump', priority: 'High', status: 'Open',
        startTimestamp: at(2026, 3, 7), endTimestamp: at(2026, 3, 7), alert: null,
      }),
    );
    expect(await screen.findByText('New work order: Inspect fire pump')).toBeInTheDocument();
  });
});

describe('technician home: overdue orders (issue 40)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /** The row (its one link) of the order titled `title` in the shown tab. */
  const rowLink = async (title: string) => within(await workOrderList()).findByRole('link', { name: new RegExp(title) });

  it('marks an order whose end has passed and that is not Completed as Overdue, in words, and no other', async () => {
    // Thursday 5 March 2026, noon: Calibrate sensor (On Hold) ended at 08:00 today; Grease bearings ends tomorrow.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 5, 12, 0));
    signedInTechnician({ 'GET /api/workOrder/my': () => jsonResponse(200, mine) });
    renderApp('/inspection');

    const overdue = await rowLink('Calibrate sensor');
    expect(within(overdue).getByText('Overdue')).toBeInTheDocument();
    // Said in the link's name too, for a screen reader going down the list.
    expect(overdue).toHaveAccessibleName(expect.stringContaining('Overdue'));
    for (const title of ['Grease bearings', 'Replace filter']) expect(within(await rowLink(title)).queryByText('Overdue')).toBeNull();

    // Completed orders ended long ago, and are not overdue.
    await userEvent.click(within(await workOrderList()).getByRole('tab', { name: 'Completed' }));
    expect(within(await rowLink('Check belt tension')).queryByText('Overdue')).toBeNull();
    expect(within(await workOrderList()).queryByText('Overdue')).toBeNull();
  });
});

describe('technician home: the work orders near the top (issue 40)', () => {
  it('puts the work orders right below the scan hint, above the dashboard, which shows once they are in (nothing moves)', async () => {
    let answer: (response: Response) => void = () => undefined;
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({
      'GET /api/token/init': () => jsonResponse(200, sessionUser([...WORK_ORDER_TECHNICIAN, 'read-dashboard'], { dashboardId: 'd1' })),
      'GET /api/dashboard/d1': () => jsonResponse(200, { _id: 'd1', name: 'Technician round', filters: [], sections: [] }),
      'GET /api/workOrder/my': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderApp('/inspection');
    const orders = await workOrderList();
    const dashboard = await screen.findByLabelText('Technician round');
    const hint = screen.getByText(/Scan QR Code button/);
    expect(hint.compareDocumentPosition(orders) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(orders.compareDocumentPosition(dashboard) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // While the list loads it grows: what is below it waits, laid out but not shown.
    expect(dashboard).not.toBeVisible();
    answer(jsonResponse(200, mine));
    await rowsOf(orders);
    await waitFor(() => expect(dashboard).toBeVisible());
  });
});
