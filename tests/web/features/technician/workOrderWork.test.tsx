import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IDetectedBarcode, IScannerProps } from '@yudiel/react-qr-scanner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LabourEntry, PartChoice, PartUse } from '../../../../common/resources/workAccounting';
import type { WorkOrderDetail } from '../../../../common/resources/workOrder';
import { offlineDb } from '../../../../src/platform/offline/offlineDb';
import { addOutboxItem, listOutboxItems } from '../../../../src/platform/offline/outbox/outboxStore';
import { errorResponse, jsonResponse, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { fakeSockets as sockets } from '../../platform/realtime/fakeSocket';
import { KEY_1, queuedItem, resetOfflineStore } from '../../platform/offline/outboxFixtures';
import { asset, attribute, checklist, pumpChecklist } from './inspectFixtures';
import { typeDate, dateField } from '../../helpers/dateInput';
import { at, signedInTechnician, WORK_ORDER_TECHNICIAN, workOrderConfig, workOrderDetail } from './workOrderFixtures';

/**
 * The work on an order, on the technician's phone (DESIGN §18, docs/work-orders.md "Technician
 * screens"): the labour timer and Add time, parts by search or by a label's QR code, the asset's
 * downtime, the procedure — each sent with an Idempotency-Key, or kept on the phone offline with
 * the time of the press, and shown as waiting (or refused) until the server has it.
 */

const camera = vi.hoisted(() => ({ props: null as IScannerProps | null }));
vi.mock('@yudiel/react-qr-scanner', async () => {
  const { forwardRef, useImperativeHandle } = await import('react');
  const Scanner = forwardRef<unknown, IScannerProps>((props, ref) => {
    camera.props = props;
    useImperativeHandle(ref, () => ({ getVideoElement: () => null, getStream: () => null }), []);
    return <div data-testid="fake-camera" />;
  });
  return { Scanner, setZXingModuleOverrides: () => undefined };
});

/** The camera reads a code. */
function scan(text: string) {
  const code: IDetectedBarcode = { rawValue: text, format: 'qr_code', boundingBox: { x: 0, y: 0, width: 10, height: 10 }, cornerPoints: [] };
  act(() => camera.props!.onScan([code]));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const SAVED_ON_PHONE = 'Saved on this phone — it will be sent when the network returns';
/** The phone's clock when the technician presses (local time). */
const PRESS = at(2026, 3, 5, 10, 0);
const MINUTE = 60_000;

const tension = attribute('a20', 'Belt tension', 'number');
const beltProcedure = checklist('c09', 'Belt change procedure', [{ attribute: tension, sequenceId: 1 }]);
const ahu = { ...asset('as3', 'AHU 3', [pumpChecklist, beltProcedure]), identification: 'AHU-3' };

const beltJob: WorkOrderDetail = workOrderDetail('w1', {
  title: 'Replace the V-belt of AHU 3',
  status: 'In Progress',
  asset: 'as3',
  assetName: 'AHU 3',
  procedure: 'c09',
  procedureName: 'Belt change procedure',
});

const sealKit: PartChoice = { _id: 'p1', partNumber: 'SK-100', name: 'Seal kit', quantityOnHand: 4, location: 'Store B' };
const vBelt: PartChoice = { _id: 'p2', partNumber: 'VB-A42', name: 'V-belt A42', quantityOnHand: null, location: '' };

function entry(id: string, startedAt: number, endedAt: number | null, fields: Partial<LabourEntry> = {}): LabourEntry {
  const hours = endedAt === null ? null : Math.round(((endedAt - startedAt) / 3_600_000) * 100) / 100;
  return { _id: id, workOrder: 'w1', user: 'u1', userName: 'Dana Field', startedAt, endedAt, hours, hourlyRate: null, cost: null, note: '', ...fields };
}

function partUse(id: string, part: PartChoice, quantity: number, usedAt: number): PartUse {
  return { _id: id, workOrder: 'w1', part: part._id, partNumber: part.partNumber, partName: part.name, quantity, unitCost: null, cost: null, usedBy: 'u1', usedByName: 'Dana Field', usedAt };
}

const catalogue = { generatedAt: 0, assets: [ahu], previousInspections: {}, parts: [sealKit, vBelt] };

beforeEach(() => {
  sockets.length = 0;
  resetOfflineStore();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(PRESS);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** As the seeded ROLE_TECHNICIAN: also inspects (the procedure is a checklist). */
const TECHNICIAN = [...WORK_ORDER_TECHNICIAN, 'read-asset', 'read-inspection', 'update-inspection'];

function openOrder(answers: Parameters<typeof signedInTechnician>[0] = {}, order: WorkOrderDetail = beltJob) {
  const api = signedInTechnician({
    'GET /api/inspection/offlineCatalogue': () => jsonResponse(200, catalogue),
    'GET /api/workOrder/w1': () => jsonResponse(200, order),
    'GET /api/workOrder/config': () => jsonResponse(200, workOrderConfig),
    'GET /api/asset/as3': () => jsonResponse(200, { _id: 'as3', name: 'AHU 3', identification: 'AHU-3' }),
    ...answers,
  }, TECHNICIAN);
  renderApp('/inspection/workOrder/w1');
  return api;
}

const heading = () => screen.findByRole('heading', { level: 1, name: beltJob.title });
const section = (name: string) => screen.getByRole('region', { name });
const posts = (calls: ApiCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.path === path);
const rowTexts = (listName: string) => within(screen.getByRole('list', { name: listName })).getAllByRole('listitem').map((item) => item.textContent);
const goOffline = () => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

describe('labour on the technician phone', () => {
  it('Start sends the time of the press, the running time counts on the faked clock, Stop sends its own time and the entry shows start–end and hours', async () => {
    let served = beltJob;
    const api = openOrder({
      'GET /api/workOrder/w1': () => jsonResponse(200, served),
      'POST /api/workOrder/w1/labour': () => {
        served = { ...beltJob, labour: [entry('l1', PRESS, null)] };
        return jsonResponse(200, served);
      },
      'POST /api/workOrder/w1/labour/stop': () => {
        served = { ...beltJob, labour: [entry('l1', PRESS, PRESS + 65 * MINUTE)], costs: { ...beltJob.costs, labourHours: 1.08 } };
        return jsonResponse(200, served);
      },
    });
    await heading();
    const labour = section('Labour');
    expect(within(labour).getByText('No time recorded yet.')).toBeInTheDocument();

    await userEvent.click(within(labour).getByRole('button', { name: 'Start' }));
    expect(await screen.findByText('Timer started')).toBeInTheDocument();
    const [start] = posts(api.calls, '/api/workOrder/w1/labour');
    expect(start!.body).toEqual({ startedAt: at(2026, 3, 5, 10, 0) });
    expect(start!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(within(labour).getByText('Started 2026/03/05 10:00 AM')).toBeInTheDocument();

    vi.setSystemTime(PRESS + 65 * MINUTE + 7_000);
    await waitFor(() => expect(within(labour).getByRole('timer', { name: 'Running time' })).toHaveTextContent('1:05:07'), { timeout: 3000 });

    vi.setSystemTime(PRESS + 65 * MINUTE);
    await userEvent.click(within(labour).getByRole('button', { name: 'Stop' }));
    expect(await screen.findByText('Timer stopped')).toBeInTheDocument();
    const [stop] = posts(api.calls, '/api/workOrder/w1/labour/stop');
    expect(stop!.body).toEqual({ endedAt: at(2026, 3, 5, 11, 5) });
    expect(stop!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(stop!.headers.get('Idempotency-Key')).not.toBe(start!.headers.get('Idempotency-Key'));
    await waitFor(() => expect(rowTexts('Labour entries')).toEqual(['2026/03/05 10:00 AM – 11:05 AM1.08 hDana Field']));
    expect(within(labour).queryByRole('timer')).not.toBeInTheDocument();
    expect(within(labour).getByText('Total 1.08 h')).toBeInTheDocument();
    expect(within(labour).getByRole('button', { name: 'Start' })).toBeEnabled();
  });

  it('Add time sends when the work started and its hours, an hour before the dialog opened unless changed', async () => {
    const api = openOrder({
      'POST /api/workOrder/w1/labour': () => jsonResponse(200, { ...beltJob, labour: [entry('l2', at(2026, 3, 5, 8, 30), at(2026, 3, 5, 10, 0))] }),
    });
    await heading();
    await userEvent.click(within(section('Labour')).getByRole('button', { name: 'Add time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add time worked' });
    const hours = within(dialog).getByRole('textbox', { name: 'Hours' });
    await userEvent.clear(hours);
    await userEvent.type(hours, '0');
    expect(within(dialog).getByText('Hours must be a number above 0, at most 336')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeDisabled();
    await userEvent.clear(hours);
    await userEvent.type(hours, '2');
    // 09:00 (an hour before the dialog opened at 10:00) + 2 h ends later than now.
    expect(within(dialog).getByText('The work must not end later than now')).toBeInTheDocument();
    await userEvent.clear(hours);
    await userEvent.type(hours, '1,5');
    expect(within(dialog).getByText('The work must not end later than now')).toBeInTheDocument();
    await typeDate(dateField('Started', dialog), '2026-03-05 08:30 AM');
    expect(within(dialog).queryByText('The work must not end later than now')).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Time added')).toBeInTheDocument();
    expect(posts(api.calls, '/api/workOrder/w1/labour').map((call) => call.body)).toEqual([{ startedAt: at(2026, 3, 5, 8, 30), hours: 1.5 }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowTexts('Labour entries')).toEqual(['2026/03/05 08:30 AM – 10:00 AM1.5 hDana Field']);
  });

  it('offline, Start and Stop are kept on the phone with the times of the presses and shown as waiting to send', async () => {
    const api = openOrder();
    await heading();
    goOffline();
    const labour = section('Labour');

    await userEvent.click(within(labour).getByRole('button', { name: 'Start' }));
    expect(await screen.findByText(SAVED_ON_PHONE)).toBeInTheDocument();
    expect(await within(labour).findByRole('timer', { name: 'Running time' })).toBeInTheDocument();
    expect(within(labour).getByText('Waiting to send')).toBeInTheDocument();

    vi.setSystemTime(PRESS + 30 * MINUTE);
    await userEvent.click(within(labour).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(rowTexts('Labour entries')).toEqual(['2026/03/05 10:00 AM – 10:30 AM0.5 hDana FieldWaiting to send']));
    expect(within(labour).queryByRole('timer')).not.toBeInTheDocument();

    expect(posts(api.calls, '/api/workOrder/w1/labour')).toEqual([]);
    expect(posts(api.calls, '/api/workOrder/w1/labour/stop')).toEqual([]);
    const items = await listOutboxItems('u1');
    expect(items.map((item) => ({ kind: item.kind, label: item.label, createdAt: item.createdAt, request: item.request }))).toEqual([
      { kind: 'workOrderLabour', label: 'Replace the V-belt of AHU 3', createdAt: at(2026, 3, 5, 10, 0), request: { method: 'POST', path: '/workOrder/w1/labour', body: { startedAt: at(2026, 3, 5, 10, 0) } } },
      { kind: 'workOrderLabour', label: 'Replace the V-belt of AHU 3', createdAt: at(2026, 3, 5, 10, 30), request: { method: 'POST', path: '/workOrder/w1/labour/stop', body: { endedAt: at(2026, 3, 5, 10, 30) } } },
    ]);
    for (const item of items) expect(item.id).toMatch(UUID);
  });
});

describe('parts on the technician phone', () => {
  const partsAnswer = (call: ApiCall) => {
    const search = new URLSearchParams(call.search).get('search') ?? '';
    return jsonResponse(200, [sealKit, vBelt].filter((part) => `${part.partNumber} ${part.name}`.toLowerCase().includes(search.toLowerCase())));
  };

  it('finds a part by name, sends the part and the quantity chosen, and lists the part used', async () => {
    const api = openOrder({
      'GET /api/workOrder/parts': partsAnswer,
      'POST /api/workOrder/w1/parts': () => jsonResponse(200, { ...beltJob, parts: [partUse('u7', sealKit, 2, PRESS)] }),
    });
    await heading();
    expect(within(section('Parts')).getByText('No parts used yet.')).toBeInTheDocument();
    await userEvent.click(within(section('Parts')).getByRole('button', { name: 'Add part' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a part used' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Part number or name' }), 'seal');
    const found = () => within(dialog).getByRole('list', { name: 'Parts found' });
    await waitFor(() => expect(within(found()).getAllByRole('button').map((button) => button.textContent)).toEqual(['SK-100 · Seal kit4 in stock · Store B']));
    expect(api.calls.some((call) => call.path === '/api/workOrder/parts' && call.search === '?search=seal')).toBe(true);

    await userEvent.click(within(found()).getByRole('button', { name: /SK-100/ }));
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Part added')).toBeInTheDocument();
    const [use] = posts(api.calls, '/api/workOrder/w1/parts');
    expect(use!.body).toEqual({ part: 'p1', quantity: 2 });
    expect(use!.headers.get('Idempotency-Key')).toMatch(UUID);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rowTexts('Parts used')).toEqual(['2 × SK-100 Seal kitDana Field · 2026/03/05 10:00 AM']);
  });

  it('keeps the parts found on screen while the next search is on its way: nothing blinks away under a finger', async () => {
    let answerSeal: (() => void) | null = null;
    openOrder({
      'GET /api/workOrder/parts': (call) => {
        if (new URLSearchParams(call.search).get('search') !== 'seal') return partsAnswer(call);
        return new Promise<Response>((resolve) => {
          answerSeal = () => resolve(partsAnswer(call));
        });
      },
    });
    await heading();
    await userEvent.click(within(section('Parts')).getByRole('button', { name: 'Add part' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a part used' });
    const found = () => within(dialog).getByRole('list', { name: 'Parts found' });
    await waitFor(() => expect(within(found()).getAllByRole('button')).toHaveLength(2));
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Part number or name' }), 'seal');
    await waitFor(() => expect(answerSeal).not.toBeNull());
    // Asked, not answered: both parts still listed, no spinner, no "nothing found".
    expect(within(found()).getAllByRole('button')).toHaveLength(2);
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    answerSeal!();
    await waitFor(() => expect(within(found()).getAllByRole('button').map((button) => button.textContent)).toEqual(['SK-100 · Seal kit4 in stock · Store B']));
  });

  it('shows the stores refusing more than they hold in the dialog, which keeps the choice', async () => {
    openOrder({
      'GET /api/workOrder/parts': partsAnswer,
      'POST /api/workOrder/w1/parts': () => errorResponse(409, 'quantity: only 4 of Seal kit in stock'),
    });
    await heading();
    await userEvent.click(within(section('Parts')).getByRole('button', { name: 'Add part' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a part used' });
    await userEvent.click(await within(dialog).findByRole('button', { name: /SK-100/ }));
    const quantity = within(dialog).getByRole('textbox', { name: 'Quantity' });
    await userEvent.clear(quantity);
    await userEvent.type(quantity, '9');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await within(dialog).findByText('quantity: only 4 of Seal kit in stock')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Quantity' })).toHaveValue('9');
  });

  it("scans a part's label — a URL ending in the part number — and chooses that part; an asset's label is told apart", async () => {
    const api = openOrder({
      'GET /api/workOrder/parts': partsAnswer,
      'POST /api/workOrder/w1/parts': () => jsonResponse(200, { ...beltJob, parts: [partUse('u8', vBelt, 1, PRESS)] }),
    });
    await heading();
    await userEvent.click(within(section('Parts')).getByRole('button', { name: 'Add part' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a part used' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Scan' }));
    await within(dialog).findByTestId('fake-camera');

    scan('ASSET_ID:AHU-3');
    expect(await within(dialog).findByText("That is an asset's label: scan the label on the part.")).toBeInTheDocument();

    scan('  https://stores.example/parts/VB-A42?ref=label  ');
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Part number or name' })).toHaveValue('VB-A42'));
    expect(within(dialog).queryByTestId('fake-camera')).not.toBeInTheDocument();
    expect(await within(dialog).findByText('Of VB-A42 · V-belt A42')).toBeInTheDocument();
    expect(api.calls.some((call) => call.path === '/api/workOrder/parts' && call.search === '?search=VB-A42')).toBe(true);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText('Part added')).toBeInTheDocument();
    expect(posts(api.calls, '/api/workOrder/w1/parts').map((call) => call.body)).toEqual([{ part: 'p2', quantity: 1 }]);
  });

  it('offline, finds the part in the catalogue the phone keeps and keeps the use on the phone, shown as waiting to send', async () => {
    const api = openOrder({ 'GET /api/workOrder/parts': partsAnswer });
    await heading();
    await waitFor(async () => expect((await (await offlineDb()).get('catalogue', 'u1'))?.catalogue.parts).toHaveLength(2));
    goOffline();
    await userEvent.click(within(section('Parts')).getByRole('button', { name: 'Add part' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a part used' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Part number or name' }), 'sk-1');
    await userEvent.click(await within(dialog).findByRole('button', { name: /SK-100 · Seal kit/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(await screen.findByText(SAVED_ON_PHONE)).toBeInTheDocument();
    await waitFor(() => expect(rowTexts('Parts used')).toEqual(['1 × SK-100 Seal kitWaiting to send']));
    expect(api.calls.filter((call) => call.path === '/api/workOrder/parts' || call.path === '/api/workOrder/w1/parts')).toEqual([]);
    expect((await listOutboxItems('u1')).map((item) => ({ kind: item.kind, request: item.request }))).toEqual([
      { kind: 'workOrderPart', request: { method: 'POST', path: '/workOrder/w1/parts', body: { part: 'p1', quantity: 1 } } },
    ]);
  });

  it("shows a use the stores refused when the phone sent it later, with the server's reason", async () => {
    await addOutboxItem(
      queuedItem({
        id: KEY_1,
        userId: 'u1',
        kind: 'workOrderPart',
        label: beltJob.title,
        request: { method: 'POST', path: '/workOrder/w1/parts', body: { part: 'p1', quantity: 3 } },
        draft: { orderId: 'w1', partNumber: 'SK-100', partName: 'Seal kit', quantity: 3 },
        editPath: '/inspection/workOrder/w1',
        state: 'refused',
        error: 'quantity: only 1 of Seal kit in stock',
      }),
    );
    openOrder();
    await heading();
    await waitFor(() => expect(rowTexts('Parts used')).toEqual(['3 × SK-100 Seal kitNot accepted: quantity: only 1 of Seal kit in stock Open the queue']));
    expect(within(section('Parts')).getByRole('link', { name: 'Open the queue' })).toHaveAttribute('href', '/inspection/outbox');
  });
});

describe('downtime on the technician phone', () => {
  it('Asset stopped and Running again put the whole order as read with the times of the presses', async () => {
    let served = beltJob;
    const api = openOrder({
      'GET /api/workOrder/w1': () => jsonResponse(200, served),
      'PUT /api/workOrder/w1': (call) => {
        const { downtimeStart, downtimeEnd } = call.body as WorkOrderDetail;
        served = { ...served, downtimeStart, downtimeEnd };
        return jsonResponse(200, { ...served, activity: undefined });
      },
    });
    await heading();
    const downtime = section('Downtime');
    expect(within(downtime).getByText('The asset has not been stopped for this work.')).toBeInTheDocument();
    await userEvent.click(within(downtime).getByRole('button', { name: 'Asset stopped' }));
    expect(await screen.findByText('Downtime recorded')).toBeInTheDocument();
    await waitFor(() => expect(within(downtime).getByText('Asset stopped since 2026/03/05 10:00 AM')).toBeInTheDocument());

    vi.setSystemTime(PRESS + 90 * MINUTE);
    await userEvent.click(within(downtime).getByRole('button', { name: 'Running again' }));
    await waitFor(() => expect(within(downtime).getByText('Asset stopped 2026/03/05 10:00 AM – 11:30 AM (1.5 h)')).toBeInTheDocument());
    expect(within(downtime).queryByRole('button')).not.toBeInTheDocument();

    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts.map((call) => call.body)).toEqual([
      { ...beltJob, downtimeStart: at(2026, 3, 5, 10, 0), downtimeEnd: null },
      { ...beltJob, downtimeStart: at(2026, 3, 5, 10, 0), downtimeEnd: at(2026, 3, 5, 11, 30) },
    ]);
    for (const put of puts) expect(put.headers.get('Idempotency-Key')).toMatch(UUID);
  });
});

describe('the procedure on the technician phone', () => {
  it('Fill procedure opens that checklist alone for the asset, submits it naming the order, and the order shows it filled', async () => {
    let served = beltJob;
    const api = openOrder({
      'GET /api/workOrder/w1': () => jsonResponse(200, served),
      'GET /api/asset/identification/group/AHU-3': () => jsonResponse(200, [ahu]),
      'GET /api/asset/as3/previousInspections': () => jsonResponse(200, []),
      'POST /api/inspection': () => {
        served = { ...beltJob, procedureInspection: 'i1' };
        return jsonResponse(200, { _id: 'i1' });
      },
    });
    await heading();
    const procedure = section('Procedure');
    expect(within(procedure).getByText('Belt change procedure')).toBeInTheDocument();
    await userEvent.click(within(procedure).getByRole('link', { name: 'Fill procedure' }));

    expect(await screen.findByText('Procedure · Replace the V-belt of AHU 3')).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: 'AHU 3' });
    expect(within(panel).queryByText('Pump weekly check')).not.toBeInTheDocument();
    await userEvent.type(await within(panel).findByRole('textbox', { name: 'Belt tension' }), '42');
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Checklist submitted successfully.')).toBeInTheDocument();
    const [submit] = posts(api.calls, '/api/inspection');
    expect(Object.fromEntries(new URLSearchParams(submit!.search))).toEqual({ assetId: 'as3', timestamp: String(at(2026, 3, 5, 10, 0)), workOrder: 'w1' });
    expect(submit!.body).toEqual({ inspectionData: { c09: { a20: 42 } }, attributeComments: {} });
    expect(submit!.headers.get('Idempotency-Key')).toMatch(UUID);

    await heading();
    await waitFor(() => expect(within(section('Procedure')).getByText('Filled')).toBeInTheDocument());
    expect(within(section('Procedure')).queryByRole('link', { name: 'Fill procedure' })).not.toBeInTheDocument();
  });

  it('offline, the procedure goes into the outbox naming the order and shows as filled, waiting to send', async () => {
    const api = openOrder({
      'GET /api/asset/identification/group/AHU-3': () => jsonResponse(200, [ahu]),
      'GET /api/asset/as3/previousInspections': () => jsonResponse(200, []),
    });
    await heading();
    await userEvent.click(within(section('Procedure')).getByRole('link', { name: 'Fill procedure' }));
    const panel = await screen.findByRole('region', { name: 'AHU 3' });
    goOffline();
    await userEvent.type(await within(panel).findByRole('textbox', { name: 'Belt tension' }), '38');
    await userEvent.click(within(panel).getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(SAVED_ON_PHONE)).toBeInTheDocument();
    await heading();
    await waitFor(() => expect(within(section('Procedure')).getByText('Filled')).toBeInTheDocument());
    expect(within(section('Procedure')).getByText('Waiting to send')).toBeInTheDocument();
    expect(posts(api.calls, '/api/inspection')).toEqual([]);
    expect((await listOutboxItems('u1')).map((item) => ({ kind: item.kind, label: item.label, request: item.request }))).toEqual([
      {
        kind: 'inspection',
        label: 'Replace the V-belt of AHU 3',
        request: { method: 'POST', path: '/inspection', query: { assetId: 'as3', timestamp: at(2026, 3, 5, 10, 0), workOrder: 'w1' }, body: { inspectionData: { c09: { a20: 38 } }, attributeComments: {} } },
      },
    ]);
  });

  it('a Completed order shows its work without the buttons', async () => {
    openOrder({}, { ...beltJob, status: 'Completed', labour: [entry('l1', at(2026, 3, 4, 8, 0), at(2026, 3, 4, 9, 15))], procedureInspection: 'i1' });
    await heading();
    expect(rowTexts('Labour entries')).toEqual(['2026/03/04 08:00 AM – 09:15 AM1.25 hDana Field']);
    for (const name of ['Labour', 'Parts', 'Downtime', 'Procedure']) expect(within(section(name)).queryByRole('button')).not.toBeInTheDocument();
    expect(within(section('Procedure')).getByText('Filled')).toBeInTheDocument();
  });
});
