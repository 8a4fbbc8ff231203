import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { draftOfEntry, newEntryDraft } from '../../../../src/features/calendar/entryDraft';
import { clearDate, dateField, dateFieldValue, typeDate } from '../../helpers/dateInput';
import { errorResponse, jsonResponse, mockApi } from '../../helpers/mockApi';
import { config, entry, renderDialog, types } from './calendarFixtures';

const { definitions } = config.customFields;
const newDraft = () => newEntryDraft({ date: new Date(2026, 2, 5), timed: false }, types, definitions);

/** Opens a dropdown by its label and answers the option names it offers. */
async function optionsOf(label: string): Promise<string[]> {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  const listbox = await screen.findByRole('listbox');
  const names = within(listbox).getAllByRole('option').map((option) => option.textContent ?? '');
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  return names;
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
}

/** The alert dialog's message, then closes it. */
async function alertMessage(): Promise<string> {
  const alert = await screen.findByRole('dialog', { description: /./ });
  const message = alert.querySelector('#app-alert-message')?.textContent ?? '';
  await userEvent.click(within(alert).getByRole('button', { name: 'Close' }));
  await waitFor(() => expect(document.querySelector('#app-alert-message')).toBeNull());
  return message;
}

describe('the entry dialog builds its fields from the definitions (spec §2.7)', () => {
  it('shows entry type, start, end and one field per definition, each of its kind', async () => {
    mockApi();
    renderDialog(newDraft());
    const dialog = screen.getByRole('dialog', { name: 'New entry' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('');
    expect(within(dialog).getByRole('combobox', { name: 'Entry type' })).toHaveTextContent('Shutdown');
    expect(within(dialog).getByRole('switch', { name: 'All day' })).toBeChecked();
    // Whole days: date inputs.
    expect(dateFieldValue(dateField('Start'))).toBe('2026-03-05');
    expect(dateFieldValue(dateField('End'))).toBe('2026-03-05');
    for (const dropdown of ['Site', 'Building', 'Room', 'Trades']) expect(within(dialog).getByRole('combobox', { name: dropdown })).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Contractor' })).toHaveValue('');
    expect(within(dialog).getByRole('spinbutton', { name: 'Crew size' })).toHaveValue(null);
    expect(dateFieldValue(dateField('Permit date'))).toBe('');
    // A timed entry: date-time inputs.
    await userEvent.click(within(dialog).getByRole('switch', { name: 'All day' }));
    expect(dateFieldValue(dateField('Start'))).toBe('2026-03-05 12:00 AM');
    expect(dateFieldValue(dateField('End'))).toBe('2026-03-05 11:59 PM');
    // Only Cancel and Create on a new entry.
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('offers Trades as a multi-select and saves each kind of value in its form', async () => {
    const api = mockApi({ 'POST /api/calendarEntry': (call) => jsonResponse(200, { ...entry(), ...(call.body as object), _id: 'e9' }) });
    const { onChanged, onClose } = renderDialog(newDraft());
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), ' Chiller service ');
    await choose('Entry type', 'Contractor visit');
    await userEvent.click(screen.getByRole('combobox', { name: 'Trades' }));
    const listbox = await screen.findByRole('listbox');
    await userEvent.click(within(listbox).getByRole('option', { name: 'Electrical' }));
    await userEvent.click(within(listbox).getByRole('option', { name: 'HVAC' }));
    await userEvent.keyboard('{Escape}');
    await userEvent.type(screen.getByRole('textbox', { name: 'Contractor' }), 'Acme Ltd');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Crew size' }), '3');
    await typeDate(dateField('Permit date'), '2026-03-04');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/calendarEntry')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/calendarEntry')[0]!.body).toEqual({
      name: 'Chiller service',
      type: 'visit',
      timed: false,
      start: new Date(2026, 2, 5).getTime(),
      end: new Date(2026, 2, 5, 23, 59, 59, 999).getTime(),
      // Empty ones (site, building, room) left out; a day as the epoch ms of its start.
      customAttributes: { trades: ['Electrical', 'HVAC'], contractor: 'Acme Ltd', crew: 3, permitDate: new Date(2026, 2, 4).getTime() },
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalled();
  });
});

describe('a dropdown depending on another (dependsOn / dependentMappings)', () => {
  it('offers the options mapped to the chosen value and clears what stops being valid', async () => {
    const api = mockApi({ 'POST /api/calendarEntry': (call) => jsonResponse(200, { ...entry(), ...(call.body as object) }) });
    renderDialog(newDraft());
    // Nothing chosen above: nothing to choose below.
    expect(await optionsOf('Building')).toEqual(['Choose Site first']);
    await choose('Site', 'North');
    expect(await optionsOf('Building')).toEqual(['None', 'N1', 'N2']);
    await choose('Building', 'N1');
    expect(await optionsOf('Room')).toEqual(['None', 'N1-101', 'N1-102']);
    await choose('Room', 'N1-102');
    // Another site: the building and the room it held are no longer valid.
    await choose('Site', 'South');
    expect(screen.getByRole('combobox', { name: 'Building' })).not.toHaveTextContent(/N1/);
    expect(screen.getByRole('combobox', { name: 'Room' })).not.toHaveTextContent(/N1/);
    expect(await optionsOf('Building')).toEqual(['None', 'S1']);
    expect(await optionsOf('Room')).toEqual(['Choose Building first']);
    await choose('Building', 'S1');
    await choose('Room', 'S1-001');
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/calendarEntry')).toHaveLength(1));
    expect((api.callsTo('POST', '/api/calendarEntry')[0]!.body as { customAttributes: unknown }).customAttributes).toEqual({ site: 'South', building: 'S1', room: 'S1-001' });
  });
});

describe('saving checks spec §5 in order and saves nothing on failure', () => {
  it('alerts each message in turn as the one before it is put right', async () => {
    const api = mockApi({ 'POST /api/calendarEntry': (call) => jsonResponse(200, { ...entry(), ...(call.body as object) }) });
    renderDialog(newDraft());
    const create = () => userEvent.click(screen.getByRole('button', { name: 'Create' }));
    await clearDate(dateField('Start'));
    await clearDate(dateField('End'));
    await create();
    expect(await alertMessage()).toBe('Start date is not set');
    await typeDate(dateField('Start'), '2026-03-12');
    await create();
    expect(await alertMessage()).toBe('End date is not set');
    await typeDate(dateField('End'), '2026-03-11');
    await create();
    expect(await alertMessage()).toBe('End date should be the same or should be after the start date');
    expect(api.callsTo('POST', '/api/calendarEntry')).toHaveLength(0);
    // The same day is fine.
    await typeDate(dateField('End'), '2026-03-12');
    await create();
    await waitFor(() => expect(api.callsTo('POST', '/api/calendarEntry')).toHaveLength(1));
  });

  it("shows the server's reason when it refuses the entry, and keeps the dialog open", async () => {
    mockApi({ 'POST /api/calendarEntry': () => errorResponse(400, 'type "x" is not an entry type') });
    const { onClose } = renderDialog(newDraft());
    await userEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await alertMessage()).toBe('type "x" is not an entry type');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'New entry' })).toBeInTheDocument();
  });
});

