import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withEntryHeld } from '../../../../build/firstScreenBuild';
import { BOOT_HASH_META } from '../../../../common/firstScreen';
import { boot } from '../../../../src/platform/firstScreen/boot';
import { jsonResponse, mockApi } from '../../helpers/mockApi';
import { sessionUser, technicianPermissions } from '../../helpers/sessionUsers';

/*
 * A screen the server drew is painted before the app's code is asked for or evaluated. The drawn
 * page's entry sits in an inert <template> (build/firstScreenBuild.ts withEntryHeld); the inline boot
 * script starts it once the drawn screen has been painted.
 */
const BOOT_CODE = '(function(){"use strict";/* the compiled boot script */})();';
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>FacilityOps</title>
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

/** The drawn page's <template>, in <head>, as the browser has parsed it when the boot script runs. */
function putHeldEntry(page = PAGE) {
  const held = new DOMParser().parseFromString(withEntryHeld(page, BOOT_CODE), 'text/html').getElementById('app-entry')!;
  document.head.appendChild(document.importNode(held, true));
}

afterEach(() => {
  document.head.querySelectorAll('template, script[type="module"], link[rel="modulepreload"]').forEach((element) => element.remove());
});

describe('the page a drawn screen goes into', () => {
  it('holds index.html’s entry, its preloads and the manifest in a template, then the boot script inline with the hash the build compiled, and nothing else changes', () => {
    const parsed = new DOMParser().parseFromString(withEntryHeld(PAGE, BOOT_CODE), 'text/html');
    // Nothing outside the template would be fetched by the parser, nor by the browser once the page has loaded (the manifest).
    expect(parsed.querySelectorAll('script[src], link[rel="modulepreload"], link[rel="manifest"]')).toHaveLength(0);
    const held = parsed.getElementById('app-entry') as HTMLTemplateElement;
    expect([...held.content.children].map((element) => element.getAttribute('src') ?? element.getAttribute('href'))).toEqual([
      '/assets/index-test.js',
      '/assets/react-test.js',
      '/assets/mui-test.js',
      '/manifest.webmanifest',
    ]);
    const inline = parsed.querySelectorAll('script:not([src])');
    expect(inline).toHaveLength(1);
    expect(inline[0]!.textContent).toBe(BOOT_CODE);
    // The CSP's hash source of that text (CSP Level 3 §8.4: base64 of its SHA-256).
    expect(parsed.querySelector(`meta[name="${BOOT_HASH_META}"]`)?.getAttribute('content')).toBe(`sha256-${createHash('sha256').update(BOOT_CODE).digest('base64')}`);
    expect(parsed.head.querySelector('title')?.textContent).toBe('FacilityOps');
    expect(parsed.getElementById('root')).not.toBeNull();
  });

  it('is index.html itself when it has no entry to hold', () => {
    const plain = '<html><head></head><body><div id="root"></div></body></html>';
    expect(withEntryHeld(plain, BOOT_CODE)).toBe(plain);
  });
});

describe('the boot script', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts nothing until the drawn screen has had its frame, then the entry, and asks nothing (the page holds its answers)', async () => {
    localStorage.setItem('jwt', 'stored');
    const api = mockApi({ 'GET /api/token/init': () => jsonResponse(200, sessionUser(technicianPermissions)) });
    putHeldEntry();
    boot();
    expect(started()).toEqual([]);
    await vi.runAllTimersAsync();
    expect(started()).toEqual(['/assets/index-test.js', '/assets/react-test.js', '/assets/mui-test.js']);
    expect(api.calls).toHaveLength(0);
    localStorage.removeItem('jwt');
  });

  it('starts the entry’s script first and adds its many preloads a few per task, not all in one (Total Blocking Time)', async () => {
    const preloads = Array.from({ length: 17 }, (_, n) => `/assets/chunk${n}-test.js`);
    putHeldEntry(
      PAGE.replace(
        '<link rel="modulepreload" crossorigin href="/assets/react-test.js">\n    <link rel="modulepreload" crossorigin href="/assets/mui-test.js">',
        preloads.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`).join('\n    '),
      ),
    );
    boot();
    // jsdom reports no paint: the boot script's bound (500 ms) stands for it.
    await vi.advanceTimersByTimeAsync(500);
    expect(started()[0]).toBe('/assets/index-test.js');
    expect(started().length).toBeLessThanOrEqual(5);
    await vi.runAllTimersAsync();
    expect(started()).toEqual(['/assets/index-test.js', ...preloads]);
  });

  it('on a page without a held entry (index.html) does nothing', async () => {
    boot();
    await vi.runAllTimersAsync();
    expect(started()).toEqual([]);
  });
});
