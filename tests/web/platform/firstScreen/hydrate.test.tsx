import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { UNSAFE_LocationContext, UNSAFE_NavigationContext, UNSAFE_RouteContext } from 'react-router-dom';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { DRAWN_ANSWERS_ID, jsonInHtml } from '../../../../common/firstScreen';
import drawScreen from '../../../../src/platform/firstScreen/drawScreen';
import { startApp } from '../../../../src/platform/firstScreen/startApp';
import { resetOfflineDbForTests } from '../../../../src/platform/offline/offlineDb';
import { offlineWritesSettled, storedCopy } from '../../../../src/platform/offline/offlineReads';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { sessionUser } from '../../helpers/sessionUsers';
import { workOrderConfig } from '../../features/technician/workOrderFixtures';

/*
 * Issue 41 step 3: the browser hydrates the screen the server drew (startApp.tsx) instead of drawing
 * it again. What the server asks and sends is tests/api/serverScreen.test.ts; the hydration itself,
 * in Chromium with the real server, tests/e2e/shell.test.ts (here the server's renderer would share
 * the browser app's realm, and it leaves its contexts' last values behind).
 */

const DASHBOARD_ID = 'd0000000000000000000000b';
const onsite = sessionUser(['view-onsite', 'read-dashboard', 'read-alert', 'read-asset'], { _id: 'u-board', name: 'Olga Onsite', roleName: 'ROLE_ONSITE', dashboardId: DASHBOARD_ID });
const OPEN = { _id: 'w1', name: 'Open alerts', type: 'string', description: '', options: {}, data: { value: '12', caption: 'alerts need attention' }, dependsOn: ['alert'] };
const board = {
  _id: DASHBOARD_ID,
  name: 'Plant room board',
  filters: [],
  sections: [{ title: 'Live', sequenceId: 1, filters: [], items: [{ _id: 'i1', widget: OPEN._id, width: 12, height: 260, sequenceId: 1 }] }],
};
const answers = {
  '/token/init': onsite,
  '/init/applicationInfo': { applicationName: 'North Plant', companyLogoURL: '' },
  [`/dashboard/${DASHBOARD_ID}`]: board,
  [`/widget/${OPEN._id}`]: OPEN,
};
/** The technician's home: reads the screen asks again whenever it shows them (no staleTime of their own). */
const technician = sessionUser(['view-technician', 'read-workorder', 'update-inspection'], { _id: 'u-tech', name: 'Tess Tech', roleName: 'ROLE_TECHNICIAN', dashboardId: null });
const homeAnswers = {
  '/token/init': technician,
  '/init/applicationInfo': { applicationName: 'North Plant', companyLogoURL: '' },
  '/workOrder/my': [],
  '/inspection/myRecentAssets': [],
};
/** A token as the API signs it, for what the app reads of it (its subject). */
const tokenOf = (sub: string) => `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;

/**
 * React's server renderer, run here in the browser app's own realm, leaves the last values of the
 * contexts it rendered in them (a phone never runs it): the server's router would stand above the
 * browser's, which refuses to be inside another.
 */
function forgetServerRouter() {
  for (const context of [UNSAFE_LocationContext, UNSAFE_NavigationContext]) (context as unknown as { _currentValue: unknown })._currentValue = null;
  (UNSAFE_RouteContext as unknown as { _currentValue: unknown })._currentValue = { outlet: null, matches: [], isDataRoute: false };
}

/** The page as the server sends it: the drawn screen in #root, its answers and lazy parts in <head>. */
async function drawnPage(path: string, held: Record<string, unknown> = answers) {
  const screen = await drawScreen({ path, answers: held, drawnFor: { timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone, userAgent: '' } });
  forgetServerRouter();
  document.head.insertAdjacentHTML('afterbegin', `<script type="application/json" id="${DRAWN_ANSWERS_ID}">${jsonInHtml({ answers: held, lazies: screen.lazies })}</script>`);
  const container = document.createElement('div');
  container.id = 'root';
  container.innerHTML = screen.html;
  document.body.append(container);
  window.history.pushState({}, '', path);
  return { container, lazies: screen.lazies };
}

afterEach(() => {
  document.body.replaceChildren();
  document.getElementById(DRAWN_ANSWERS_ID)?.remove();
  localStorage.clear();
});

describe('a screen the server drew, in the browser', () => {
  it('names the lazy parts it drew, which the browser loads before hydrating', async () => {
    localStorage.setItem('jwt', tokenOf(onsite._id));
    const { lazies } = await drawnPage('/onsite');
    expect(lazies).toContain('OnsiteShell');
    // A board without filters draws no filter bar, whose code is then not worth loading first.
    expect(lazies).not.toContain('DashboardFilterBar');
  });

  it('drawn for the phone’s user: hydrated from the answers it holds, none asked again, each kept for offline use', async () => {
    globalThis.indexedDB = new IDBFactory();
    resetOfflineDbForTests();
    localStorage.setItem('jwt', tokenOf(technician._id));
    const { container } = await drawnPage('/inspection', homeAnswers);
    const heading = container.querySelector('h1, h2');
    // What the home asks later (the orders' configuration, the offline catalogue) is no part of what it
    // draws first; any other call fails the test (tests/web/setup.ts) but the public one, which mockApi
    // answers by itself: counted below.
    const api = mockApi({
      'GET /api/workOrder/config': () => jsonResponse(200, workOrderConfig),
      'GET /api/inspection/offlineCatalogue': () => jsonResponse(200, { generatedAt: new Date().toISOString(), assets: [], previousInspections: {} }),
    });
    const started = await startApp(container);
    onTestFinished(() => started.root.unmount());
    expect(started.how).toBe('hydrated');
    await waitFor(async () => expect((await storedCopy(technician._id, '/inspection/myRecentAssets'))?.body).toEqual([]));
    expect((await storedCopy(technician._id, '/workOrder/my'))?.body).toEqual([]);
    expect((await storedCopy('public', '/init/applicationInfo'))?.body).toEqual(homeAnswers['/init/applicationInfo']);
    expect(heading?.isConnected).toBe(true);
    expect(api.callsTo('GET', '/api/init/applicationInfo')).toHaveLength(0);
    await offlineWritesSettled();
  });

  it('drawn for another user than the phone now holds: drawn afresh by the app, none of it kept', async () => {
    localStorage.setItem('jwt', tokenOf('someone-else'));
    const { container } = await drawnPage('/onsite');
    const heading = container.querySelector('h2');
    mockApi({ 'GET /api/token/init': () => jsonResponse(401, { message: 'no' }) });
    const started = await startApp(container);
    // Unmounted before jsdom goes: React's scheduled work would otherwise run with no window.
    onTestFinished(() => started.root.unmount());
    expect(started.how).toBe('drawn');
    expect(heading?.isConnected).toBe(false);
  });
});
