import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dateField, dateFieldValue, typeDate } from '../../helpers/dateInput';
import { errorResponse, jsonResponse } from '../../helpers/mockApi';
import { fakeSockets as sockets } from '../../platform/realtime/fakeSocket';
import { at, detailAnswers, detailOf, openWorkOrders, order, orders, renderDialog } from './workOrderFixtures';
import { mockApi } from '../../helpers/mockApi';
import { fakeObjectUrls } from '../../helpers/objectUrls';
import { resetOfflineStore, signIn } from '../../platform/offline/outboxFixtures';
import { offlineDb } from '../../../../src/platform/offline/offlineDb';

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
  sockets.length = 0;
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

  it('keeps Submit disabled until all seven fields are valid, then sends the seven fields with epoch-ms times by POST, and the work fields as none', async () => {
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
      // DESIGN §18: a new order is corrective unless chosen otherwise; no estimate, downtime or procedure.
      type: 'corrective',
      estimatedHours: null,
      downtimeStart: null,
      downtimeEnd: null,
      procedure: null,
    });
    // Spec §4: a successful submit closes it.
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ _id: 'wo9', title: 'Replace pump seal' }));
  });

  it('follows the form’s validity as the user types: the last date’s last keystroke enables Submit before the field is left (issue 40)', async () => {
    mockApi({});
    const user = userEvent.setup();
    renderDialog({ kind: 'new' });
    await screen.findByRole('dialog', { name: 'Add Work Order' });
    await user.type(field('Title'), 'Replace pump seal');
    await choose(user, 'Asset', 'Pump 7');
    await choose(user, 'Assigned To', 'Tom Technician');
    await choose(user, 'Priority', 'High');
    await choose(user, 'Status', 'Open');
    await typeDate(dateField('Start Date', dialog()), '2026-03-20 09:00 AM');
    expect(submit()).toBeDisabled();

    // The End Date typed section by section, the focus staying in the field.
    const end = dateField('End Date', dialog());
    await user.click(within(end).getAllByRole('spinbutton')[0]!);
    await user.keyboard('202603210500');
    expect(submit()).toBeDisabled();
    await user.keyboard('P');
    expect(end).toContainElement(document.activeElement as HTMLElement);
    await waitFor(() => expect(submit()).toBeEnabled());

    // Emptying a section leaves no whole date: Submit goes off again, still without leaving the field.
    await user.keyboard('{Backspace}');
    expect(end).toContainElement(document.activeElement as HTMLElement);
    await waitFor(() => expect(submit()).toBeDisabled());

    // An end typed before the start is the form's to judge, at once, with its own words.
    await user.keyboard('P');
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(within(end).getAllByRole('spinbutton')[2]!);
    await user.keyboard('19');
    expect(await within(dialog()).findByText('End Date must not be before Start Date')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
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
    const api = mockApi({ ...detailAnswers([existing]), 'PUT /api/workOrder/wo1': (call) => jsonResponse(200, call.body) });
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
    mockApi(detailAnswers([order('wo1', { startTimestamp: at(10, 9) })]));
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
    mockApi(detailAnswers([order('wo4', { status: 'Completed' })]));
    const user = userEvent.setup();
    renderDialog({ kind: 'edit', order: order('wo4', { status: 'Completed' }) });
    await screen.findByRole('dialog', { name: 'Edit Work Order' });
    await user.click(combobox('Status'));
    expect(within(await screen.findByRole('listbox')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Completed']);
    await user.keyboard('{Escape}');
    expect(field('Title')).toBeEnabled();
  });
});

/** Entries of the dialog's Activity Log, as read: 'time · user' then the comment. */
const logEntries = () => within(within(dialog()).getByRole('region', { name: 'Activity Log' })).getAllByRole('listitem').map((entry) => entry.textContent);

/** A log as GET /workOrder/{id} serves it, newest first: a status change by the technician, his comment, the engineer's note. */
const sealLog = [
  { _id: 'a3', user: 'u-tom', userName: 'Tom Technician', comment: 'Status changed from In Progress to On Hold', createdAt: at(12, 16, 45), statusChange: { from: 'In Progress', to: 'On Hold' } },
  { _id: 'a2', user: 'u-tom', userName: 'Tom Technician', comment: 'Seal kit missing, waiting for stores', createdAt: at(12, 16, 40) },
  { _id: 'a1', user: 'u-eric', userName: 'Eric Engineer', comment: 'Isolate the pump before opening', createdAt: at(11, 8, 5) },
];

describe("work order dialog: the order's history (issue 40)", () => {
  it('shows the Activity Log of an edited order below its fields: newest first, when, who and what changed', async () => {
    const api = mockApi({ 'GET /api/workOrder/wo1': () => jsonResponse(200, detailOf(order('wo1', { status: 'On Hold' }), sealLog)) });
    renderDialog({ kind: 'edit', order: order('wo1', { status: 'On Hold' }) });
    await screen.findByRole('dialog', { name: 'Edit Work Order' });
    await within(dialog()).findByRole('region', { name: 'Activity Log' });
    // Spec §2.3's entry: YYYY/MM/DD hh:mm A, the user's name, the comment.
    expect(logEntries()).toEqual([
      '2026/03/12 04:45 PM · Tom TechnicianStatus changed from In Progress to On Hold',
      '2026/03/12 04:40 PM · Tom TechnicianSeal kit missing, waiting for stores',
      '2026/03/11 08:05 AM · Eric EngineerIsolate the pump before opening',
    ]);
    expect(api.callsTo('GET', '/api/workOrder/wo1')).toHaveLength(1);
    // The seven fields are still the form's, and Submit still follows them.
    expect(field('Title')).toHaveValue('Replace pump seal');
    await waitFor(() => expect(submit()).toBeEnabled());
  });

  it('a new order has no history: no log, nothing asked for', async () => {
    const api = mockApi({});
    renderDialog({ kind: 'new' });
    await screen.findByRole('dialog', { name: 'Add Work Order' });
    expect(within(dialog()).queryByRole('region', { name: 'Activity Log' })).toBeNull();
    expect(within(dialog()).queryByRole('textbox', { name: 'Record activity' })).toBeNull();
    expect(api.calls.filter((call) => call.path.startsWith('/api/workOrder/'))).toEqual([]);
  });

  it("lets the engineer add a comment: Record waits for text, sends it trimmed, and the log shows it at once; the order's form is untouched", async () => {
    const onHold = order('wo1', { status: 'On Hold' });
    const api = mockApi({
      'GET /api/workOrder/wo1': () => jsonResponse(200, detailOf(onHold, sealLog)),
      'POST /api/workOrder/wo1/activity': (call) =>
        jsonResponse(200, detailOf(onHold, [{ _id: 'a4', user: 'u-eric', userName: 'Eric Engineer', comment: (call.body as { comment: string }).comment, createdAt: at(12, 17, 2) }, ...sealLog])),
    });
    const user = userEvent.setup();
    const { onClose } = renderDialog({ kind: 'edit', order: onHold });
    await screen.findByRole('dialog', { name: 'Edit Work Order' });
    const box = await within(dialog()).findByRole('textbox', { name: 'Record activity' });
    const record = within(dialog()).getByRole('button', { name: 'Record' });
    expect(record).toBeDisabled();
    await user.type(box, '   ');
    expect(record).toBeDisabled();
    await user.type(box, 'Seal kit sent from stores B  ');
    expect(record).toBeEnabled();

    await user.click(record);
    expect(await screen.findByText('Activity recorded')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/workOrder/wo1/activity').map((call) => call.body)).toEqual([{ comment: 'Seal kit sent from stores B' }]);
    expect(logEntries()[0]).toBe('2026/03/12 05:02 PM · Eric EngineerSeal kit sent from stores B');
    expect(logEntries()).toHaveLength(4);
    expect(box).toHaveValue('');
    // A comment is not the order's form: nothing is PUT, the dialog stays open.
    expect(api.callsTo('PUT', '/api/workOrder/wo1')).toHaveLength(0);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('the engineer attaches a photo to a comment (uploaded for the activity); one that cannot be uploaded is refused, not kept on the computer', async () => {
    fakeObjectUrls('blob:seal-photo');
    // A browser that could keep photos, with a signed-in user: the dialog still must not.
    resetOfflineStore();
    signIn();
    const onHold = order('wo1', { status: 'On Hold' });
    let network = true;
    const api = mockApi({
      'GET /api/workOrder/wo1': () => jsonResponse(200, detailOf(onHold, sealLog)),
      'POST /api/file': () => (network ? jsonResponse(200, { _id: 'f-seal', name: 'seal.jpg', contentType: 'image/jpeg', size: 4 }) : Promise.reject(new TypeError('Failed to fetch'))),
      'POST /api/workOrder/wo1/activity': (call) =>
        jsonResponse(200, detailOf(onHold, [{ _id: 'a4', user: 'u-eric', userName: 'Eric Engineer', ...(call.body as { comment: string; photos: string[] }), createdAt: at(12, 17, 2) }, ...sealLog])),
      'GET /api/file/f-seal/thumbnail': () => new Response(new Uint8Array([0x52, 0x49, 0x46, 0x46]), { status: 200, headers: { 'content-type': 'image/webp' } }),
    });
    const user = userEvent.setup();
    renderDialog({ kind: 'edit', order: onHold });
    const box = await within(dialog()).findByRole('textbox', { name: 'Record activity' });
    const form = box.closest('form') as HTMLElement;
    await user.upload(within(form).getByLabelText('Choose file'), new File(['\x89PNG'], 'seal.png', { type: 'image/png' }));
    expect(await within(form).findByRole('img', { name: 'Photo 1' })).toHaveAttribute('src', 'blob:seal-photo');
    expect(api.callsTo('POST', '/api/file').map((call) => call.search)).toEqual(['?for=workOrder.activity']);

    network = false;
    await user.upload(within(form).getByLabelText('Choose file'), new File(['\x89PNG'], 'second.png', { type: 'image/png' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/file')).toHaveLength(2));
    await waitFor(() => expect(within(form).getByRole('button', { name: 'Choose file' })).toBeEnabled());
    expect(within(form).getAllByRole('img')).toHaveLength(1);
    expect(screen.queryByText('No network: the photo is kept on this phone and sent with the comment')).toBeNull();
    expect(await (await offlineDb()).getAll('photos')).toEqual([]);

    await user.type(box, 'Old seal, scored face');
    await user.click(within(form).getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Activity recorded')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/workOrder/wo1/activity').map((call) => call.body)).toEqual([{ comment: 'Old seal, scored face', photos: ['f-seal'] }]);
    const log = within(dialog()).getByRole('region', { name: 'Activity Log' });
    expect(within(log).getByRole('button', { name: 'Open the image Photo 1 · 2026/03/12 05:02 PM · Eric Engineer' })).toBeInTheDocument();
  });

  it('a Completed order shows its log, and no way to add to it (the server refuses with 409)', async () => {
    const done = order('wo4', { status: 'Completed' });
    mockApi({ 'GET /api/workOrder/wo4': () => jsonResponse(200, detailOf(done, sealLog)) });
    renderDialog({ kind: 'edit', order: done });
    await screen.findByRole('dialog', { name: 'Edit Work Order' });
    await within(dialog()).findByRole('region', { name: 'Activity Log' });
    expect(logEntries()).toHaveLength(3);
    expect(within(dialog()).queryByRole('textbox', { name: 'Record activity' })).toBeNull();
    expect(within(dialog()).getByText('This work order is completed: no more activity can be recorded.')).toBeInTheDocument();
  });

  it("reads the open log again when a push names the order (a technician's comment arrives), keeping what the engineer typed", async () => {
    const chiller = orders[1]!;
    let served = detailOf(chiller, sealLog);
    const api = openWorkOrders({ 'GET /api/workOrder/wo2': () => jsonResponse(200, served) });
    const user = userEvent.setup();
    const row = (await screen.findByText('Chiller service')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit' }));
    await screen.findByRole('dialog', { name: 'Edit Work Order' });
    await within(dialog()).findByRole('region', { name: 'Activity Log' });
    await user.clear(field('Title'));
    await user.type(field('Title'), 'Chiller service and refrigerant check');
    await waitFor(() => expect(sockets.length).toBeGreaterThan(0));
    const socket = sockets[sockets.length - 1]!;
    act(() => socket.accept());

    served = detailOf(chiller, [{ _id: 'a9', user: 'u-ann', userName: 'Ann Fitter', comment: 'Compressor oil topped up', createdAt: at(12, 18, 30) }, ...sealLog]);
    act(() => socket.push('update-detail', { type: 'workOrder', _id: 'wo2' }));
    await waitFor(() => expect(logEntries()[0]).toBe('2026/03/12 06:30 PM · Ann FitterCompressor oil topped up'));
    expect(api.callsTo('GET', '/api/workOrder/wo2')).toHaveLength(2);
    expect(field('Title')).toHaveValue('Chiller service and refrigerant check');
  });
});
