import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets as sockets } from '../../platform/realtime/fakeSocket';
import { errorResponse, jsonResponse } from '../../helpers/mockApi';
import { openWorkOrders, order, orders, pageResponse, queryOf } from './workOrderFixtures';

afterEach(() => {
  sockets.length = 0;
  vi.restoreAllMocks();
});

const listFetches = (api: ReturnType<typeof openWorkOrders>) => api.callsTo('GET', '/api/workOrder').map(queryOf);
const rowOf = async (title: string) => (await screen.findByText(title)).closest('tr')!;

describe('work order list (spec §2.8)', () => {
  it("has the config's headings in its order and Actions, and asks the server for the first page only", async () => {
    const api = openWorkOrders();
    // The first test of the file also waits for the screen's chunk to be transformed.
    await screen.findByText('Replace pump seal');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Title', 'Asset', 'Assigned To', 'Priority', 'Status', 'Start Date', 'End Date', 'Actions',
    ]);
    // Page size 10 (spec §9); the config's sort is the server's to apply, so none is sent.
    expect(listFetches(api)).toEqual([{ range: '[0,9]' }]);
  });

  it('shows asset and assignee by name, and the dates as the app shows dates everywhere: YYYY/MM/DD (spec §9, issue 40 §10d)', async () => {
    openWorkOrders();
    const row = await rowOf('Replace pump seal');
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 3)).toEqual(['Replace pump seal', 'Pump 7', 'Tom Technician']);
    expect(cells[5]).toBe('2026/03/10');
    expect(cells[6]).toBe('2026/03/11');
    expect(row.textContent).not.toMatch(/a-pump|u-tom/);
  });

  it('colours each priority chip: High red, Medium orange, Low green, any other grey (spec §9)', async () => {
    openWorkOrders();
    const expected: [string, string, string][] = [
      ['Replace pump seal', 'High', 'red'],
      ['Chiller service', 'Medium', 'orange'],
      ['Grease bearings', 'Low', 'green'],
      ['Inspect fire door', 'Urgent', 'grey'],
    ];
    for (const [title, priority, colour] of expected) {
      const chip = within(await rowOf(title)).getByText(priority).closest('.MuiChip-root')!;
      expect(chip, `${priority} chip`).toHaveAttribute('data-colour', colour);
    }
  });

  it('pages on the server: the total comes from Content-Range and the next page asks for its range', async () => {
    const user = userEvent.setup();
    const api = openWorkOrders({
      'GET /api/workOrder': (call) => {
        const [first] = JSON.parse(queryOf(call).range ?? '[0,9]') as [number, number];
        return pageResponse([order(`wo-${first}`, { title: `Order ${first + 1}` })], first, 10_000);
      },
    });
    await screen.findByText('Order 1');
    expect(screen.getByText(/of 10000/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByText('Order 11')).toBeInTheDocument();
    expect(listFetches(api).map((query) => query.range)).toEqual(['[0,9]', '[10,19]']);
  });

  it('sorts on the server by a clicked heading: ascending, descending, then back to the config’s order', async () => {
    const user = userEvent.setup();
    const api = openWorkOrders();
    await screen.findByText('Replace pump seal');
    const heading = () => within(screen.getByRole('columnheader', { name: 'Title' })).getByRole('button');
    await user.click(heading());
    await waitFor(() => expect(listFetches(api).at(-1)).toEqual({ range: '[0,9]', sort: '["title","ASC"]' }));
    await user.click(heading());
    await waitFor(() => expect(listFetches(api).at(-1)).toEqual({ range: '[0,9]', sort: '["title","DESC"]' }));
    await user.click(heading());
    await waitFor(() => expect(listFetches(api).at(-1)).toEqual({ range: '[0,9]' }));
  });

  it('saves a status change at once with PUT of the whole order', async () => {
    const user = userEvent.setup();
    const api = openWorkOrders({ 'PUT /api/workOrder/wo1': (call) => jsonResponse(200, call.body) });
    await screen.findByText('Replace pump seal');
    const status = screen.getByRole('combobox', { name: 'Status of Replace pump seal' });
    expect(status).toHaveTextContent('Open');
    await user.click(status);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Open', 'In Progress', 'On Hold', 'Completed']);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'In Progress' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/workOrder/wo1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/workOrder/wo1')[0]!.body).toEqual({ ...orders[0], status: 'In Progress' });
    // The page is asked for again: the order may sort or filter elsewhere now.
    await waitFor(() => expect(listFetches(api)).toHaveLength(2));
  });

  it('a failed status change is only logged and the row shows its status again', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    openWorkOrders({ 'PUT /api/workOrder/wo1': () => errorResponse(500, 'database unavailable') });
    await screen.findByText('Replace pump seal');
    await user.click(screen.getByRole('combobox', { name: 'Status of Replace pump seal' }));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'On Hold' }));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Status of Replace pump seal' })).toHaveTextContent('Open'));
    expect(screen.queryByText('database unavailable')).toBeNull();
  });

  it("keeps a Completed order's status: the select is disabled and its tooltip says why", async () => {
    const user = userEvent.setup();
    openWorkOrders();
    await screen.findByText('Inspect fire door');
    const status = screen.getByRole('combobox', { name: 'Status of Inspect fire door' });
    expect(status).toHaveAttribute('aria-disabled', 'true');
    await user.hover(status.closest('span')!);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Completed is final: the status of a completed work order cannot be changed');
    expect(screen.getByRole('combobox', { name: 'Status of Replace pump seal' })).not.toHaveAttribute('aria-disabled');
  });

  it('filters by the config’s dropdowns (assignees by name) and searches, each sent to the server; a cleared filter is dropped', async () => {
    const user = userEvent.setup();
    const api = openWorkOrders();
    await screen.findByText('Replace pump seal');
    const filter = (name: string) => screen.getByRole('combobox', { name });
    expect(['Status', 'Priority', 'Assigned To'].every((name) => filter(name))).toBe(true);

    await user.click(filter('Status'));
    await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Open' }));
    await waitFor(() => expect(listFetches(api).at(-1)).toEqual({ range: '[0,9]', filters: '{"status":"Open"}' }));

    await user.click(filter('Assigned To'));
    const people = within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent);
    expect(people).toEqual(['Ann Fitter', 'Tom Technician']);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Tom Technician' }));
    await waitFor(() => expect(listFetches(api).at(-1)).toEqual({ range: '[0,9]', filters: '{"status":"Open","assignedTo":"u-tom"}' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'seal');
    await waitFor(() => expect(listFetches(api).at(-1)).toEqual({ range: '[0,9]', filters: '{"status":"Open","assignedTo":"u-tom"}', search: 'seal' }));

    // The clear button of the Status filter.
    // MUI shows it while the field has focus.
    await user.click(filter('Status'));
    await user.click(within(filter('Status').closest('.MuiAutocomplete-root') as HTMLElement).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(listFetches(api).at(-1)).toEqual({ range: '[0,9]', filters: '{"assignedTo":"u-tom"}', search: 'seal' }));
  });

  it("a search or filter starts again at the first page", async () => {
    const user = userEvent.setup();
    const api = openWorkOrders({
      'GET /api/workOrder': (call) => {
        const [first] = JSON.parse(queryOf(call).range ?? '[0,9]') as [number, number];
        return pageResponse([order(`wo-${first}`, { title: `Order ${first + 1}` })], first, 100);
      },
    });
    await screen.findByText('Order 1');
    await user.click(screen.getByRole('button', { name: 'Go to next page' }));
    await screen.findByText('Order 11');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'pump');
    await waitFor(() => expect(listFetches(api).at(-1)).toEqual({ range: '[0,9]', search: 'pump' }));
  });

  it("asks 'Confirm Deletion' before a delete; Cancel sends nothing, Delete sends DELETE and reloads", async () => {
    const user = userEvent.setup();
    const api = openWorkOrders({ 'DELETE /api/workOrder/wo1': () => jsonResponse(200, { message: 'Deleted successfully' }) });
    const row = await rowOf('Replace pump seal');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(within(confirm).getByText('Are you sure you want to delete this item?')).toBeInTheDocument();
    expect(confirm).toHaveStyle({ maxWidth: '400px' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Deletion' })).toBeNull());
    expect(api.callsTo('DELETE', '/api/workOrder/wo1')).toHaveLength(0);

    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    confirm = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/workOrder/wo1')).toHaveLength(1));
    await waitFor(() => expect(listFetches(api)).toHaveLength(2));
  });

  it('a failed delete is only logged: no message, the row stays', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const api = openWorkOrders({ 'DELETE /api/workOrder/wo1': () => errorResponse(500, 'database unavailable') });
    const row = await rowOf('Replace pump seal');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm Deletion' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/workOrder/wo1')).toHaveLength(1));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    expect(screen.queryByText('database unavailable')).toBeNull();
    expect(screen.getByText('Replace pump seal')).toBeInTheDocument();
  });

  it('a failed load is only logged: no message, the loading bar goes, the rows shown stay', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let loads = 0;
    const api = openWorkOrders({ 'GET /api/workOrder': () => (++loads === 1 ? pageResponse(orders, 0, orders.length) : errorResponse(500, 'list unavailable')) });
    await screen.findByText('Replace pump seal');
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets[sockets.length - 1]!;
    act(() => socket.accept());
    act(() => socket.push('update-detail', { type: 'workOrder', _id: 'wo2' }));
    await waitFor(() => expect(listFetches(api)).toHaveLength(2));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByText('list unavailable')).toBeNull();
    expect(screen.getByText('Replace pump seal')).toBeInTheDocument();
  });

  it('a config that does not load is only logged: no message, no loading bar', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    openWorkOrders({ 'GET /api/workOrder/config': () => errorResponse(500, 'config unavailable') });
    await screen.findByRole('heading', { name: 'Work order management' });
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(screen.queryByText('config unavailable')).toBeNull();
  });

  it('opens the edit dialog from the pencil, and New opens an empty one', async () => {
    const user = userEvent.setup();
    openWorkOrders();
    const row = await rowOf('Chiller service');
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Work Order' });
    expect(within(edit).getByRole('textbox', { name: 'Title' })).toHaveValue('Chiller service');
    await user.click(within(edit).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'New' }));
    const add = await screen.findByRole('dialog', { name: 'Add Work Order' });
    expect(within(add).getByRole('textbox', { name: 'Title' })).toHaveValue('');
  });

  it('fetches again on an update-detail push about a work order, not on other pushes', async () => {
    const api = openWorkOrders();
    await screen.findByText('Replace pump seal');
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets[sockets.length - 1]!;
    act(() => socket.accept());
    act(() => socket.push('update-detail', { type: 'alert', _id: 'al1' }));
    act(() => socket.push('update-detail', { type: 'workOrder', _id: 'wo2' }));
    await waitFor(() => expect(listFetches(api)).toHaveLength(2));
  });
});
