import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateField, dateFieldValue, typeDate } from '../helpers/dateInput';
import { errorResponse, jsonResponse } from '../helpers/mockApi';
import { at, order, renderDialog } from './workOrderFixtures';
import { mockApi } from '../helpers/mockApi';

const dialog = () => screen.getByRole('dialog');
const submit = () => within(dialog()).getByRole('button', { name: 'Submit' });
const field = (name: string) => within(dialog()).getByRole('textbox', { name });
const combobox = (name: string) => within(dialog()).getByRole('combobox', { name });

async function choose(user: ReturnType<typeof userEvent.setup>, name: string, option: string) {
  await user.click(combobox(name));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

/** Fills all seven fields of a new order: Replace pump seal on Pump 7 for Tom, High, Open, 20 Mar 9:00 → 21 Mar 17:00. */
async function fillAll(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Title'), 'Replace pump seal');
  await choose(user, 'Asset', 'Pump 7');
  await choose(user, 'Assigned To', 'Tom Technician');
  await choose(user, 'Priority', 'High');
  await choose(user, 'Status', 'Open');
  await typeDate(dateField('Start Date', dialog()), '2026-03-20 09:00 AM');
  await typeDate(dateField('End Date', dialog()), '2026-03-21 05:00 PM');
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('work order dialog (spec §2.8, §5)', () => {
  it("says 'Add Work Order' for a new order, is at most 600 px wide, and stays open on Escape (persistent)", async () => {
    mockApi({});
    const { onClose } = renderDialog({ kind: 'new' });
    expect(await screen.findByRole('dialog', { name: 'Add Work Order' })).toBeInTheDocument();
    expect(dialog()).toHaveStyle({ maxWidth: '600px' });
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Add Work Order' })).toBeInTheDocument();
  });

  it('shows each of the seven messages under its field once it is left empty', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderDialog({ kind: 'new' });
    await screen.findByRole('dialog', { name: 'Add Work Order' });
    expect(within(dialog()).queryByText(/is required$/)).toBeNull();

    await user.type(field('Title'), 'x');
    await user.clear(field('Title'));
    expect(await within(dialog()).findByText('Title is required')).toBeInTheDocument();

    // A list opened and closed without a choice, then left.
    for (const [name, message] of [
      ['Asset', 'Asset is required'],
      ['Assigned To', 'Assignee is required'],
      ['Priority', 'Priority is required'],
      ['Status', 'Status is required'],
    ] as const) {
      await user.click(combobox(name));
      await user.keyboard('{Escape}');
      await user.click(field('Title'));
      expect(await within(dialog()).findByText(message)).toBeInTheDocument();
    }

    // A date picker entered and left without a date.
    for (const [name, message] of [
      ['Start Date', 'Start Date is required'],
      ['End Date', 'End Date is required'],
    ] as const) {
      await user.click(within(dateField(name, dialog())).getAllByRole('spinbutton')[0]!);
      await user.click(field('Title'));
      expect(await within(dialog()).findByText(message)).toBeInTheDocument();
    }
    expect(submit()).toBeDisabled();
  });

  it('keeps Submit disabled until all seven fields are valid, then sends the seven fields with epoch-ms times by POST', async () => {
    const api = mockApi({ 'POST /api/workOrder': (call) => jsonResponse(200, { ...order('wo9'), ...(call.body as object) }) });
    const user = userEvent.setup();
    const { onClose, onSaved } = renderDialog({ kind: 'new' });
    await screen.findByRole('dialog', { name: 'Add Work Order' });
    expect(submit()).toBeDisabled();
    await user.type(field('Title'), 'Replace pump seal');
    await choose(user, 'Asset', 'Pump 7');
    await choose(user, 'Assigned To', 'Tom Technician');
    await choose(user, 'Priority', 'High');
    await choose(user, 'Status', 'Open');
    await typeDate(dateField('Start Date', dialog()), '2026-03-20 09:00 AM');
    expect(submit()).toBeDisabled();
    await typeDate(dateField('End Date', dialog()), '2026-03-21 05:00 PM');
    await waitFor(() => expect(submit()).toBeEnabled());

    await user.click(submit());
    await waitFor(() => expect(api.callsTo('POST', '/api/workOrder')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/workOrder')[0]!.body).toEqual({
      title: 'Replace pump seal',
      asset: 'a-pump',
      assignedTo: 'u-tom',
      priority: 'High',
      status: 'Open',
      startTimestamp: new Date(2026, 2, 20, 9, 0).getTime(),
      endTimestamp: new Date(2026, 2, 21, 17, 0).getTime(),
    });
    // Spec §4: a successful submit closes it.
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ _id: 'wo9', title: 'Replace pump seal' }));
  });

  it("limits the pickers: the start's maximum is the end, the end's minimum is the start", async () => {
    mockApi({});
    renderDialog({ kind: 'new' });
    await screen.findByRole('dialog', { name: 'Add Work Order' });
    const start = dateField('Start Date', dialog());
    const end = dateField('End Date', dialog());
    await typeDate(end, '2026-03-20 10:00 AM');
    await typeDate(start, '2026-03-21 10:00 AM');
    expect(start).toHaveAttribute('aria-invalid', 'true');
    await typeDate(start, '2026-03-19 10:00 AM');
    expect(start).toHaveAttribute('aria-invalid', 'false');
    await typeDate(end, '2026-03-18 10:00 AM');
    expect(end).toHaveAttribute('aria-invalid', 'true');
    await typeDate(end, '2026-03-19 10:00 AM');
    expect(end).toHaveAttribute('aria-invalid', 'false');
  });

  it('says under the dates when they fall outside 2000–2100 or span more than 1,096 days, and keeps Submit disabled (docs/work-orders.md)', { timeout: 90_000 }, async () => {
    const api = mockApi({});
    const user = userEvent.setup();
    renderDialog({ kind: 'new' });
    await screen.findByRole('dialog', { name: 'Add Work Order' });
    await fillAll(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await typeDate(dateField('Start Date', dialog()), '1999-12-31 09:00 AM');
    expect(await within(dialog()).findByText('Start Date must lie between 2000-01-01 and 2100-01-01 (UTC)')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await typeDate(dateField('Start Date', dialog()), '2026-03-20 09:00 AM');
    await typeDate(dateField('End Date', dialog()), '2029-03-21 05:00 PM');
    expect(await within(dialog()).findByText('End Date must be at most 1096 days after Start Date')).toBeInTheDocument();
    expect(within(dialog()).queryByText(/Start Date must lie between/)).toBeNull();
    expect(submit()).toBeDisabled();
    expect(api.callsTo('POST', '/api/workOrder')).toHaveLength(0);
  });

  it('Reset clears every field and every message, and Submit is disabled again', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderDialog({ kind: 'new' });
    await screen.findByRole('dialog', { name: 'Add Work Order' });
    await user.type(field('Title'), 'Replace pump seal');
    await choose(user, 'Priority', 'High');
    await typeDate(dateField('Start Date', dialog()), '2026-03-20 09:00 AM');
    await user.click(combobox('Asset'));
    await user.keyboard('{Escape}');
    await user.click(field('Title'));
    expect(await within(dialog()).findByText('Asset is required')).toBeInTheDocument();

    await user.click(within(dialog()).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(field('Title')).toHaveValue(''));
    expect(within(dialog()).queryByText('Asset is required')).toBeNull();
    expect(within(dialog()).queryByText(/is required$/)).toBeNull();
    expect(combobox('Priority')).not.toHaveTextContent('High');
    expect(dateFieldValue(dateField('Start Date', dialog()))).toBe('');
    expect(submit()).toBeDisabled();
  });

  it("shows 'Saving' and disables Submit while the POST is pending", async () => {
    let answer: (response: Response) => void = () => undefined;
    mockApi({ 'POST /api/workOrder': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup();
    const { onClose } = renderDialog({ kind: 'new' });
    await screen.findByRole('dialog', { name: 'Add Work Order' });
    await fillAll(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    const saving = await within(dialog()).findByRole('button', { name: 'Saving' });
    expect(saving).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
    answer(jsonResponse(200, order('wo9')));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('a failed submit is only logged: no message, the dialog stays open with what was typed', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const api = mockApi({ 'POST /api/workOrder': () => errorResponse(500, 'database unavailable') });
    const user = userEvent.setup();
    const { onClose, onSaved } = renderDialog({ kind: 'new' });
    await screen.findByRole('dialog', { name: 'Add Work Order' });
    await fillAll(user);
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(api.callsTo('POST', '/api/workOrder')).toHaveLength(1));
    await waitFor(() => expect(logged).toHaveBeenCalled());
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.queryByText('database unavailable')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field('Title')).toHaveValue('Replace pump seal');
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });

  it("says 'Edit Work Order' for an order, and PUTs the whole order with the changed fields", async () => {
    const existing = order('wo1', { alert: 'al7', description: 'Leaking at the shaft' });
    const api = mockApi({ 'PUT /api/workOrder/wo1': (call) => jsonResponse(200, call.body) });
    const user = userEvent.setup();
    const { onClose } = renderDialog({ kind: 'edit', order: existing });
    await screen.findByRole('dialog', { name: 'Edit Work Order' });
    expect(field('Title')).toHaveValue('Replace pump seal');
    expect(combobox('Asset')).toHaveValue('Pump 7');
    expect(combobox('Assigned To')).toHaveValue('Tom Technician');
    expect(dateFieldValue(dateField('Start Date', dialog()))).toBe('2026-03-10 09:00 AM');
    await waitFor(() => expect(submit()).toBeEnabled());

    await user.clear(field('Title'));
    await user.type(field('Title'), 'Replace pump seal and bearing');
    await choose(user, 'Status', 'In Progress');
    await user.click(submit());
    await waitFor(() => expect(api.callsTo('PUT', '/api/workOrder/wo1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/workOrder/wo1')[0]!.body).toEqual({ ...existing, title: 'Replace pump seal and bearing', status: 'In Progress' });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('Reset on an edited order clears it too, and its messages stay away until a field is touched', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderDialog({ kind: 'edit', order: order('wo1', { startTimestamp: at(10, 9) }) });
    await screen.findByRole('dialog', { name: 'Edit Work Order' });
    await user.click(within(dialog()).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(field('Title')).toHaveValue(''));
    expect(combobox('Asset')).toHaveValue('');
    expect(within(dialog()).queryByText(/is required$/)).toBeNull();
    expect(submit()).toBeDisabled();
  });

  it('offers a Completed order no other status (the server refuses leaving it), while its other fields stay editable', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderDialog({ kind: 'edit', order: order('wo4', { status: 'Completed' }) });
    await screen.findByRole('dialog', { name: 'Edit Work Order' });
    await user.click(combobox('Status'));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Completed']);
    await user.keyboard('{Escape}');
    expect(field('Title')).toBeEnabled();
  });
});
