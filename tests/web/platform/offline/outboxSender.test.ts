import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addOutboxItem, getPhoto, listOutboxItems, putPhoto, removeOutboxItem, updateOutboxItem } from '../../../../src/platform/offline/outbox/outboxStore';
import { sendOutbox } from '../../../../src/platform/offline/outbox/outboxSender';
import { queueOutboxItem, startOutboxReplays } from '../../../../src/platform/offline/outbox/outboxService';
import { resetPersistentStorageRequestForTests } from '../../../../src/platform/offline/outbox/persistentStorage';
import { registerOutboxSync } from '../../../../src/platform/offline/outbox/serviceWorkerSync';
import { mirrorSession, readSessionMirror } from '../../../../src/platform/offline/sessionMirror';
import { sessionStore } from '../../../../src/platform/authProvider/sessionStore';
import { errorResponse, jsonResponse, mockApi, type ApiCall } from '../../helpers/mockApi';
import { KEY_1, KEY_2, KEY_3, queuedItem, resetOfflineStore, signIn, technician } from './outboxFixtures';

const ASSET = '0000000000000000000000a1';
const FILE_ID = '00000000000000000000004d';
const SUBMITTED_AT = Date.UTC(2026, 10, 20, 6, 30);

const inspectionItem = (id: string, photo?: string) =>
  queuedItem({
    id,
    kind: 'inspection',
    label: 'Booster set control panel',
    createdAt: SUBMITTED_AT,
    request: {
      method: 'POST',
      path: '/inspection',
      query: { assetId: ASSET, timestamp: SUBMITTED_AT },
      body: { inspectionData: { c02: { a07: 'Green', ...(photo ? { a08: photo } : {}) } }, attributeComments: {} },
    },
    photoIds: photo ? [photo] : [],
  });

const key = (call: ApiCall) => call.headers.get('Idempotency-Key');

let stop: (() => void) | null = null;

beforeEach(() => {
  resetOfflineStore();
});

afterEach(() => {
  stop?.();
  stop = null;
});

