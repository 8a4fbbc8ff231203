import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { withEntryHeld } from '../../../../build/bootPlugin';
import { runBoot } from '../../helpers/runBoot';
import { DRAWN_ANSWERS_ID } from '../../../../common/firstScreen';
import { APPLICATION_INFO_PATH, boardAsks, inspectViewAsks, SESSION_PATH } from '../../../../common/firstAsks';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { sessionUser, technicianPermissions } from '../../helpers/sessionUsers';

/*
 * Issue 20: over HTTP/1.1 a browser opens six connections to a host and serves requests in the order
 * they were made. The inspect view's page has ~30 chunks to preload; asked first, they held the
 * page's data asks back (~0.6 s on a first visit). The boot script now asks first, then starts the
 * entry where the page holds it, then preloads the page's chunks.
 */
const PAGE_CHUNKS = ['/assets/AssetInspectPage-test.js', '/assets/Stack-test.js', '/assets/Divider-test.js'];

/** What the script asks and adds to <head>, in order. */
function recordOrder() {
  const order: string[] = [];
  const stubbedFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    order.push(`ask ${new URL(String(input), location.origin).pathname}`);
    return stubbedFetch(input, init);
  });
  const append = document.head.appendChild.bind(document.head);
  vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T) => {
    if (node instanceof HTMLLinkElement) order.push(`preload ${node.getAttribute('href')}`);
    // The held entry: its module script, taken out of the template.
    if (node instanceof HTMLScriptElement && node.type === 'module') order.push('entry');
    return append(node);
  });
  return order;
}

afterEach(() => {
  document.head.querySelectorAll('template, script[type="module"], link[rel="modulepreload"]').forEach((element) => element.remove());
  document.documentElement.removeAttribute('data-app-shell');
  delete window.__foBoot;
  window.history.replaceState(null, '', '/');
  vi.restoreAllMocks();
});

describe('what the boot script asks first', () => {
  it('makes the page’s asks before it preloads the page’s chunks', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    window.history.replaceState(null, '', '/inspection/asset/identification/SKD-001');
    mockApi({
      'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-technician', 'read-inspection'])),
      'GET /api/asset/identification/group/SKD-001': () => jsonResponse(200, []),
    });
    const order = recordOrder();
    runBoot([['^/inspection/asset/', PAGE_CHUNKS]], '/api');

    // The preloads a few per task (boot script: pump), in order.
    await waitFor(() =>
      expect(order).toEqual([
        'ask /api/init/applicationInfo',
        'ask /api/asset/identification/group/SKD-001',
        'ask /api/token/init',
        ...PAGE_CHUNKS.map((chunk) => `preload ${chunk}`),
      ]),
    );
  });

  it('asks what common/firstAsks.ts says a page asks first: the inspect view’s group, then its assets’ previous inspections', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    window.history.replaceState(null, '', '/inspection/asset/identification/SKD%2F001');
    const user = sessionUser(['view-technician', 'read-inspection']);
    const assets = [{ _id: 'a1', checklistDetails: [] }, { _id: 'a 2', checklistDetails: [] }];
    const table = inspectViewAsks('SKD/001');
    const asked = [SESSION_PATH, APPLICATION_INFO_PATH, table.own, ...table.then(user, assets)];
    const bodies = new Map<string, unknown>(asked.map((path) => [path, path === SESSION_PATH ? user : path === table.own ? assets : []]));
    // mockApi answers by path alone: the group's query (?expand=checklists) is in the key the script keeps.
    mockApi(Object.fromEntries([...bodies].map(([path, body]) => [`GET /api${path.split('?')[0]}`, () => jsonResponse(200, body)])));
    runBoot([], '/api');
    await waitFor(() => expect(Object.keys(window.__foBoot!.answers).sort()).toEqual([...asked].sort()));
  });

  it('asks what common/firstAsks.ts says the board asks first: the user’s dashboard', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    window.history.replaceState(null, '', '/onsite');
    const user = { ...sessionUser(['view-onsite', 'read-dashboard']), dashboardId: 'board 1' };
    const dashboard = boardAsks.own(user)!;
    mockApi({
      [`GET /api${SESSION_PATH}`]: () => jsonResponse(200, user),
      [`GET /api${dashboard}`]: () => jsonResponse(200, { _id: 'board 1', filters: [], sections: [] }),
    });
    runBoot([], '/api');
    await waitFor(() => expect(Object.keys(window.__foBoot!.answers).sort()).toEqual([SESSION_PATH, APPLICATION_INFO_PATH, dashboard].sort()));
  });

  it('asks nothing on a page the server drew, which holds its first answers, and still preloads its chunks', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    window.history.replaceState(null, '', '/inspection/asset/identification/SKD-001');
    const held = document.createElement('script');
    held.type = 'application/json';
    held.id = DRAWN_ANSWERS_ID;
    held.textContent = JSON.stringify({ answers: {} });
    document.head.appendChild(held);
    mockApi();
    const order = recordOrder();
    runBoot([['^/inspection/asset/', PAGE_CHUNKS]], '/api');
    await waitFor(() => expect(order).toEqual(PAGE_CHUNKS.map((chunk) => `preload ${chunk}`)));
    held.remove();
  });

  it('adds a page’s many preloads a few per task, not all in the task that starts the page (Total Blocking Time)', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    window.history.replaceState(null, '', '/inspection/asset/identification/SKD-001');
    mockApi({
      'GET /api/token/init': () => jsonResponse(200, sessionUser(['view-technician'])),
      'GET /api/asset/identification/group/SKD-001': () => jsonResponse(200, []),
    });
    const chunks = Array.from({ length: 30 }, (_, n) => `/assets/chunk${n}-test.js`);
    const order = recordOrder();
    runBoot([['^/inspection/asset/', chunks]], '/api');
    const preloadsNow = order.filter((step) => step.startsWith('preload')).length;
    expect(preloadsNow).toBeGreaterThan(0);
    expect(preloadsNow).toBeLessThanOrEqual(5);
    await waitFor(() => expect(order.filter((step) => step.startsWith('preload'))).toEqual(chunks.map((chunk) => `preload ${chunk}`)));
  });

  it('on the home: asks, then starts the held entry, then preloads the home’s chunks', async () => {
    localStorage.setItem('jwt', 'stored-jwt');
    window.history.replaceState(null, '', '/inspection');
    const bootTag = '<script src="/assets/boot-test.js"></script>';
    const page = `<html><head>${bootTag}<script type="module" crossorigin src="/assets/index-test.js"></script></head><body></body></html>`;
    const held = new DOMParser().parseFromString(withEntryHeld(page, bootTag), 'text/html').getElementById('app-entry')!;
    document.head.appendChild(document.importNode(held, true));
    mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(technicianPermissions)) });
    const homeChunks = ['/assets/TechnicianHome-test.js'];
    const order = recordOrder();

    runBoot([['^/inspection/?$', homeChunks]], '/api');

    // The shell is painted first; then, in this order:
    await waitFor(() => expect(order).toContain('entry'));
    expect(order).toEqual(['ask /api/init/applicationInfo', 'ask /api/token/init', 'entry', 'preload /assets/TechnicianHome-test.js']);
  });
});
