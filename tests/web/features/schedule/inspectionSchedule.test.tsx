import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { InspectionSchedule } from '../../../../common/resources/inspectionSchedule';
import { dateField, dateFieldValue, typeDate } from '../../helpers/dateInput';
import { errorResponse, jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';
import { fakeSockets as sockets } from '../../platform/realtime/fakeSocket';

/** Today in these tests: Wednesday 18 March 2026, 10:30 local time. */
const NOW = new Date(2026, 2, 18, 10, 30);
const day = (d: number, month = 2) => new Date(2026, month, d).getTime();
const endOfDay = (d: number, month = 2) => new Date(2026, month, d, 23, 59, 59, 999).getTime();

const ENGINEER = ['view-engineer', 'nav-inspectionSchedule', 'read-inspection-schedule', 'manage-inspection-schedule'];
const READER = ['view-engineer', 'nav-inspectionSchedule', 'read-inspection-schedule'];

const assets = [
  { _id: 'a1', name: 'Chiller 1', identification: 'CH-001', checklists: ['c-month', 'c-week'] },
  { _id: 'a2', name: 'Pump 7', identification: 'PU-007', checklists: ['c-week'] },
];
const checklists = [
  { _id: 'c-month', name: 'Chiller monthly inspection', frequency: 'Monthly' },
  { _id: 'c-week', name: 'Pump weekly check', frequency: 'Weekly' },
  { _id: 'c-year', name: 'Annual service', frequency: 'every year' },
];

function schedule(id: string, overrides: Partial<InspectionSchedule>): InspectionSchedule {
  return {
    _id: id, asset: 'a1', assetName: 'Chiller 1', checklists: ['c-month'], checklistNames: ['Chiller monthly inspection'],
    start: day(2), end: endOfDay(2), inspections: [], generated: false, edited: false,
    ...overrides,
  };
}

/** March 2026 as the server answers it: one of each colour, and a yearly one. */
const march = [
  schedule('s-overdue', { start: day(9), end: endOfDay(9) }),
  schedule('s-done', { start: day(10), end: endOfDay(10), inspections: ['i1'], asset: 'a2', assetName: 'Pump 7', checklists: ['c-week'], checklistNames: ['Pump weekly check'] }),
  schedule('s-pending', { start: day(24), end: endOfDay(24), asset: 'a2', assetName: 'Pump 7', checklists: ['c-week'], checklistNames: ['Pump weekly check'] }),
  schedule('s-yearly', { start: day(26), end: endOfDay(26), checklists: ['c-year'], checklistNames: ['Annual service'] }),
];

type Answer = (call: ApiCall) => Response | Promise<Response>;

function openSchedule(permissions: string[], answers: Record<string, Answer> = {}) {
  localStorage.setItem('jwt', 'stored-jwt');
  const api = mockApi({
    'GET /api/token/init': () => jsonResponse(200, sessionUser(permissions)),
    'GET /api/asset': () => jsonResponse(200, assets),
    'GET /api/checklist': () => jsonResponse(200, checklists),
    'GET /api/inspectionSchedule': (call) => jsonResponse(200, Number(new URLSearchParams(call.search).get('start')) === day(1) ? march : []),
    ...answers,
  });
  renderApp('/home/inspectionSchedule');
  return api;
}

const periodsAsked = (api: ReturnType<typeof mockApi>) =>
  api.callsTo('GET', '/api/inspectionSchedule').map((call) => {
    const query = new URLSearchParams(call.search);
    return { start: Number(query.get('start')), end: Number(query.get('end')) };
  });

const dialog = () => screen.findByRole('dialog', { name: /Inspection Schedule/ });
/** The in-app alert (spec §5: "each shown as an alert") and its message. */
async function alertSays(user: ReturnType<typeof userEvent.setup>, message: string) {
  const alert = await screen.findByRole('dialog', { description: message });
  expect(within(alert).getByText(message)).toBeInTheDocument();
  await user.click(within(alert).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(screen.queryByText(message)).not.toBeInTheDocument());
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  sockets.length = 0;
});