describe('the outbox sender (docs/offline.md, "On the phone")', () => {
  it('on the online event sends each item once, oldest first, with its Idempotency-Key and the token, and removes it', async () => {
    signIn();
    const api = mockApi({
      'POST /api/inspection': () => jsonResponse(200, { inspections: ['0000000000000000000001f4'], alerts: [] }),
      'POST /api/workOrder/w1/activity': () => jsonResponse(201, { ok: true }),
    });
    stop = startOutboxReplays();
    // The pass at start found nothing; the items arrive while offline.
    await waitFor(() => expect(api.calls).toHaveLength(0));
    await addOutboxItem(queuedItem({ id: KEY_2, createdAt: SUBMITTED_AT + 60_000 }));
    await addOutboxItem(inspectionItem(KEY_1));

    window.dispatchEvent(new Event('online'));

    await waitFor(async () => expect(await listOutboxItems(technician._id)).toEqual([]));
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['POST /api/inspection', 'POST /api/workOrder/w1/activity']);
    expect(api.calls.map(key)).toEqual([KEY_1, KEY_2]);
    expect(api.calls.map((call) => call.headers.get('x-auth'))).toEqual(['tech-jwt', 'tech-jwt']);
    // The time Submit was pressed goes with the inspection.
    expect(new URLSearchParams(api.calls[0]!.search).get('timestamp')).toBe(String(SUBMITTED_AT));
    expect(api.calls[1]!.body).toEqual({ comment: 'Belt replaced' });

    // Another online event: nothing left, nothing sent twice.
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toHaveLength(2);
  });

  it('uploads a photo taken offline first (its own key), then sends the inspection with the file id in place of the local id', async () => {
    const localId = 'local-8f1c2d3e-4a5b-4c6d-9e7f-0a1b2c3d4e5f';
    await putPhoto({ id: localId, userId: technician._id, name: 'plate.jpg', blob: new Blob(['jpeg'], { type: 'image/jpeg' }), createdAt: SUBMITTED_AT });
    await addOutboxItem(inspectionItem(KEY_1, localId));
    const api = mockApi({
      'POST /api/file': () => jsonResponse(200, { _id: FILE_ID, name: 'plate.jpg', contentType: 'image/jpeg', size: 4 }),
      'POST /api/inspection': () => jsonResponse(200, { inspections: ['0000000000000000000001f4'], alerts: [] }),
    });

    const summary = await sendOutbox({ userId: technician._id, token: 'tech-jwt', apiBase: '/api' });

    expect(summary).toMatchObject({ sent: 1, refused: 0 });
    expect(api.calls.map((call) => call.path)).toEqual(['/api/file', '/api/inspection']);
    expect(key(api.calls[0]!)).toBe(`${KEY_1}:photo:${localId}`);
    expect(key(api.calls[1]!)).toBe(KEY_1);
    expect(api.calls[1]!.body).toEqual({ inspectionData: { c02: { a07: 'Green', a08: FILE_ID } }, attributeComments: {} });
    expect(await listOutboxItems(technician._id)).toEqual([]);
    expect(await getPhoto(localId)).toBeUndefined();
  });

  it("uploads an activity's offline photo for the activity (for=workOrder.activity), then posts the comment naming the file", async () => {
    const localId = 'local-2b7e4c91-5d3a-4f8e-a6c2-9d1b0e7f3a54';
    await putPhoto({ id: localId, userId: technician._id, name: 'belt.jpg', blob: new Blob(['jpeg'], { type: 'image/jpeg' }), createdAt: SUBMITTED_AT });
    await addOutboxItem(
      queuedItem({
        id: KEY_1,
        request: { method: 'POST', path: '/workOrder/w1/activity', body: { comment: 'Belt replaced', photos: [localId] } },
        photoIds: [localId],
        photoFor: 'workOrder.activity',
      }),
    );
    await addOutboxItem(inspectionItem(KEY_2, 'local-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d'));
    await putPhoto({ id: 'local-0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', userId: technician._id, name: 'plate.jpg', blob: new Blob(['jpeg'], { type: 'image/jpeg' }), createdAt: SUBMITTED_AT });
    const api = mockApi({
      'POST /api/file': () => jsonResponse(200, { _id: FILE_ID, name: 'belt.jpg', contentType: 'image/jpeg', size: 4 }),
      'POST /api/workOrder/w1/activity': () => jsonResponse(201, {}),
      'POST /api/inspection': () => jsonResponse(200, { inspections: ['0000000000000000000001f4'], alerts: [] }),
    });

    expect(await sendOutbox({ userId: technician._id, token: 'tech-jwt', apiBase: '/api' })).toMatchObject({ sent: 2, refused: 0 });

    expect(api.calls.map((call) => `${call.method} ${call.path}${call.search}`)).toEqual([
      'POST /api/file?for=workOrder.activity',
      'POST /api/workOrder/w1/activity',
      // An inspection's photo names no target, as before.
      'POST /api/file',
      `POST /api/inspection?assetId=${ASSET}&timestamp=${SUBMITTED_AT}`,
    ]);
    expect(key(api.calls[0]!)).toBe(`${KEY_1}:photo:${localId}`);
    expect(api.calls[1]!.body).toEqual({ comment: 'Belt replaced', photos: [FILE_ID] });
    expect(await getPhoto(localId)).toBeUndefined();
  });

  it('a 409 refusal stays refused with the server\'s message, and the next item still goes', async () => {
    await addOutboxItem(queuedItem({ id: KEY_1, kind: 'workOrderStatus', request: { method: 'PUT', path: '/workOrder/w1', body: { _id: 'w1', status: 'In Progress' } } }));
    await addOutboxItem(inspectionItem(KEY_2));
    // A later item waits too (a refusal does not hold back the queue).
    const api = mockApi({
      'PUT /api/workOrder/w1': () => errorResponse(409, 'This work order is completed'),
      'POST /api/inspection': () => jsonResponse(200, { inspections: [], alerts: [] }),
    });

    const summary = await sendOutbox({ userId: technician._id, token: 'tech-jwt', apiBase: '/api' });

    expect(summary).toMatchObject({ sent: 1, refused: 1 });
    const [left] = await listOutboxItems(technician._id);
    expect(left).toMatchObject({ id: KEY_1, state: 'refused', error: 'This work order is completed' });
    expect(api.calls.map(key)).toEqual([KEY_1, KEY_2]);

    // Refused items are not sent again by later passes.
    await sendOutbox({ userId: technician._id, token: 'tech-jwt', apiBase: '/api', force: true });
    expect(api.calls).toHaveLength(2);
  });

  it('a 401 keeps the item waiting for a new sign-in, never discarded; a 503 or no network keeps it waiting too', async () => {
    await addOutboxItem(inspectionItem(KEY_1));
    let answer: () => Response = () => errorResponse(401, 'Token expired');
    mockApi({ 'POST /api/inspection': () => answer() });

    await sendOutbox({ userId: technician._id, token: 'old-jwt', apiBase: '/api' });
    expect(await listOutboxItems(technician._id)).toEqual([expect.objectContaining({ id: KEY_1, state: 'waiting', waitReason: 'signIn', attempts: 1 })]);

    answer = () => errorResponse(503, 'Service unavailable');
    await sendOutbox({ userId: technician._id, token: 'new-jwt', apiBase: '/api', force: true });
    expect(await listOutboxItems(technician._id)).toEqual([expect.objectContaining({ state: 'waiting', waitReason: 'unreachable', attempts: 2 })]);

    answer = () => {
      throw new TypeError('Failed to fetch');
    };
    await sendOutbox({ userId: technician._id, token: 'new-jwt', apiBase: '/api', force: true });
    expect(await listOutboxItems(technician._id)).toEqual([expect.objectContaining({ state: 'waiting', waitReason: 'unreachable', attempts: 3 })]);
  });

  it('409 "still being processed" (another tab, the service worker) waits and is tried again, not refused', async () => {
    await addOutboxItem(inspectionItem(KEY_1));
    mockApi({
      'POST /api/inspection': () =>
        new Response(JSON.stringify({ response: 'error', message: 'A request with this Idempotency-Key is still being processed' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '1' },
        }),
    });
    await sendOutbox({ userId: technician._id, token: 'tech-jwt', apiBase: '/api' });
    expect(await listOutboxItems(technician._id)).toEqual([expect.objectContaining({ state: 'waiting', waitReason: 'inProgress' })]);
  });

  it('an item removed by another sender is never brought back by a late update', async () => {
    await addOutboxItem(inspectionItem(KEY_3));
    await removeOutboxItem(KEY_3);
    expect(await updateOutboxItem(KEY_3, { state: 'waiting', attempts: 1 })).toBeUndefined();
    expect(await listOutboxItems(technician._id)).toEqual([]);
  });

  it('the service worker sends on its sync event with the session the page mirrored', async () => {
    await mirrorSession('mirrored-jwt', { user: technician, apiBase: '/api' });
    await addOutboxItem(inspectionItem(KEY_1));
    const api = mockApi({ 'POST /api/inspection': () => jsonResponse(200, { inspections: [], alerts: [] }) });
    const scope = new EventTarget();
    registerOutboxSync(scope);
    let done: Promise<unknown> = Promise.resolve();
    const sync = Object.assign(new Event('sync'), { tag: 'facilityops-outbox', waitUntil: (promise: Promise<unknown>) => (done = promise) });

    scope.dispatchEvent(sync);
    await done;

    expect(api.calls.map((call) => [key(call), call.headers.get('x-auth')])).toEqual([[KEY_1, 'mirrored-jwt']]);
    expect(await listOutboxItems(technician._id)).toEqual([]);
  });

  it('queueing asks for persistent storage and a Background Sync, where the browser has them', async () => {
    signIn();
    resetPersistentStorageRequestForTests();
    const persist = vi.fn(async () => true);
    const register = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { onLine: false, storage: { persist }, serviceWorker: { getRegistration: async () => ({ sync: { register } }) } });

    await queueOutboxItem({ id: KEY_1, kind: 'workOrderActivity', createdAt: SUBMITTED_AT, label: 'Replace belt on AHU-2', request: { method: 'POST', path: '/workOrder/w1/activity', body: { comment: 'Belt replaced' } } });

    await waitFor(() => expect(persist).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(register).toHaveBeenCalledWith('facilityops-outbox'));
    expect(await listOutboxItems(technician._id)).toEqual([expect.objectContaining({ id: KEY_1, state: 'waiting', createdAt: SUBMITTED_AT, userId: 'u-tech' })]);
  });

  it('without StorageManager or service workers (older Safari) queueing still works', async () => {
    signIn();
    resetPersistentStorageRequestForTests();
    vi.stubGlobal('navigator', { onLine: false });
    await queueOutboxItem({ id: KEY_2, kind: 'workOrderActivity', createdAt: SUBMITTED_AT, label: 'Replace belt on AHU-2', request: { method: 'POST', path: '/workOrder/w1/activity', body: { comment: 'Belt replaced' } } });
    expect(await listOutboxItems(technician._id)).toHaveLength(1);
  });

  it('the page mirrors its session for the service worker, user included, and removes it on sign-out', async () => {
    stop = startOutboxReplays();
    signIn(technician, 'mirror-jwt');
    await waitFor(async () => expect(await readSessionMirror()).toMatchObject({ token: 'mirror-jwt', user: { _id: 'u-tech' } }));
    sessionStore.clear();
    await waitFor(async () => expect(await readSessionMirror()).toBeUndefined());
  });

  it('the service worker\'s sync fails while the network is down, so the browser fires it again later; signed out it does nothing', async () => {
    await addOutboxItem(inspectionItem(KEY_1));
    const api = mockApi({
      'POST /api/inspection': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const scope = new EventTarget();
    registerOutboxSync(scope);
    const fire = () => {
      let done: Promise<unknown> = Promise.resolve();
      scope.dispatchEvent(Object.assign(new Event('sync'), { tag: 'facilityops-outbox', waitUntil: (promise: Promise<unknown>) => (done = promise) }));
      return done;
    };

    await expect(fire()).resolves.toBeNull();
    expect(api.calls).toHaveLength(0);

    await mirrorSession('mirrored-jwt', { user: technician, apiBase: '/api' });
    await expect(fire()).rejects.toThrow();
    expect(await listOutboxItems(technician._id)).toEqual([expect.objectContaining({ id: KEY_1, state: 'waiting', waitReason: 'unreachable' })]);
  });
});
