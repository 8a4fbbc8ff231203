import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../common/api';
import type { OfflineCatalogue } from '../../../../common/resources/offlineCatalogue';
import { loadSessionUser } from '../../../../src/platform/authProvider/loadSessionUser';
import { sessionStore } from '../../../../src/platform/authProvider/sessionStore';
import { apiFetch } from '../../../../src/platform/dataProvider/apiFetch';
import { offlineDb, resetOfflineDbForTests } from '../../../../src/platform/offline/offlineDb';
import { offlineWritesSettled } from '../../../../src/platform/offline/offlineReads';
import { offlineStatus } from '../../../../src/platform/offline/offlineStatus';
import { savedAtLabel } from '../../../../src/platform/offline/OfflineStatus';
import { errorResponse, jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { sessionUser } from '../../helpers/sessionUsers';
import { checklist, attribute } from '../../features/technician/inspectFixtures';
import { workOrder, workOrderConfig, workOrderDetail, at } from '../../features/technician/workOrderFixtures';

const dana = sessionUser(['view-technician', 'read-workorder', 'read-asset', 'read-inspection', 'update-inspection'], { _id: 'u-dana', name: 'Dana Field' });
const lee = sessionUser(['view-technician', 'read-workorder'], { _id: 'u-lee', name: 'Lee Night', username: 'lee' });

/** What a phone sees with no network: fetch rejects, as the browser's does. */
const noNetwork = () => {
  throw new TypeError('Failed to fetch');
};

function signIn(user: SessionUser, token = `jwt-${user._id}`) {
  sessionStore.setToken(token);
  sessionStore.setUser(user);
}

async function storeCatalogue(userId: string, catalogue: OfflineCatalogue, storedAt: number) {
  const db = await offlineDb();
  await db.put('catalogue', { userId, storedAt, catalogue });
}

const pressure = attribute('a21', 'Discharge pressure', 'number');
const pumpWeekly = checklist('c21', 'Pump weekly', [{ attribute: pressure, sequenceId: 1 }]);
const catalogueAsset = (id: string, name: string, identification: string) => ({
  _id: id,
  name,
  identification,
  checklistOptions: [],
  message: '',
  checklists: ['c21'],
  checklistDetails: [pumpWeekly],
});
const catalogue: OfflineCatalogue = {
  generatedAt: at(2026, 3, 14, 10, 40),
  assets: [catalogueAsset('as-2', 'Sump pump B', 'PMP-7'), catalogueAsset('as-1', 'Sump pump A', 'PMP-7'), catalogueAsset('as-3', 'Chiller 1', 'CH-1')],
  previousInspections: {
    'as-1': [{ _id: 'i1', timestamp: at(2026, 3, 10), checklist: 'c21', attributeData: [{ attribute: 'a21', value: 4.2 }], attributeComments: [], userName: 'Dana Field' }],
  },
};

beforeEach(() => {
  // A fresh, empty IndexedDB for every test.
  globalThis.indexedDB = new IDBFactory();
  resetOfflineDbForTests();
  offlineStatus.reset();
});

afterEach(async () => {
  await offlineWritesSettled();
  vi.restoreAllMocks();
});

describe('offline reads (issue 20)', () => {
  it('answers the last good copy when the network fails, and tells the screen how old it is', async () => {
    signIn(dana);
    const orders = [workOrder('w1', { title: 'Grease bearings' })];
    let online = true;
    mockApi({ 'GET /api/workOrder/my': () => (online ? jsonResponse(200, orders) : noNetwork()) });
    const savedAt = Date.now();
    expect(await apiFetch('/workOrder/my', { offline: true })).toEqual(orders);
    await offlineWritesSettled();

    online = false;
    const onStoredCopy = vi.fn();
    expect(await apiFetch('/workOrder/my', { offline: { onStoredCopy } })).toEqual(orders);
    expect(onStoredCopy).toHaveBeenCalledTimes(1);
    const [storedAt] = onStoredCopy.mock.calls[0] as [number];
    expect(storedAt).toBeGreaterThanOrEqual(savedAt);
    expect(offlineStatus.get().copyShownFrom).toBe(storedAt);
  });

  it('does not keep a screen waiting on a signal that never answers: the copy after 5 s, and the late answer still refreshes it', async () => {
    signIn(dana);
    const before = [workOrder('w1', { title: 'Grease bearings' })];
    const after = [...before, workOrder('w2', { title: 'Check belts' })];
    let network: 'good' | 'lie-fi' | 'none' = 'good';
    let answerLate: (response: Response) => void = () => undefined;
    mockApi({
      'GET /api/workOrder/my': () =>
        network === 'good' ? jsonResponse(200, before) : network === 'none' ? noNetwork() : new Promise<Response>((resolve) => (answerLate = resolve)),
    });
    await apiFetch('/workOrder/my', { offline: true });
    await offlineWritesSettled();

    network = 'lie-fi';
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let shown: unknown = 'still waiting';
    const read = apiFetch('/workOrder/my', { offline: true }).then((body) => (shown = body));
    await vi.advanceTimersByTimeAsync(4_900);
    expect(shown).toBe('still waiting');
    await vi.advanceTimersByTimeAsync(200);
    await read;
    expect(shown).toEqual(before);
    expect(offlineStatus.get().copyShownFrom).not.toBeNull();
    vi.useRealTimers();

    answerLate(jsonResponse(200, after));
    await waitFor(async () => {
      await offlineWritesSettled();
      network = 'none';
      expect(await apiFetch('/workOrder/my', { offline: true })).toEqual(after);
    });
  });

  it('with nothing kept on the phone, a slow signal is waited for', async () => {
    signIn(dana);
    const orders = [workOrder('w1', { title: 'Grease bearings' })];
    let answerLate: (response: Response) => void = () => undefined;
    mockApi({ 'GET /api/workOrder/my': () => new Promise<Response>((resolve) => (answerLate = resolve)) });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let shown: unknown = 'still waiting';
    const read = apiFetch('/workOrder/my', { offline: true }).then((body) => (shown = body));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(shown).toBe('still waiting');
    answerLate(jsonResponse(200, orders));
    await read;
    expect(shown).toEqual(orders);
  });

  it('does not hide a refusal of the server behind the copy (a 4xx is an answer)', async () => {
    signIn(dana);
    let answer = () => jsonResponse(200, { _id: 'w1', title: 'Grease bearings' });
    mockApi({ 'GET /api/workOrder/w1': () => answer() });
    await apiFetch('/workOrder/w1', { offline: true });
    await offlineWritesSettled();

    answer = () => errorResponse(404, 'Work order not found');
    await expect(apiFetch('/workOrder/w1', { offline: true })).rejects.toMatchObject({ status: 404, message: 'Work order not found' });
    expect(offlineStatus.get().copyShownFrom).toBeNull();
  });

  it('never answers one user with what another user read on the same phone', async () => {
    let online = true;
    mockApi({ 'GET /api/workOrder/my': () => (online ? jsonResponse(200, [workOrder('w1', { title: "Dana's order" })]) : noNetwork()) });
    signIn(dana);
    await apiFetch('/workOrder/my', { offline: true });
    await offlineWritesSettled();

    sessionStore.clear();
    signIn(lee);
    online = false;
    await expect(apiFetch('/workOrder/my', { offline: true })).rejects.toThrow('Failed to fetch');
  });

  it('opens an asset never looked up on this phone from the offline catalogue, matching the identification exactly as the server does', async () => {
    signIn(dana);
    mockApi({
      'GET /api/asset/identification/group/%20PMP-7%20': noNetwork,
      'GET /api/asset/identification/group/CH-1': noNetwork,
      'GET /api/asset/identification/group/pmp-7': noNetwork,
      'GET /api/asset/as-1/previousInspections': noNetwork,
      'GET /api/asset/as-2/previousInspections': noNetwork,
      'GET /api/asset/unknown/previousInspections': noNetwork,
    });
    await storeCatalogue('u-dana', catalogue, at(2026, 3, 14, 10, 42));

    const group = await apiFetch('/asset/identification/group/%20PMP-7%20', { query: { expand: 'checklists' }, offline: true });
    // Sorted by name, as the server answers; each with its checklists and their attributes.
    expect(group).toEqual([catalogueAsset('as-1', 'Sump pump A', 'PMP-7'), catalogueAsset('as-2', 'Sump pump B', 'PMP-7')]);
    // Without expand the assets come alone.
    expect(await apiFetch('/asset/identification/group/CH-1', { offline: true })).toEqual([
      { _id: 'as-3', name: 'Chiller 1', identification: 'CH-1', checklistOptions: [], message: '', checklists: ['c21'] },
    ]);
    // The server compares identifications case-sensitively: 'pmp-7' is no asset.
    expect(await apiFetch('/asset/identification/group/pmp-7', { query: { expand: 'checklists' }, offline: true })).toEqual([]);
    expect(offlineStatus.get().copyShownFrom).toBe(at(2026, 3, 14, 10, 42));

    expect(await apiFetch('/asset/as-1/previousInspections', { offline: true })).toEqual([
      { _id: 'i1', timestamp: at(2026, 3, 10), checklist: 'c21', attributeData: [{ attribute: 'a21', value: 4.2 }], attributeComments: [], userName: 'Dana Field' },
    ]);
    expect(await apiFetch('/asset/as-2/previousInspections', { offline: true })).toEqual([]);
    await expect(apiFetch('/asset/unknown/previousInspections', { offline: true })).rejects.toThrow('Failed to fetch');
  });

  it("does not answer from another user's catalogue", async () => {
    signIn(lee);
    mockApi({ 'GET /api/asset/identification/group/PMP-7': noNetwork });
    await storeCatalogue('u-dana', catalogue, at(2026, 3, 14, 10, 42));
    await expect(apiFetch('/asset/identification/group/PMP-7', { query: { expand: 'checklists' }, offline: true })).rejects.toThrow('Failed to fetch');
  });
});

describe('the session with no network (issue 20)', () => {
  it('keeps the technician signed in across an offline reload with the same token', async () => {
    let online = true;
    mockApi({ 'GET /api/token/init': () => (online ? jsonResponse(200, dana) : noNetwork()) });
    sessionStore.setToken('jwt-1');
    expect(await loadSessionUser()).toEqual(dana);
    await waitFor(async () => expect(await (await offlineDb()).get('session', 'current')).toEqual({ token: 'jwt-1', user: dana }));

    // A reload: the same token in localStorage, no user in memory, no network.
    sessionStore.setToken('jwt-1');
    online = false;
    expect(await loadSessionUser()).toEqual(dana);
    expect(sessionStore.getState()).toMatchObject({ token: 'jwt-1', user: dana });
  });

  it('does not give a changed token the stored user', async () => {
    let online = true;
    mockApi({ 'GET /api/token/init': () => (online ? jsonResponse(200, dana) : noNetwork()) });
    sessionStore.setToken('jwt-1');
    await loadSessionUser();
    await waitFor(async () => expect(await (await offlineDb()).get('session', 'current')).toBeDefined());

    sessionStore.setToken('jwt-2');
    online = false;
    await expect(loadSessionUser()).rejects.toThrow('Failed to fetch');
    expect(sessionStore.getUser()).toBeNull();
  });

  it('still signs out on a 401, even with a stored user for the token', async () => {
    let answer = () => jsonResponse(200, dana);
    mockApi({ 'GET /api/token/init': () => answer() });
    sessionStore.setToken('jwt-1');
    await loadSessionUser();
    await waitFor(async () => expect(await (await offlineDb()).get('session', 'current')).toBeDefined());

    sessionStore.setToken('jwt-1');
    answer = () => errorResponse(401, 'Token expired');
    await expect(loadSessionUser()).rejects.toMatchObject({ status: 401 });
    expect(sessionStore.getToken()).toBeNull();
    // Signing out forgets the mirrored session too.
    await waitFor(async () => expect(await (await offlineDb()).get('session', 'current')).toBeUndefined());
  });
});

describe('the technician home with no network (issue 20)', () => {
  it('reloads offline with the welcome line, the work orders and the offline chip; an open order opens though never opened online', async () => {
    let online = true;
    const orders = [workOrder('w3', { title: 'Grease bearings', status: 'Open', assetName: 'Pump 7' })];
    const answers = {
      'GET /api/token/init': () => (online ? jsonResponse(200, dana) : noNetwork()),
      'GET /api/workOrder/my': () => (online ? jsonResponse(200, orders) : noNetwork()),
      'GET /api/workOrder/config': () => (online ? jsonResponse(200, workOrderConfig) : noNetwork()),
      'GET /api/workOrder/w3': () =>
        online ? jsonResponse(200, workOrderDetail('w3', { title: 'Grease bearings', status: 'Open', assetName: 'Pump 7' })) : noNetwork(),
      'GET /api/inspection/myRecentAssets': () =>
        online ? jsonResponse(200, [{ _id: 'as-1', name: 'Sump pump A', identification: 'PMP-7', lastInspectedAt: at(2026, 3, 10) }]) : noNetwork(),
    };
    const api = mockApi(answers);
    // GET /inspection/offlineCatalogue is another helper's server route (docs/offline.md), not in docs/permissions.md yet.
    const answerFromTable = globalThis.fetch;
    const catalogueCalls: string[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('/api/inspection/offlineCatalogue')) {
        catalogueCalls.push(String(input));
        return online ? jsonResponse(200, catalogue) : noNetwork();
      }
      return answerFromTable(input, init);
    });

    localStorage.setItem('jwt', 'jwt-dana');
    const first = renderApp('/inspection');
    const list = await screen.findByRole('region', { name: 'My work orders' });
    expect(await within(list).findByText('Grease bearings')).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Recently inspected' });
    await waitFor(async () => expect(await (await offlineDb()).get('catalogue', 'u-dana')).toMatchObject({ catalogue }));
    expect(catalogueCalls).toHaveLength(1);
    expect(screen.queryByText(/^Offline|showing what this phone saved/)).not.toBeInTheDocument();
    // The open order's detail and the statuses are read ahead, for a basement.
    await waitFor(() => expect(api.callsTo('GET', '/api/workOrder/w3')).toHaveLength(1));
    await waitFor(() => expect(api.callsTo('GET', '/api/workOrder/config')).toHaveLength(1));
    await offlineWritesSettled();
    first.unmount();

    // The phone loses its signal and the app is opened again.
    online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    sessionStore.setToken('jwt-dana');
    renderApp('/inspection');
    expect(await screen.findByRole('heading', { name: 'Welcome, Dana Field' })).toBeInTheDocument();
    const offlineList = await screen.findByRole('region', { name: 'My work orders' });
    expect(await within(offlineList).findByText('Grease bearings')).toBeInTheDocument();
    const recent = await screen.findByRole('region', { name: 'Recently inspected' });
    expect(within(recent).getByRole('link')).toHaveAttribute('href', '/inspection/asset/identification/PMP-7');
    expect(await screen.findByText(/^Offline — showing what this phone saved at \d\d:\d\d (AM|PM)$/)).toBeInTheDocument();
    // Only the session was asked of the network; the screens answered from the phone at once.
    expect(api.callsTo('GET', '/api/token/init')).toHaveLength(2);
    expect(api.callsTo('GET', '/api/workOrder/my')).toHaveLength(1);
    expect(catalogueCalls).toHaveLength(1);

    // The order never opened on this phone opens with no network.
    await userEvent.click(within(offlineList).getByRole('link', { name: /Grease bearings/ }));
    expect(await screen.findByRole('heading', { name: 'Grease bearings' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Status' })).toHaveValue('Open');
  });
});

describe('the catalogue sync (issue 20)', () => {
  it('does not sign the technician out when the server refuses the catalogue', async () => {
    mockApi({
      'GET /api/token/init': () => jsonResponse(200, dana),
      'GET /api/workOrder/my': () => jsonResponse(200, []),
      'GET /api/workOrder/config': () => jsonResponse(200, workOrderConfig),
      'GET /api/inspection/myRecentAssets': () => jsonResponse(200, []),
    });
    const answerFromTable = globalThis.fetch;
    const catalogueCalls: string[] = [];
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!String(input).includes('/api/inspection/offlineCatalogue')) return answerFromTable(input, init);
      catalogueCalls.push(String(input));
      return errorResponse(403, 'Forbidden');
    });
    localStorage.setItem('jwt', 'jwt-dana');
    renderApp('/inspection');
    await screen.findByRole('region', { name: 'My work orders' });
    await waitFor(() => expect(catalogueCalls).toHaveLength(1));
    await waitFor(() => expect(console.warn).toHaveBeenCalledWith('The offline catalogue could not be refreshed', expect.objectContaining({ status: 403 })));
    expect(screen.getByTestId('location')).toHaveTextContent('/inspection');
    expect(sessionStore.getToken()).toBe('jwt-dana');
    expect(await (await offlineDb()).get('catalogue', 'u-dana')).toBeUndefined();
  });
});

describe('the offline chip (issue 20)', () => {
  it('says the time of a copy saved today, and the date too of an older one', () => {
    const now = at(2026, 3, 14, 16, 5);
    expect(savedAtLabel(at(2026, 3, 14, 10, 42), now)).toBe('10:42 AM');
    expect(savedAtLabel(at(2026, 3, 13, 22, 7), now)).toBe('2026/03/13 10:07 PM');
  });
});
