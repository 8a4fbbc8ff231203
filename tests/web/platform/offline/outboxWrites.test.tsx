import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkOrderDetail } from '../../../../common/resources/workOrder';
import { addOutboxItem, listOutboxItems } from '../../../../src/platform/offline/outbox/outboxStore';
import { fakeObjectUrls } from '../../helpers/objectUrls';
import { offlineDb } from '../../../../src/platform/offline/offlineDb';
import { errorResponse, jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';
import { fakeSockets as sockets } from '../realtime/fakeSocket';
import { at, signedInTechnician, workOrderConfig, workOrderDetail } from '../../features/technician/workOrderFixtures';
import { KEY_1, queuedItem, resetOfflineStore, emptyCatalogueAnswer } from './outboxFixtures';

const SAVED_ON_PHONE = 'Saved on this phone — it will be sent when the network returns';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const beltJob: WorkOrderDetail = workOrderDetail('w1', {
  title: 'Replace the V-belt of AHU 3',
  status: 'In Progress',
  activity: [{ _id: 'a1', user: 'u1', userName: 'Dana Field', comment: 'Fan stopped, belt worn', createdAt: at(2026, 3, 4, 0, 15) }],
});

beforeEach(() => {
  sockets.length = 0;
  resetOfflineStore();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function openOrder(answers: Parameters<typeof signedInTechnician>[0] = {}, path = '/inspection/workOrder/w1') {
  const api = signedInTechnician({
    ...emptyCatalogueAnswer,
    'GET /api/workOrder/w1': () => jsonResponse(200, beltJob),
    'GET /api/workOrder/config': () => jsonResponse(200, workOrderConfig),
    ...answers,
  });
  renderApp(path);
  return api;
}

const heading = () => screen.findByRole('heading', { level: 1, name: beltJob.title });
const activityBox = () => screen.getByRole('textbox', { name: 'Record activity' });
const statusSelect = () => screen.getByRole('combobox', { name: 'Status' });
const activityPosts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST' && call.path === '/api/workOrder/w1/activity');

describe('work order writes and the outbox (docs/offline.md)', () => {
  it('an activity sent directly carries an Idempotency-Key made at the press', async () => {
    const api = openOrder({ 'POST /api/workOrder/w1/activity': () => jsonResponse(201, beltJob) });
    await heading();
    await userEvent.type(activityBox(), 'Pulley aligned');
    await userEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Activity recorded')).toBeInTheDocument();
    expect(activityPosts(api.calls)[0]!.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(await listOutboxItems('u1')).toEqual([]);
  });

  it('an activity the server cannot take now (503) is queued with the same key, the box cleared and the user told', async () => {
    const api = openOrder({ 'POST /api/workOrder/w1/activity': () => errorResponse(503, 'Service unavailable') });
    await heading();
    await userEvent.type(activityBox(), 'Pulley aligned');
    await userEvent.click(screen.getByRole('button', { name: 'Record' }));

    expect(await screen.findByText(SAVED_ON_PHONE)).toBeInTheDocument();
    await waitFor(() => expect(activityBox()).toHaveValue(''));
    const [attempt] = activityPosts(api.calls);
    expect(await listOutboxItems('u1')).toEqual([
      expect.objectContaining({
        id: attempt!.headers.get('Idempotency-Key'),
        kind: 'workOrderActivity',
        label: 'Replace the V-belt of AHU 3',
        state: 'waiting',
        editPath: '/inspection/workOrder/w1',
        request: { method: 'POST', path: '/workOrder/w1/activity', body: { comment: 'Pulley aligned' } },
      }),
    ]);
  });

  it('offline, a status change is queued without trying the network, and the screen shows the status chosen', async () => {
    const api = openOrder();
    await heading();
    await waitFor(() => expect(statusSelect()).toBeEnabled());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);

    await userEvent.selectOptions(statusSelect(), 'On Hold');

    expect(await screen.findByText(SAVED_ON_PHONE)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    expect(statusSelect()).toHaveValue('On Hold');
    const [item] = await listOutboxItems('u1');
    expect(item).toMatchObject({ kind: 'workOrderStatus', request: { method: 'PUT', path: '/workOrder/w1', body: { ...beltJob, status: 'On Hold' } } });
    expect(item!.id).toMatch(UUID);
  });

  it('Edit on a refused activity reopens its text on the order', async () => {
    await addOutboxItem(
      queuedItem({
        id: KEY_1,
        userId: 'u1',
        label: 'Replace the V-belt of AHU 3',
        draft: { orderId: 'w1', text: 'Pulley aligned' },
        editPath: '/inspection/workOrder/w1',
        state: 'refused',
        error: 'This work order is completed',
      }),
    );
    openOrder({}, '/inspection/outbox');
    const entry = await screen.findByRole('listitem', { name: 'Replace the V-belt of AHU 3' });
    await userEvent.click(within(entry).getByRole('button', { name: 'Edit' }));

    await heading();
    expect(activityBox()).toHaveValue('Pulley aligned');
    expect(await listOutboxItems('u1')).toEqual([]);
  });
});

describe('photos on activity (DESIGN §18)', () => {
  const FILE_1 = '0000000000000000000000f1';
  const FILE_2 = '0000000000000000000000f2';
  beforeEach(() => fakeObjectUrls());

  const form = () => activityBox().closest('form') as HTMLElement;
  const photo = (name: string) => new File(['\x89PNG'], name, { type: 'image/png' });
  /** A stored picture's bytes as GET /file/{id}[/thumbnail] answers them. */
  const picture = (contentType: string) => new Response(new Uint8Array([0x52, 0x49, 0x46, 0x46]), { status: 200, headers: { 'content-type': contentType } });

  it('photos go up as they are taken, for the activity; one removed stays out; the comment names the others', async () => {
    let uploads = 0;
    const api = openOrder({
      'POST /api/file': () => jsonResponse(200, { _id: [FILE_1, FILE_2][uploads++], name: 'belt.jpg', contentType: 'image/jpeg', size: 4 }),
      'POST /api/workOrder/w1/activity': () =>
        jsonResponse(201, {
          ...beltJob,
          activity: [{ _id: 'a5', user: 'u1', userName: 'Dana Field', comment: 'New belt fitted', photos: [FILE_2], createdAt: at(2026, 3, 5, 12, 0) }, ...beltJob.activity],
        }),
      [`GET /api/file/${FILE_2}/thumbnail`]: () => picture('image/webp'),
      [`GET /api/file/${FILE_2}`]: () => picture('image/jpeg'),
    });
    await heading();
    await userEvent.upload(within(form()).getByLabelText('Choose file'), photo('old-belt.png'));
    await userEvent.upload(within(form()).getByLabelText('Take photo'), photo('new-belt.png'));
    expect(await within(form()).findByRole('img', { name: 'Photo 2' })).toHaveAttribute('src', 'blob:photo-2');
    expect(api.calls.filter((call) => call.path === '/api/file').map((call) => call.search)).toEqual(['?for=workOrder.activity', '?for=workOrder.activity']);

    await userEvent.click(within(form()).getByRole('button', { name: 'Remove photo 1' }));
    expect(within(form()).getAllByRole('img').map((img) => img.getAttribute('src'))).toEqual(['blob:photo-2']);
    await userEvent.type(activityBox(), 'New belt fitted');
    await userEvent.click(screen.getByRole('button', { name: 'Record' }));

    expect(await screen.findByText('Activity recorded')).toBeInTheDocument();
    expect(activityPosts(api.calls).map((call) => call.body)).toEqual([{ comment: 'New belt fitted', photos: [FILE_2] }]);
    expect(within(form()).queryAllByRole('img')).toEqual([]);
    // The log shows the entry's photo; it opens in the viewer.
    const log = screen.getByRole('region', { name: 'Activity Log' });
    await userEvent.click(within(log).getByRole('button', { name: 'Open the image Photo 1 · 2026/03/05 12:00 PM · Dana Field' }));
    expect(await screen.findByRole('dialog', { name: 'Photo 1 · 2026/03/05 12:00 PM · Dana Field' })).toBeInTheDocument();
  });

  it('offline, a photo waits on the phone and the comment is queued naming it, uploaded first for the activity', async () => {
    const api = openOrder();
    await heading();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.upload(within(form()).getByLabelText('Take photo'), photo('pump.png'));
    expect(await screen.findByText('No network: the photo is kept on this phone and sent with the comment')).toBeInTheDocument();
    const [kept] = await (await offlineDb()).getAll('photos');
    expect(kept).toMatchObject({ id: expect.stringMatching(/^local-/), userId: 'u1', name: 'pump.png' });

    await userEvent.type(activityBox(), 'Seal leaking');
    await userEvent.click(screen.getByRole('button', { name: 'Record' }));

    expect(await screen.findByText(SAVED_ON_PHONE)).toBeInTheDocument();
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(await listOutboxItems('u1')).toEqual([
      expect.objectContaining({
        kind: 'workOrderActivity',
        photoIds: [kept!.id],
        photoFor: 'workOrder.activity',
        request: { method: 'POST', path: '/workOrder/w1/activity', body: { comment: 'Seal leaking', photos: [kept!.id] } },
        draft: { orderId: 'w1', text: 'Seal leaking', photos: [kept!.id] },
      }),
    ]);
    await waitFor(() => expect(within(form()).queryAllByRole('img')).toEqual([]));
  });

  it('Edit on a refused activity reopens its text and photos (an uploaded one by its file id)', async () => {
    const localId = 'local-6c1e4b7a-9f3d-4e5c-8b1a-7d400d4f8a52';
    await addOutboxItem(
      queuedItem({
        id: KEY_1,
        userId: 'u1',
        label: 'Replace the V-belt of AHU 3',
        request: { method: 'POST', path: '/workOrder/w1/activity', body: { comment: 'Pulley aligned', photos: [localId] } },
        photoIds: [localId],
        photoFor: 'workOrder.activity',
        uploadedPhotos: { [localId]: FILE_1 },
        draft: { orderId: 'w1', text: 'Pulley aligned', photos: [localId] },
        editPath: '/inspection/workOrder/w1',
        state: 'refused',
        error: 'This work order is completed',
      }),
    );
    const api = openOrder(
      {
        [`GET /api/file/${FILE_1}/thumbnail`]: () => picture('image/webp'),
        'POST /api/workOrder/w1/activity': () => jsonResponse(201, beltJob),
      },
      '/inspection/outbox',
    );
    const entry = await screen.findByRole('listitem', { name: 'Replace the V-belt of AHU 3' });
    await userEvent.click(within(entry).getByRole('button', { name: 'Edit' }));

    await heading();
    expect(activityBox()).toHaveValue('Pulley aligned');
      expect(await within(form()).findByRole('img', { name: 'Photo 1' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Record' }));
    expect(await screen.findByText('Activity recorded')).toBeInTheDocument();
    expect(activityPosts(api.calls).map((call) => call.body)).toEqual([{ comment: 'Pulley aligned', photos: [FILE_1] }]);
  });
});

describe('thermography notes and the outbox', () => {
  const thermographer = sessionUser(['view-technician', 'read-asset', 'read-thermography-note', 'create-thermography-note'], { _id: 'u-thermo' });
  const switchboard = { _id: 'a1', name: 'Main switchboard MSB-1', identification: 'MSB-1', tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' };

  it('notes that cannot reach the server are queued with the form\'s notes as the draft, and the form starts again', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    const api = mockApi({
    ...emptyCatalogueAnswer,
      'GET /api/token/init': () => jsonResponse(200, thermographer),
      'GET /api/asset/identification/group/MSB-1': () => jsonResponse(200, [switchboard]),
      'POST /api/thermographyNote': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderApp('/inspection/asset/identification/MSB-1');
    const note = await screen.findByRole('region', { name: 'Note 1' });
    await userEvent.type(within(note).getByRole('textbox', { name: /^Identification/ }), 'Incomer L1');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText(SAVED_ON_PHONE)).toBeInTheDocument();
    const [attempt] = api.callsTo('POST', '/api/thermographyNote');
    const [item] = await listOutboxItems('u-thermo');
    expect(item).toMatchObject({
      id: attempt!.headers.get('Idempotency-Key'),
      kind: 'thermographyNote',
      label: 'Main switchboard MSB-1',
      editPath: '/inspection/asset/identification/MSB-1',
      request: { method: 'POST', path: '/thermographyNote', body: attempt!.body },
      draft: { identification: 'MSB-1', notes: [expect.objectContaining({ imageNumber: '1', identification: 'Incomer L1' })] },
    });
    // The next picture goes on numbering after the one queued.
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Note 1' })).getByRole('textbox', { name: /^Image number/ })).toHaveValue('2'));
  });

  it('Edit on refused notes puts them back into the form of their asset', async () => {
    await addOutboxItem(
      queuedItem({
        id: KEY_1,
        userId: 'u-thermo',
        kind: 'thermographyNote',
        label: 'Main switchboard MSB-1',
        request: { method: 'POST', path: '/thermographyNote', body: {} },
        draft: {
          identification: 'MSB-1',
          notes: [{ key: 'n1', imageNumber: '7', identification: 'Incomer L1', note: 'Hot lug on L2', ambientTemperature: '24', breaker: { capacity: '', r: '', y: '', b: '' } }],
        },
        editPath: '/inspection/asset/identification/MSB-1',
        state: 'refused',
        error: 'Asset identification MSB-1 was not found',
      }),
    );
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({
    ...emptyCatalogueAnswer,
      'GET /api/token/init': () => jsonResponse(200, thermographer),
      'GET /api/asset/identification/group/MSB-1': () => jsonResponse(200, [switchboard]),
    });
    renderApp('/inspection/outbox');
    const entry = await screen.findByRole('listitem', { name: 'Main switchboard MSB-1' });
    expect(entry).toHaveTextContent('Thermography notes');
    await userEvent.click(within(entry).getByRole('button', { name: 'Edit' }));

    const note = await screen.findByRole('region', { name: 'Note 1' });
    expect(within(note).getByRole('textbox', { name: /^Image number/ })).toHaveValue('7');
    expect(within(note).getByRole('textbox', { name: /^Identification/ })).toHaveValue('Incomer L1');
    expect(await listOutboxItems('u-thermo')).toEqual([]);
  });
});