describe('editing an entry', () => {
  it('fixes updateReadOnlyFields and sends the entry back with them unchanged', async () => {
    const api = mockApi({ 'PUT /api/calendarEntry/e1': (call) => jsonResponse(200, { ...entry(), ...(call.body as object) }) });
    renderDialog(draftOfEntry(entry(), definitions));
    const dialog = screen.getByRole('dialog', { name: 'Edit entry' });
    expect(within(dialog).getByRole('textbox', { name: 'Title' })).toHaveValue('Boiler shutdown');
    expect(within(dialog).getByRole('combobox', { name: 'Site' })).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog).getByRole('combobox', { name: 'Site' })).toHaveTextContent('North');
    expect(within(dialog).getByRole('combobox', { name: 'Building' })).not.toHaveAttribute('aria-disabled');
    await choose('Building', 'N2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/calendarEntry/e1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/calendarEntry/e1')[0]!.body).toEqual({
      name: 'Boiler shutdown',
      type: 'shutdown',
      timed: false,
      start: entry().start,
      end: entry().end,
      // The room of building N1 went with it.
      customAttributes: { site: 'North', building: 'N2', trades: ['Mechanical'] },
    });
  });

  it('offers Delete only when the entry allows it', () => {
    mockApi();
    renderDialog(draftOfEntry(entry({ disableDelete: true }), definitions));
    const dialog = screen.getByRole('dialog', { name: 'Edit entry' });
    expect(within(dialog).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeInTheDocument();
  });

  it("asks 'Are you sure you want to delete this event?' and deletes on yes", async () => {
    const api = mockApi({ 'DELETE /api/calendarEntry/e1': () => jsonResponse(200, { message: 'Deleted' }) });
    const { onChanged, onClose } = renderDialog(draftOfEntry(entry(), definitions));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Deletion' });
    expect(confirm).toHaveTextContent('Are you sure you want to delete this event?');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/calendarEntry/e1')).toHaveLength(1));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(onChanged).toHaveBeenCalled();
  });

  it('deletes nothing when the confirmation is cancelled', async () => {
    const api = mockApi({ 'DELETE /api/calendarEntry/e1': () => jsonResponse(200, {}) });
    renderDialog(draftOfEntry(entry(), definitions));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm Deletion' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm Deletion' })).toBeNull());
    expect(api.callsTo('DELETE', '/api/calendarEntry/e1')).toHaveLength(0);
  });

  it("alerts 'Something went wrong in deleting the event' when the delete fails", async () => {
    mockApi({ 'DELETE /api/calendarEntry/e1': () => errorResponse(409, 'This calendar entry cannot be deleted') });
    const { onClose } = renderDialog(draftOfEntry(entry(), definitions));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Confirm Deletion' })).getByRole('button', { name: 'Delete' }));
    expect(await alertMessage()).toBe('Something went wrong in deleting the event');
    expect(onClose).not.toHaveBeenCalled();
  });
});