describe('inspection schedule screen (spec §2.6)', () => {
  it('asks for exactly the visible month, first to last millisecond, and the next one on Next Month', async () => {
    const api = openSchedule(ENGINEER);
    // The first test of the file also waits for the screen's chunk (FullCalendar) to be transformed.
    await screen.findByRole('heading', { name: 'March 2026' });
    await waitFor(() => expect(periodsAsked(api)).toEqual([{ start: day(1), end: day(1, 3) - 1 }]));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Next Month' }));
    await screen.findByRole('heading', { name: 'April 2026' });
    await waitFor(() => expect(periodsAsked(api)).toEqual([{ start: day(1), end: day(1, 3) - 1 }, { start: day(1, 3), end: day(1, 4) - 1 }]));
  });

  it('colours each schedule by the rule: red overdue, green with inspections, blue pending', async () => {
    openSchedule(ENGINEER);
    expect(await screen.findByTitle(/^Chiller 1 · Chiller monthly inspection — /)).toHaveAttribute('title', 'Chiller 1 · Chiller monthly inspection — Overdue');
    expect((await screen.findAllByTitle(/^Pump 7 · Pump weekly check — /)).map((element) => element.getAttribute('title'))).toEqual([
      'Pump 7 · Pump weekly check — Completed',
      'Pump 7 · Pump weekly check — Pending',
    ]);
  });

  it('the frequency filter keeps the schedules with a checklist of that frequency', async () => {
    const user = userEvent.setup();
    openSchedule(ENGINEER);
    await screen.findByTitle(/^Chiller 1 · Annual service/);
    const shown = () => screen.queryAllByTitle(/ — /).map((element) => element.getAttribute('title')!.split(' — ')[0]);
    expect(shown()).toHaveLength(4);

    await user.click(screen.getByRole('combobox', { name: 'Checklist frequency' }));
    await user.click(await screen.findByRole('option', { name: 'Weekly' }));
    await waitFor(() => expect(shown()).toEqual(['Pump 7 · Pump weekly check', 'Pump 7 · Pump weekly check']));

    await user.click(screen.getByRole('combobox', { name: 'Checklist frequency' }));
    await user.click(await screen.findByRole('option', { name: 'Yearly' }));
    await waitFor(() => expect(shown()).toEqual(['Chiller 1 · Annual service']));

    await user.click(screen.getByRole('combobox', { name: 'Checklist frequency' }));
    await user.click(await screen.findByRole('option', { name: 'Monthly' }));
    await waitFor(() => expect(shown()).toEqual(['Chiller 1 · Chiller monthly inspection']));

    await user.click(screen.getByRole('combobox', { name: 'Checklist frequency' }));
    await user.click(await screen.findByRole('option', { name: 'Any' }));
    await waitFor(() => expect(shown()).toHaveLength(4));
  });

  it("checks in the spec's order, one message at a time, and sends nothing until all pass; then start and end of day", async () => {
    const user = userEvent.setup();
    const api = openSchedule(ENGINEER, { 'POST /api/inspectionSchedule': (call) => jsonResponse(200, { _id: 'new', ...(call.body as object) }) });
    await user.click(await screen.findByRole('button', { name: 'Add item' }));
    const form = await dialog();
    const create = within(form).getByRole('button', { name: 'Create' });

    await user.click(create);
    await alertSays(user, 'Start date is not set');
    await typeDate(dateField('Start Date', form), '2026-03-20');
    await user.click(create);
    await alertSays(user, 'End date is not set');
    await typeDate(dateField('End Date', form), '2026-03-19');
    await user.click(create);
    await alertSays(user, 'End date should be the same or should be after the start date');
    await typeDate(dateField('End Date', form), '2026-03-21');
    await user.click(create);
    await alertSays(user, 'Please select an asset');
    await user.click(within(form).getByRole('combobox', { name: 'Asset' }));
    await user.click(await screen.findByRole('option', { name: 'Chiller 1 (CH-001)' }));
    await user.click(create);
    await alertSays(user, 'Please select at least one checklist');
    expect(api.callsTo('POST', '/api/inspectionSchedule')).toHaveLength(0);

    await user.click(within(form).getByRole('combobox', { name: 'Checklists' }));
    await user.click(await screen.findByRole('option', { name: 'Pump weekly check' }));
    await user.keyboard('{Escape}');
    await user.click(create);
    await waitFor(() => expect(api.callsTo('POST', '/api/inspectionSchedule')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/inspectionSchedule')[0]!.body).toEqual({ assetId: 'a1', checklistIds: ['c-week'], start: day(20), end: endOfDay(21) });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Inspection Schedule/ })).not.toBeInTheDocument());
  });

  it('an asset with a single checklist has it chosen', async () => {
    const user = userEvent.setup();
    openSchedule(ENGINEER);
    await user.click(await screen.findByRole('button', { name: 'Add item' }));
    const form = await dialog();
    await user.click(within(form).getByRole('combobox', { name: 'Asset' }));
    await user.click(await screen.findByRole('option', { name: 'Pump 7 (PU-007)' }));
    expect(within(form).getByRole('combobox', { name: 'Checklists' })).toHaveTextContent('Pump weekly check');
  });

  it('edits a schedule on its days and sends its new window with PUT', async () => {
    const user = userEvent.setup();
    const api = openSchedule(ENGINEER, { 'PUT /api/inspectionSchedule/s-pending': (call) => jsonResponse(200, { ...march[2], ...(call.body as object) }) });
    await user.click(await screen.findByTitle(/^Pump 7 · Pump weekly check — Pending/));
    const form = await dialog();
    expect(form).toHaveAccessibleName('Edit Inspection Schedule');
    expect(dateFieldValue(dateField('Start Date', form))).toBe('2026-03-24');
    expect(dateFieldValue(dateField('End Date', form))).toBe('2026-03-24');
    await typeDate(dateField('End Date', form), '2026-03-25');
    await user.click(within(form).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/inspectionSchedule/s-pending')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/inspectionSchedule/s-pending')[0]!.body).toEqual({ assetId: 'a2', checklistIds: ['c-week'], start: day(24), end: endOfDay(25) });
  });

  it('a schedule holding inspections opens read-only, with only Cancel and Delete', async () => {
    const user = userEvent.setup();
    openSchedule(ENGINEER);
    await user.click(await screen.findByTitle(/^Pump 7 · Pump weekly check — Completed/));
    const form = await dialog();
    expect(within(form).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Create' })).not.toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Asset' })).toBeDisabled();
    expect(within(form).getByRole('combobox', { name: 'Checklists' })).toHaveAttribute('aria-disabled', 'true');
    for (const spin of within(dateField('Start Date', form)).getAllByRole('spinbutton')) expect(spin).toHaveAttribute('aria-disabled', 'true');
  });

  it("a failed delete says the spec's words, and the schedule stays", async () => {
    const user = userEvent.setup();
    const api = openSchedule(ENGINEER, { 'DELETE /api/inspectionSchedule/s-pending': () => errorResponse(500, 'database unavailable') });
    await user.click(await screen.findByTitle(/^Pump 7 · Pump weekly check — Pending/));
    const form = await dialog();
    await user.click(within(form).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/inspectionSchedule/s-pending')).toHaveLength(1));
    expect(screen.queryByText('database unavailable')).not.toBeInTheDocument();
    await alertSays(user, 'Something went wrong in deleting the inspection schedule');
    expect(screen.getByRole('dialog', { name: 'Edit Inspection Schedule' })).toBeInTheDocument();
  });

  it('a delete asks first, then removes and fetches the month again', async () => {
    const user = userEvent.setup();
    const api = openSchedule(ENGINEER, { 'DELETE /api/inspectionSchedule/s-pending': () => jsonResponse(200, { _id: 's-pending', message: 'Deleted successfully' }) });
    await user.click(await screen.findByTitle(/^Pump 7 · Pump weekly check — Pending/));
    await user.click(within(await dialog()).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(within(confirm).getByText('Are you sure you want to delete this inspection schedule?')).toBeInTheDocument();
    const before = periodsAsked(api).length;
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(periodsAsked(api).length).toBe(before + 1));
  });

  it('without manage-inspection-schedule: no Add item, and a schedule opens read-only without Delete', async () => {
    const user = userEvent.setup();
    openSchedule(READER);
    await user.click(await screen.findByTitle(/^Pump 7 · Pump weekly check — Pending/));
    const form = await dialog();
    expect(within(form).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    for (const name of ['Delete', 'Update', 'Create']) expect(within(form).queryByRole('button', { name })).not.toBeInTheDocument();
    expect(within(form).getByRole('combobox', { name: 'Asset' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Add item' })).not.toBeInTheDocument();
  });

  it('fetches the month again on a schedule push and on a new inspection, not on other pushes', async () => {
    const api = openSchedule(ENGINEER);
    await screen.findByTitle(/^Chiller 1 · Annual service/);
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets[sockets.length - 1]!;
    act(() => socket.accept());
    const before = periodsAsked(api).length;
    act(() => socket.push('update-detail', { type: 'thermographyNote', _id: 'n1' }));
    act(() => socket.push('update-detail', { type: 'inspectionSchedule', _id: 's-pending' }));
    await waitFor(() => expect(periodsAsked(api).length).toBe(before + 1));
    act(() => socket.push('new-inspection', { _id: 'i9', asset: 'a2', checklist: 'c-week', timestamp: NOW.getTime(), assetName: 'Pump 7', checklistName: 'Pump weekly check' }));
    await waitFor(() => expect(periodsAsked(api).length).toBe(before + 2));
  });
});

/**
 * Spec §4's "start of today" is the browser's (DESIGN §9: times shown in the browser's zone). Far
 * from UTC the UTC day starts hours away from the local one; the colour must follow the local day,
 * as the legend's names in the titles do. Instants are written with their offsets, so they are the
 * same whatever zone the test process started in.
 */
describe('the colour of a schedule in a browser zone far from UTC', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  /** The calendar draws an event with its colour in FullCalendar's --fc-event-color; the legend's red is #d32f2f, its blue #1976d2. */
  const colourOf = (element: HTMLElement) => element.closest<HTMLElement>('[style*="--fc-event-color"]')?.style.getPropertyValue('--fc-event-color').trim();

  async function drawn(timeZone: string, now: string, window: { start: string; end: string }) {
    process.env.TZ = timeZone;
    vi.setSystemTime(new Date(now));
    openSchedule(READER, {
      'GET /api/inspectionSchedule': () => jsonResponse(200, [schedule('s-zone', { start: Date.parse(window.start), end: Date.parse(window.end) })]),
    });
    return screen.findByTitle(/^Chiller 1 · Chiller monthly inspection — /);
  }

  it('Honolulu (UTC−10), 20:00: a schedule that ended at 09:00 today is blue, pending, not overdue', async () => {
    // The UTC day began at 14:00 local: measured from it, 09:00 would be before "today".
    const event = await drawn('Pacific/Honolulu', '2026-03-18T20:00:00-10:00', { start: '2026-03-18T00:00:00-10:00', end: '2026-03-18T09:00:00-10:00' });
    expect(event).toHaveAttribute('title', 'Chiller 1 · Chiller monthly inspection — Pending');
    expect(colourOf(event)).toBe('#1976d2');
  });

  it('Kiritimati (UTC+14), 10:30: a schedule of all of yesterday is red, overdue, not pending', async () => {
    // The UTC day began at 14:00 local yesterday: measured from it, yesterday evening would be "today".
    const event = await drawn('Pacific/Kiritimati', '2026-03-18T10:30:00+14:00', { start: '2026-03-17T00:00:00+14:00', end: '2026-03-17T23:59:59.999+14:00' });
    expect(event).toHaveAttribute('title', 'Chiller 1 · Chiller monthly inspection — Overdue');
    expect(colourOf(event)).toBe('#d32f2f');
  });
});
