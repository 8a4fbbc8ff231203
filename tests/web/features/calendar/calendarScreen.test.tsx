import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeSockets as sockets } from '../../platform/realtime/fakeSocket';
import { jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';
import { config, entry, types } from './calendarFixtures';

const engineer = ['view-engineer', 'nav-calendar', 'read-calendar', 'manage-calendar'];

function openCalendar(permissions = engineer, answers: Record<string, (call: ApiCall) => Response> = {}) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)),
    'GET /api/calendarEntry/calendarConfig': () => jsonResponse(200, config),
    'GET /api/calendarEntryType': () => jsonResponse(200, types),
    'GET /api/calendarEntry': () => jsonResponse(200, { data: [entry(), entry({ _id: 'e2', name: 'Chiller visit', type: 'visit' })] }),
    ...answers,
  });
  renderApp('/home/calendar');
  return api;
}

const entryFetches = (api: ReturnType<typeof mockApi>) => api.callsTo('GET', '/api/calendarEntry').map((call) => Object.fromEntries(new URLSearchParams(call.search)));

/** The month the calendar opens on (spec §9: month view by default), first and last millisecond. */
function thisMonth() {
  const now = new Date();
  return { start: new Date(now.getFullYear(), now.getMonth(), 1).getTime(), end: new Date(now.getFullYear(), now.getMonth() + 1, 1).getTime() - 1 };
}

describe('the configurable calendar screen /home/calendar (spec §2.7)', () => {
  it("asks for the month's entries with the filters' default values on its first fetch", async () => {
    const api = openCalendar();
    await waitFor(() => expect(entryFetches(api)).toHaveLength(1));
    const month = thisMonth();
    // Site's default is North; Type has none (all), so it is not sent.
    expect(entryFetches(api)[0]).toEqual({ site: 'North', start: String(month.start), end: String(month.end) });
    // The config and types came first: the entries are never asked for without the defaults.
    const order = api.calls.map((call) => call.path);
    expect(order.indexOf('/api/calendarEntry')).toBeGreaterThan(order.indexOf('/api/calendarEntry/calendarConfig'));
  });

  it('asks again with `<key>=<value>` as filters change; All sends nothing for its key', async () => {
    const api = openCalendar();
    await waitFor(() => expect(entryFetches(api)).toHaveLength(1));
    expect(screen.getByRole('combobox', { name: 'Site' })).toHaveTextContent('North');
    await userEvent.click(screen.getByRole('combobox', { name: 'Type' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Contractor visit' }));
    await waitFor(() => expect(entryFetches(api)).toHaveLength(2));
    expect(entryFetches(api)[1]).toMatchObject({ site: 'North', type: 'Contractor visit' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Site' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'All' }));
    await waitFor(() => expect(entryFetches(api)).toHaveLength(3));
    expect(entryFetches(api)[2]).not.toHaveProperty('site');
    expect(entryFetches(api)[2]).toMatchObject({ type: 'Contractor visit' });
  });

  it("runs an action button's script in the sandbox with the entries, filters and period shown", async () => {
    const api = openCalendar();
    await waitFor(() => expect(entryFetches(api)).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Count entries' }));
    expect(await screen.findByText('2 entries at North from 1')).toBeInTheDocument();
  });

  it("shows a timed entry's time as every time of day in the app: hh:mm A (spec §9, issue 40 §10d)", async () => {
    const now = new Date();
    const start = new Date(now.getFullYear(), now.getMonth(), 15, 8, 30).getTime();
    openCalendar(engineer, {
      'GET /api/calendarEntry': () => jsonResponse(200, { data: [entry({ _id: 'e3', name: 'Pump alignment', timed: true, start, end: start + 3_600_000 })] }),
    });
    const event = (await screen.findByText('Pump alignment')).closest('[data-event-id]') as HTMLElement;
    expect(event.textContent).toContain('08:30 AM');
  });

  it('shows the legend of the config', async () => {
    openCalendar();
    const legend = await screen.findByRole('list', { name: 'Legend' });
    expect(within(legend).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Shutdown', 'Contractor visit']);
  });

  it('reads the entries again when an update-detail push names a calendar entry', async () => {
    const api = openCalendar();
    await waitFor(() => expect(entryFetches(api)).toHaveLength(1));
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets.at(-1)!;
    act(() => socket.accept());
    act(() => socket.push('update-detail', { type: 'inspection', _id: 'i1' }));
    act(() => socket.push('update-detail', { type: 'calendarEntry', _id: 'e1' }));
    await waitFor(() => expect(entryFetches(api)).toHaveLength(2));
  });

  it('opens the Add dialog from Add entry, preset with the filters shown', async () => {
    openCalendar();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Type' }));
    await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Contractor visit' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Add entry' }));
    const dialog = await screen.findByRole('dialog', { name: 'New entry' });
    // Site North (the filter's default) and the chosen type: the new entry shows in this view.
    expect(within(dialog).getByRole('combobox', { name: 'Site' })).toHaveTextContent('North');
    expect(within(dialog).getByRole('combobox', { name: 'Entry type' })).toHaveTextContent('Contractor visit');
  });

  it('offers no Add entry to a user who may only read it', async () => {
    const api = openCalendar(['view-engineer', 'nav-calendar', 'read-calendar']);
    await waitFor(() => expect(entryFetches(api)).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Add entry' })).toBeNull();
  });

  it('lists Calendar in the drawer for nav-calendar', async () => {
    openCalendar();
    expect(await screen.findByRole('menuitem', { name: 'Calendar' })).toHaveAttribute('href', '/home/calendar');
  });
});
