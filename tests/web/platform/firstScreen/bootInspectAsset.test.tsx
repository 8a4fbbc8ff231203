import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { runBoot } from '../../helpers/runBoot';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { renderApp } from '../../helpers/renderApp';
import { hex, itemIn, panelOf, pumpA, pumpB, pumpChecklist, sessionUser, skdGroup, technician, vibration } from '../../features/technician/inspectFixtures';

/*
 * Issue 20: opened from a label's link, the inspect view's first content is its asset. The boot
 * script asks for it beside /token/init, before the entry script has even arrived, and the page
 * takes that answer instead of asking a second time after React's first render.
 */

const GROUP = '/api/asset/identification/group/SKD-001';

const DATE_PICKER_FILES = ['/assets/DateValueInput-test.js', '/assets/DateInput-test.js'];

function bootOn(path: string) {
  window.history.replaceState(null, '', path);
  runBoot([], '/api', [], DATE_PICKER_FILES);
}

const preloaded = () => [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
const previousCalls = (api: ReturnType<typeof mockApi>) => api.calls.filter((call) => call.path.endsWith('/previousInspections')).map((call) => call.path);

afterEach(() => {
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
  delete window.__foBoot;
  window.history.replaceState(null, '', '/');
});

describe('the boot script and the inspect view', () => {
  it('asks for the asset with its checklists at boot; the page shows that answer without asking again', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    const api = mockApi({
      'GET /api/token/init': () => jsonResponse(200, technician),
      [`GET ${GROUP}`]: () => jsonResponse(200, skdGroup),
      ...Object.fromEntries(skdGroup.map((a) => [`GET /api/asset/${a._id}/previousInspections`, () => jsonResponse(200, [])])),
    });
    bootOn('/inspection/asset/identification/SKD-001');
    // Asked before any React code ran.
    expect(api.callsTo('GET', GROUP).map((call) => call.search)).toEqual(['?expand=checklists']);

    renderApp('/inspection/asset/identification/SKD-001');
    for (const asset of skdGroup) await panelOf(asset.name);
    expect(api.callsTo('GET', GROUP)).toHaveLength(1);
  });

  it('asks again its own way when the early answer failed', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    let calls = 0;
    const api = mockApi({
      'GET /api/token/init': () => jsonResponse(200, technician),
      [`GET ${GROUP}`]: () => (++calls === 1 ? jsonResponse(503, { message: 'Busy' }) : jsonResponse(200, skdGroup)),
      ...Object.fromEntries(skdGroup.map((a) => [`GET /api/asset/${a._id}/previousInspections`, () => jsonResponse(200, [])])),
    });
    bootOn('/inspection/asset/identification/SKD-001');
    renderApp('/inspection/asset/identification/SKD-001');
    await panelOf(skdGroup[0]!.name);
    expect(api.callsTo('GET', GROUP)).toHaveLength(2);
  });

  it('names the asset as the page does: the identification decoded from the address, encoded once', () => {
    localStorage.setItem('jwt', 'stored-jwt');
    const api = mockApi({
      'GET /api/token/init': () => jsonResponse(200, technician),
      'GET /api/asset/identification/group/SKD%20001%2FA': () => jsonResponse(200, []),
    });
    bootOn('/inspection/asset/identification/SKD%20001%2FA');
    expect(Object.keys(window.__foBoot!.answers)).toContain('/asset/identification/group/SKD%20001%2FA?expand=checklists');
    expect(api.callsTo('GET', '/api/asset/identification/group/SKD%20001%2FA')).toHaveLength(1);
  });

  it('asks nothing for other pages, nor signed out', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    const api = mockApi({ 'GET /api/token/init': () => jsonResponse(200, technician) });
    bootOn('/inspection');
    localStorage.removeItem('jwt');
    bootOn('/inspection/asset/identification/SKD-001');
    await waitFor(() => expect(api.callsTo('GET', '/api/token/init')).toHaveLength(1));
    expect(api.calls.filter((call) => call.path.startsWith('/api/asset/'))).toEqual([]);
  });

  it('asks each asset’s previous inspections as soon as the asset arrives; the page shows them without asking again', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    const at = new Date(2025, 4, 6, 14, 5).getTime();
    const previous = { _id: hex(90), timestamp: at, checklist: pumpChecklist._id, asset: pumpA._id, user: 'u9', userName: 'Sam Night', attributeData: [{ attribute: vibration._id, value: 6.2 }], attributeComments: [], type: null };
    const api = mockApi({
      'GET /api/token/init': () => jsonResponse(200, technician),
      [`GET ${GROUP}`]: () => jsonResponse(200, skdGroup),
      ...Object.fromEntries(skdGroup.map((a) => [`GET /api/asset/${a._id}/previousInspections`, () => jsonResponse(200, a._id === pumpA._id ? [previous] : [])])),
    });
    bootOn('/inspection/asset/identification/SKD-001');
    // Before any React code: one ask per asset of the group.
    await waitFor(() => expect(previousCalls(api).sort()).toEqual(skdGroup.map((a) => `/api/asset/${a._id}/previousInspections`).sort()));

    renderApp('/inspection/asset/identification/SKD-001');
    const region = within(await panelOf(pumpA.name)).getByRole('region', { name: 'Pump weekly check' });
    await waitFor(() => expect(itemIn(region, 'Vibration')).toHaveTextContent('Previous: 6.2 · 2025/05/06 02:05 PM · Sam Night'));
    await panelOf(pumpB.name);
    expect(previousCalls(api)).toHaveLength(skdGroup.length);
  });

  it('asks no previous inspections for a user who may not read them', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    const api = mockApi({
      'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-technician', 'read-asset'], { _id: technician._id })),
      [`GET ${GROUP}`]: () => jsonResponse(200, skdGroup),
    });
    bootOn('/inspection/asset/identification/SKD-001');
    await waitFor(() => expect(api.callsTo('GET', GROUP)).toHaveLength(1));
    await window.__foBoot!.asked;
    expect(previousCalls(api)).toEqual([]);
  });

  it('preloads the date pickers’ code when a checklist of the group asks for a date, and not otherwise', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    mockApi({
      'GET /api/token/init': () => jsonResponse(200, technician),
      // The control panel's checklist holds a date and a date-time item; the pumps' hold none.
      [`GET ${GROUP}`]: () => jsonResponse(200, skdGroup),
      'GET /api/asset/identification/group/PMP-001': () => jsonResponse(200, [pumpA, pumpB]),
      ...Object.fromEntries(skdGroup.map((a) => [`GET /api/asset/${a._id}/previousInspections`, () => jsonResponse(200, [])])),
    });
    bootOn('/inspection/asset/identification/PMP-001');
    await window.__foBoot!.asked;
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(preloaded()).toEqual([]);

    bootOn('/inspection/asset/identification/SKD-001');
    await waitFor(() => expect(preloaded()).toEqual(DATE_PICKER_FILES));
  });
});
