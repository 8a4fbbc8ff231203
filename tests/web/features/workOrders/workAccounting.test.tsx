import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LabourEntry, PartUse, WorkOrderAccounting } from '../../../../common/resources/workAccounting';
import type { WorkOrder, WorkOrderDetail } from '../../../../common/resources/workOrder';
import { dateField, typeDate } from '../../helpers/dateInput';
import { jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { NO_ACCOUNTING } from '../../helpers/workAccounting';
import { fakeSockets as sockets } from '../../platform/realtime/fakeSocket';
import { at, config, detailOf, openWorkOrders, order, pageResponse, renderDialog } from './workOrderFixtures';

afterEach(() => {
  sockets.length = 0;
  vi.restoreAllMocks();
});

const dialog = () => screen.getByRole('dialog');
const submit = () => within(dialog()).getByRole('button', { name: 'Submit' });
const combobox = (name: string) => within(dialog()).getByRole('combobox', { name });

async function choose(user: ReturnType<typeof userEvent.setup>, name: string, option: string) {
  await user.click(combobox(name));
  await user.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

/** The rows of a table under its heading, each as its cells' texts. */
const rowsOf = (name: string) =>
  within(within(dialog()).getByRole('table', { name }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));

/** What the costs summary says: each label with its value. */
const costFacts = () =>
  Object.fromEntries(within(dialog()).getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));

/** Tom's 2.5 hours at 40 an hour; Ann's 1.25 hours without a rate; Ann's timer running since 13 March 9:00. */
const tomsMorning: LabourEntry = { _id: 'l1', workOrder: 'wo1', user: 'u-tom', userName: 'Tom Technician', startedAt: at(12, 8), endedAt: at(12, 10, 30), hours: 2.5, hourlyRate: 40, cost: 100, note: '' };
const annsAfternoon: LabourEntry = { _id: 'l2', workOrder: 'wo1', user: 'u-ann', userName: 'Ann Fitter', startedAt: at(12, 13), endedAt: at(12, 14, 15), hours: 1.25, hourlyRate: null, cost: null, note: '' };
const annsTimer: LabourEntry = { _id: 'l3', workOrder: 'wo1', user: 'u-ann', userName: 'Ann Fitter', startedAt: at(13, 9), endedAt: null, hours: null, hourlyRate: 35, cost: null, note: '' };
const sealKits: PartUse = { _id: 'pu1', workOrder: 'wo1', part: 'sp-seal', partNumber: 'SK-100', partName: 'Seal kit', quantity: 2, unitCost: 18.5, cost: 37, usedBy: 'u-tom', usedByName: 'Tom Technician', usedAt: at(12, 9) };

const recorded: WorkOrderAccounting = {
  labour: [tomsMorning, annsAfternoon, annsTimer],
  parts: [sealKits],
  costs: { labourHours: 3.75, labourCost: 100, partsCost: 37, total: 137, unratedEntries: 1 },
  procedureInspection: null,
  procedureName: null,
};

const withWork = (wo: WorkOrder, accounting: Partial<WorkOrderAccounting> = recorded): WorkOrderDetail => ({ ...detailOf(wo), ...NO_ACCOUNTING, ...accounting });

async function openWork(wo: WorkOrder, answers: Record<string, (call: ApiCall) => Response> = {}, detail: WorkOrderDetail = withWork(wo)) {
  const api = mockApi({ [`GET /api/workOrder/${wo._id}`]: () => jsonResponse(200, detail), ...answers });
  const user = userEvent.setup();
  renderDialog({ kind: 'edit', order: wo });
  await screen.findByRole('dialog', { name: 'Edit Work Order' });
  await user.click(await within(dialog()).findByRole('tab', { name: 'Work' }));
  return { api, user };
}

describe("the order's Work beside its Activity Log (DESIGN §18)", () => {
  it('shows the labour (a running timer as running), the parts and the costs, saying an entry had no rate', async () => {
    await openWork(order('wo1'));
    // The log stays the first thing shown; the work is one tab away.
    expect(within(dialog()).getByRole('tab', { name: 'Activity Log' })).toHaveAttribute('aria-selected', 'false');
    expect(rowsOf('Labour')).toEqual([
      ['Tom Technician', '2026/03/12 08:00 AM – 10:30 AM', '2.5', '100.00', ''],
      ['Ann Fitter', '2026/03/12 01:00 PM – 02:15 PM', '1.25', 'no rate', ''],
      ['Ann Fitter', 'since 2026/03/13 09:00 AMRunning', '—', '—', ''],
    ]);
    expect(rowsOf('Parts used')).toEqual([['SK-100', 'Seal kit', '2', '18.50', '37.00', '']]);
    expect(costFacts()).toEqual({ 'Labour hours': '3.75', 'Labour cost': '100.00', 'Parts cost': '37.00', Total: '137.00' });
    expect(within(dialog()).getByText('1 labour entry had no hourly rate: its hours count, its cost is not in the total')).toBeInTheDocument();
    expect(within(dialog()).getByRole('button', { name: 'Stop the timer of Ann Fitter' })).toBeInTheDocument();
  });

  it('an order without work says so, and the costs are nought', async () => {
    await openWork(order('wo1'), {}, withWork(order('wo1'), NO_ACCOUNTING));
    expect(within(dialog()).getByText('No labour recorded.')).toBeInTheDocument();
    expect(within(dialog()).getByText('No parts used.')).toBeInTheDocument();
    expect(costFacts()).toEqual({ 'Labour hours': '0', 'Labour cost': '0.00', 'Parts cost': '0.00', Total: '0.00' });
    expect(within(dialog()).queryByText(/had no hourly rate/)).toBeNull();
  });

  it('records labour for the assignee by default, from a start and an end, and shows the entry the server answers', async () => {
    const wo = order('wo1');
    const added: LabourEntry = { _id: 'l4', workOrder: 'wo1', user: 'u-tom', userName: 'Tom Technician', startedAt: at(14, 8), endedAt: at(14, 11, 30), hours: 3.5, hourlyRate: 40, cost: 140, note: '' };
    const { api, user } = await openWork(wo, {
      'POST /api/workOrder/wo1/labour': () => jsonResponse(200, withWork(wo, { ...recorded, labour: [...recorded.labour, added], costs: { labourHours: 7.25, labourCost: 240, partsCost: 37, total: 277, unratedEntries: 1 } })),
    });
    const add = within(dialog()).getByRole('button', { name: 'Add labour' });
    expect(within(dialog()).getByRole('combobox', { name: 'Person' })).toHaveTextContent('Tom Technician');
    expect(add).toBeDisabled();
    await typeDate(dateField('Started', dialog()), '2026-03-14 08:00 AM');
    expect(add).toBeDisabled();
    await typeDate(dateField('Ended', dialog()), '2026-03-14 11:30 AM');
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);

    expect(await screen.findByText('Labour recorded')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/workOrder/wo1/labour').map((call) => call.body)).toEqual([
      { user: 'u-tom', startedAt: new Date(2026, 2, 14, 8, 0).getTime(), endedAt: new Date(2026, 2, 14, 11, 30).getTime() },
    ]);
    expect(rowsOf('Labour')[3]).toEqual(['Tom Technician', '2026/03/14 08:00 AM – 11:30 AM', '3.5', '140.00', '']);
    expect(costFacts().Total).toBe('277.00');
    // Nothing of the order's form was sent.
    expect(api.callsTo('PUT', '/api/workOrder/wo1')).toHaveLength(0);
  });

  it('records labour for another person as hours (a comma as the decimal mark too)', async () => {
    const wo = order('wo1');
    const { api, user } = await openWork(wo, { 'POST /api/workOrder/wo1/labour': () => jsonResponse(200, withWork(wo)) });
    await choose(user, 'Person', 'Ann Fitter');
    await typeDate(dateField('Started', dialog()), '2026-03-14 01:00 PM');
    await user.click(within(dialog()).getByRole('button', { name: 'Hours' }));
    await user.type(within(dialog()).getByRole('textbox', { name: 'Hours' }), '1,5');
    await user.click(within(dialog()).getByRole('button', { name: 'Add labour' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/workOrder/wo1/labour')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/workOrder/wo1/labour')[0]!.body).toEqual({ user: 'u-ann', startedAt: new Date(2026, 2, 14, 13, 0).getTime(), hours: 1.5 });
  });

  it('removes an entry, and stops a running timer for its person', async () => {
    const wo = order('wo1');
    const { api, user } = await openWork(wo, {
      'DELETE /api/workOrder/wo1/labour/l1': () => jsonResponse(200, withWork(wo, { ...recorded, labour: [annsAfternoon, annsTimer] })),
      'POST /api/workOrder/wo1/labour/stop': () => jsonResponse(200, withWork(wo, { ...recorded, labour: [annsAfternoon, { ...annsTimer, endedAt: at(13, 11), hours: 2, cost: 70 }] })),
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Remove the labour of Tom Technician from 2026/03/12 08:00 AM' }));
    expect(await screen.findByText('Labour entry removed')).toBeInTheDocument();
    expect(rowsOf('Labour').map((row) => row[0])).toEqual(['Ann Fitter', 'Ann Fitter']);

    await user.click(within(dialog()).getByRole('button', { name: 'Stop the timer of Ann Fitter' }));
    expect(await screen.findByText('Timer stopped')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/workOrder/wo1/labour/stop').map((call) => call.body)).toEqual([{ user: 'u-ann' }]);
    expect(rowsOf('Labour')[1]).toEqual(['Ann Fitter', '2026/03/13 09:00 AM – 11:00 AM', '2', '70.00', '']);
  });

  it("adds a part found in the stores; more than the stock is refused with the server's words and the row keeps the choice", async () => {
    const wo = order('wo1');
    const bearing: PartUse = { ...sealKits, _id: 'pu2', part: 'sp-brg', partNumber: 'BRG-6204', partName: 'Bearing 6204', quantity: 2, unitCost: 12.25, cost: 24.5 };
    let stock = 1;
    const { api, user } = await openWork(wo, {
      'GET /api/workOrder/parts': (call) =>
        jsonResponse(200, new URLSearchParams(call.search).get('search') === 'bear' ? [{ _id: 'sp-brg', partNumber: 'BRG-6204', name: 'Bearing 6204', quantityOnHand: stock, location: 'B2' }] : []),
      'POST /api/workOrder/wo1/parts': (call) =>
        (call.body as { quantity: number }).quantity > stock
          ? jsonResponse(409, { response: 'error', message: 'quantity: only 1 of Bearing 6204 in stock', errors: { quantity: 'quantity: only 1 of Bearing 6204 in stock' } })
          : jsonResponse(200, withWork(wo, { ...recorded, parts: [sealKits, bearing], costs: { ...recorded.costs, partsCost: 61.5, total: 161.5 } })),
    });
    const part = within(dialog()).getByRole('combobox', { name: 'Part' });
    await user.click(part);
    await user.type(part, 'bear');
    await user.click(await screen.findByRole('option', { name: /BRG-6204 — Bearing 6204/ }));
    expect(api.calls.filter((call) => call.path === '/api/workOrder/parts').map((call) => new URLSearchParams(call.search).get('search'))).toContain('bear');
    const quantity = within(dialog()).getByRole('textbox', { name: 'Quantity' });
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(within(dialog()).getByRole('button', { name: 'Add part' }));
    expect(await screen.findByText('quantity: only 1 of Bearing 6204 in stock')).toBeInTheDocument();
    expect(part).toHaveValue('BRG-6204 — Bearing 6204');
    expect(quantity).toHaveValue('2');

    // A delivery came in.
    stock = 5;
    await user.click(within(dialog()).getByRole('button', { name: 'Add part' }));
    expect(await screen.findByText('Part recorded')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/workOrder/wo1/parts').map((call) => call.body)).toEqual([
      { part: 'sp-brg', quantity: 2 },
      { part: 'sp-brg', quantity: 2 },
    ]);
    expect(rowsOf('Parts used')[1]).toEqual(['BRG-6204', 'Bearing 6204', '2', '12.25', '24.50', '']);
    expect(costFacts()['Parts cost']).toBe('61.50');
    expect(part).toHaveValue('');
  });

  it('returns a part used by mistake', async () => {
    const wo = order('wo1');
    const { api, user } = await openWork(wo, { 'DELETE /api/workOrder/wo1/parts/pu1': () => jsonResponse(200, withWork(wo, { ...recorded, parts: [] })) });
    await user.click(within(dialog()).getByRole('button', { name: 'Remove SK-100' }));
    expect(await screen.findByText('Part use removed: the quantity is back in stock')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/workOrder/wo1/parts/pu1')).toHaveLength(1);
    expect(within(dialog()).getByText('No parts used.')).toBeInTheDocument();
  });

  it("a write refused because the order was completed meanwhile says so and shows the order as it now is", async () => {
    const wo = order('wo1');
    let served = withWork(wo);
    const { user } = await openWork(wo, {
      'GET /api/workOrder/wo1': () => jsonResponse(200, served),
      'DELETE /api/workOrder/wo1/parts/pu1': () => {
        served = withWork({ ...wo, status: 'Completed', completedBy: 'u-ann', completedByName: 'Ann Fitter', completedAt: at(13, 12) });
        return jsonResponse(409, { response: 'error', message: 'status: the work order is Completed', errors: { status: 'status: the work order is Completed' } });
      },
    });
    await user.click(within(dialog()).getByRole('button', { name: 'Remove SK-100' }));
    expect(await screen.findByText('status: the work order is Completed')).toBeInTheDocument();
    expect(await within(dialog()).findByText('Completed by Ann Fitter on 2026/03/13 12:00 PM')).toBeInTheDocument();
    expect(within(dialog()).queryByRole('button', { name: 'Remove SK-100' })).toBeNull();
  });

  it('a completed order shows who completed it and when, its filled procedure, and its work without the forms', async () => {
    const done = order('wo4', { status: 'Completed', procedure: 'c-seal', completedBy: 'u-ann', completedByName: 'Ann Fitter', completedAt: at(20, 15) });
    await openWork(done, {}, withWork(done, { ...recorded, labour: [tomsMorning], procedureInspection: 'i-77', procedureName: 'Seal check' }));
    expect(within(dialog()).getByText('Completed by Ann Fitter on 2026/03/20 03:00 PM')).toBeInTheDocument();
    expect(within(dialog()).getByText('Procedure: Seal check — filled')).toBeInTheDocument();
    expect(within(dialog()).getByText('This work order is completed: labour and parts can no longer change.')).toBeInTheDocument();
    expect(rowsOf('Labour')).toEqual([['Tom Technician', '2026/03/12 08:00 AM – 10:30 AM', '2.5', '100.00']]);
    expect(within(dialog()).queryByRole('button', { name: 'Add labour' })).toBeNull();
    expect(within(dialog()).queryByRole('button', { name: 'Add part' })).toBeNull();
    expect(within(dialog()).queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('an open order names its procedure as not filled yet', async () => {
    const wo = order('wo1', { procedure: 'c-seal' });
    await openWork(wo, {}, withWork(wo, { ...NO_ACCOUNTING, procedureName: 'Seal check' }));
    expect(within(dialog()).getByText('Procedure: Seal check — not filled yet')).toBeInTheDocument();
  });

  it('a completed order whose procedure was never filled says so', async () => {
    const done = order('wo4', { status: 'Completed', procedure: 'c-seal', completedBy: 'u-tom', completedByName: 'Tom Technician', completedAt: at(20, 15) });
    await openWork(done, {}, withWork(done, { ...NO_ACCOUNTING, procedureName: 'Seal check' }));
    expect(within(dialog()).getByText('Procedure: Seal check — not filled')).toBeInTheDocument();
  });
});

/** Pump 7 offers two checklists; the checklist list names them (and others). */
const checklistAnswers = {
  'GET /api/asset': () => jsonResponse(200, [{ _id: 'a-chiller', name: 'Chiller 1', checklists: ['c-chiller'] }, { _id: 'a-pump', name: 'Pump 7', checklists: ['c-vibration', 'c-seal'] }]),
  'GET /api/checklist': () => jsonResponse(200, [{ _id: 'c-seal', name: 'Seal check' }, { _id: 'c-vibration', name: 'Vibration round' }, { _id: 'c-chiller', name: 'Chiller service sheet' }]),
};

describe("the dialog's work fields (DESIGN §18)", () => {
  it("sends the type, the estimate, the downtime and a procedure among the asset's checklists with the order", async () => {
    const wo = order('wo1');
    const api = mockApi({ 'GET /api/workOrder/wo1': () => jsonResponse(200, withWork(wo, NO_ACCOUNTING)), ...checklistAnswers, 'PUT /api/workOrder/wo1': (call) => jsonResponse(200, call.body) });
    const user = userEvent.setup();
    const { onClose } = renderDialog({ kind: 'edit', order: wo });
    await screen.findByRole('dialog', { name: 'Edit Work Order' });
    expect(combobox('Type')).toHaveTextContent('Corrective');
    await choose(user, 'Type', 'Preventive');
    await user.type(within(dialog()).getByRole('textbox', { name: 'Estimated hours' }), '2,5');
    await typeDate(dateField('Asset stopped', dialog()), '2026-03-10 08:15 AM');
    await typeDate(dateField('Running again', dialog()), '2026-03-10 04:45 PM');
    await user.click(combobox('Procedure'));
    const options = within(await screen.findByRole('listbox'));
    await waitFor(() => expect(options.getAllByRole('option').map((option) => option.textContent)).toEqual(['None', 'Vibration round', 'Seal check']));
    await user.click(options.getByRole('option', { name: 'Seal check' }));

    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    await waitFor(() => expect(api.callsTo('PUT', '/api/workOrder/wo1')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/workOrder/wo1')[0]!.body).toEqual({
      ...wo,
      type: 'preventive',
      estimatedHours: 2.5,
      downtimeStart: new Date(2026, 2, 10, 8, 15).getTime(),
      downtimeEnd: new Date(2026, 2, 10, 16, 45).getTime(),
      procedure: 'c-seal',
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('a new order offers the procedure once the asset is chosen, and a new asset takes the old procedure away', async () => {
    mockApi(checklistAnswers);
    const user = userEvent.setup();
    renderDialog({ kind: 'new' });
    await screen.findByRole('dialog', { name: 'Add Work Order' });
    expect(combobox('Procedure')).toHaveAttribute('aria-disabled', 'true');
    expect(within(dialog()).getByText('Choose the asset first: the procedure is one of its checklists')).toBeInTheDocument();
    await choose(user, 'Asset', 'Pump 7');
    await user.click(combobox('Procedure'));
    await user.click(await screen.findByRole('option', { name: 'Vibration round' }));
    expect(combobox('Procedure')).toHaveTextContent('Vibration round');
    await choose(user, 'Asset', 'Chiller 1');
    expect(combobox('Procedure')).toHaveTextContent('None');
  });

  it('says what is wrong with the estimate and the downtime before anything is sent', async () => {
    const wo = order('wo1');
    const api = mockApi({ 'GET /api/workOrder/wo1': () => jsonResponse(200, withWork(wo, NO_ACCOUNTING)) });
    const user = userEvent.setup();
    renderDialog({ kind: 'edit', order: wo });
    await screen.findByRole('dialog', { name: 'Edit Work Order' });
    const estimate = within(dialog()).getByRole('textbox', { name: 'Estimated hours' });
    await user.type(estimate, '0');
    expect(await within(dialog()).findByText('Estimated hours must be a number above 0 and at most 10000')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await user.clear(estimate);
    await typeDate(dateField('Running again', dialog()), '2026-03-10 04:45 PM');
    expect(await within(dialog()).findByText('Asset stopped is required when Running again is set')).toBeInTheDocument();
    await typeDate(dateField('Asset stopped', dialog()), '2026-03-10 05:00 PM');
    expect(await within(dialog()).findByText('Running again must not be before Asset stopped')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await typeDate(dateField('Asset stopped', dialog()), '2026-03-10 08:00 AM');
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(api.callsTo('PUT', '/api/workOrder/wo1')).toHaveLength(0);
  });

  it("shows the server's refusal of a field under that field, and the dialog stays open", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const wo = order('wo1', { procedure: 'c-seal' });
    const message = 'procedure: "Seal check" is not a checklist of the asset "Pump 7"';
    mockApi({
      'GET /api/workOrder/wo1': () => jsonResponse(200, withWork(wo, { ...NO_ACCOUNTING, procedureName: 'Seal check' })),
      'PUT /api/workOrder/wo1': () => jsonResponse(400, { response: 'error', message, errors: { procedure: message } }),
    });
    const user = userEvent.setup();
    const { onClose } = renderDialog({ kind: 'edit', order: wo });
    await screen.findByRole('dialog', { name: 'Edit Work Order' });
    await waitFor(() => expect(combobox('Procedure')).toHaveTextContent('Seal check'));
    await waitFor(() => expect(submit()).toBeEnabled());
    await user.click(submit());
    expect(await within(dialog()).findByText('"Seal check" is not a checklist of the asset "Pump 7"')).toBeInTheDocument();
    expect(combobox('Procedure')).toHaveAccessibleDescription('"Seal check" is not a checklist of the asset "Pump 7"');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a filled procedure cannot be changed', async () => {
    const wo = order('wo1', { procedure: 'c-seal' });
    mockApi({ 'GET /api/workOrder/wo1': () => jsonResponse(200, withWork(wo, { ...NO_ACCOUNTING, procedureName: 'Seal check', procedureInspection: 'i-77' })) });
    renderDialog({ kind: 'edit', order: wo });
    await screen.findByRole('dialog', { name: 'Edit Work Order' });
    expect(await within(dialog()).findByText('The procedure is filled: it cannot be changed any more')).toBeInTheDocument();
    expect(combobox('Procedure')).toHaveAttribute('aria-disabled', 'true');
    expect(combobox('Procedure')).toHaveTextContent('Seal check');
  });
});

describe('the list shows the work fields as configured (DESIGN §18)', () => {
  it('shows the type by its label and the completion and downtime as dates', async () => {
    const done = order('wo1', { type: 'condition-based', status: 'Completed', completedAt: at(20, 15), completedByName: 'Ann Fitter', downtimeStart: at(19, 8), downtimeEnd: null });
    openWorkOrders({
      'GET /api/workOrder/config': () =>
        jsonResponse(200, {
          ...config,
          fields: [
            { heading: 'Title', dataField: 'title' },
            { heading: 'Type', dataField: 'type' },
            { heading: 'Completed', dataField: 'completedAt' },
            { heading: 'Completed by', dataField: 'completedByName' },
            { heading: 'Down since', dataField: 'downtimeStart' },
            { heading: 'Running again', dataField: 'downtimeEnd' },
          ],
        }),
      'GET /api/workOrder': () => pageResponse([done, order('wo2', { title: 'Grease bearings', type: 'inspection-follow-up' })], 0, 2),
    });
    const row = (await screen.findByText('Replace pump seal')).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent).slice(0, 6)).toEqual(['Replace pump seal', 'Condition-based', '2026/03/20', 'Ann Fitter', '2026/03/19', '']);
    const other = screen.getByText('Grease bearings').closest('tr')!;
    expect(within(other).getAllByRole('cell')[1]).toHaveTextContent('Inspection follow-up');
  });
});
