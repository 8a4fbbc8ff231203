import { runInThisContext } from 'node:vm';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { bootSource } from '../../../scripts/bootPlugin';
import { jsonResponse, mockApi } from '../helpers/mockApi';
import { renderApp } from '../helpers/renderApp';
import { panelOf, skdGroup, technician } from '../technician/inspectFixtures';

/*
 * Issue 20: opened from a label's link, the inspect view's first content is its asset. The boot
 * script asks for it beside /token/init, before the entry script has even arrived, and the page
 * takes that answer instead of asking a second time after React's first render.
 */

const GROUP = '/api/asset/identification/group/SKD-001';

function bootOn(path: string) {
  window.history.replaceState(null, '', path);
  runInThisContext(bootSource([], '/api'));
}

afterEach(() => {
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
});
