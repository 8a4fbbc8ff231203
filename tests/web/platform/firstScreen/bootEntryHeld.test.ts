import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { withEntryHeld } from '../../../../build/bootPlugin';
import { DRAWN_ANSWERS_ID } from '../../../../common/firstScreen';
import { runBoot } from '../../helpers/runBoot';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { sessionUser, technicianPermissions } from '../../helpers/sessionUsers';

/*
 * Issue 20: a screen the server drew is painted before the app's code is evaluated. The drawn page's
 * entry sits in an inert <template> (build/bootPlugin.ts withEntryHeld); the boot module starts it
 * once the drawn screen has been painted, and at once on a page that holds no drawn screen.
 */
const BOOT_TAG = '<script src="/assets/boot-test.js"></script>';
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>FacilityOps</title>
    ${BOOT_TAG}
    <script type="module" crossorigin src="/assets/index-test.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-test.js">
    <link rel="modulepreload" crossorigin href="/assets/mui-test.js">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

/** What of the app's entry is in <head>, outside any template (asked, or about to be). */
const started = () => [
  ...[...document.head.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src')),
  ...[...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
];

/** The home's page's <template>, in <head> before the boot script, as the browser has parsed it by then. */
function putHeldEntry() {
  const held = new DOMParser().parseFromString(withEntryHeld(PAGE, BOOT_TAG), 'text/html').getElementById('app-entry')!;
  document.head.appendChild(document.importNode(held, true));
}

function boot(path: string) {
  window.history.replaceState(null, '', path);
  const api = mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(technicianPermissions)) });
  runBoot([], '/api');
  return api;
}

/** The answers a drawn page holds (common/firstScreen.ts withServerScreen). */
function putDrawnAnswers() {
  document.head.insertAdjacentHTML('afterbegin', `<script type="application/json" id="${DRAWN_ANSWERS_ID}">{"answers":{},"lazies":[]}</script>`);
}

afterEach(() => {
  document.head.querySelectorAll(`template, script[type="module"], link[rel="modulepreload"], #${DRAWN_ANSWERS_ID}`).forEach((element) => element.remove());
  delete window.__foBoot;
  localStorage.removeItem('jwt');
  window.history.replaceState(null, '', '/');
});

describe('the page a drawn screen goes into', () => {
  it('holds index.html’s entry and its preloads in a template before the boot script, and nothing else changes', () => {
    const page = withEntryHeld(PAGE, BOOT_TAG);
    const parsed = new DOMParser().parseFromString(page, 'text/html');
    // Nothing outside the template would be fetched or run by the parser.
    expect(parsed.head.querySelectorAll('script[type="module"], link[rel="modulepreload"]')).toHaveLength(0);
    const held = parsed.getElementById('app-entry') as HTMLTemplateElement;
    expect([...held.content.children].map((element) => element.getAttribute('src') ?? element.getAttribute('href'))).toEqual([
      '/assets/index-test.js',
      '/assets/react-test.js',
      '/assets/mui-test.js',
    ]);
    expect(held.nextElementSibling?.getAttribute('src')).toBe('/assets/boot-test.js');
    expect(parsed.head.querySelector('link[rel="manifest"]')).not.toBeNull();
    expect(parsed.getElementById('root')).not.toBeNull();
  });
});

describe('the boot module on a page that holds the entry', () => {
  it('with a drawn screen: starts nothing until the screen has had its frame, then the entry, and asks nothing (the page holds its answers)', async () => {
    localStorage.setItem('jwt', 'stored');
    putDrawnAnswers();
    putHeldEntry();
    const api = boot('/inspection');
    expect(started()).toEqual([]);
    await waitFor(() => expect(started()).toEqual(['/assets/index-test.js', '/assets/react-test.js', '/assets/mui-test.js']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('GET', '/api/token/init')).toHaveLength(0);
  });

  it('without a drawn screen: starts the entry at once, once', async () => {
    putHeldEntry();
    boot('/inspection');
    expect(started()).toEqual(['/assets/index-test.js', '/assets/react-test.js', '/assets/mui-test.js']);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(started()).toHaveLength(3);
  });

  it('starts the entry’s script first and adds its many preloads a few per task, not all in one (Total Blocking Time)', async () => {
    const preloads = Array.from({ length: 17 }, (_, n) => `/assets/chunk${n}-test.js`);
    const page = PAGE.replace(
      '<link rel="modulepreload" crossorigin href="/assets/react-test.js">\n    <link rel="modulepreload" crossorigin href="/assets/mui-test.js">',
      preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('\n    '),
    );
    const held = new DOMParser().parseFromString(withEntryHeld(page, BOOT_TAG), 'text/html').getElementById('app-entry')!;
    document.head.appendChild(document.importNode(held, true));
    // Signed out: started at once, in the boot script's own task.
    boot('/inspection');
    const now = started();
    expect(now[0]).toBe('/assets/index-test.js');
    expect(now.length).toBeLessThanOrEqual(5);
    await waitFor(() => expect(started()).toEqual(['/assets/index-test.js', ...preloads]));
  });

  it('offline: starts the entry at once', () => {
    localStorage.setItem('jwt', 'stored');
    putHeldEntry();
    const onLine = Object.getOwnPropertyDescriptor(window.navigator, 'onLine');
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => false });
    try {
      boot('/inspection');
    } finally {
      if (onLine) Object.defineProperty(window.navigator, 'onLine', onLine);
      else delete (window.navigator as { onLine?: boolean }).onLine;
    }
    expect(started()).toEqual(['/assets/index-test.js', '/assets/react-test.js', '/assets/mui-test.js']);
  });
});
