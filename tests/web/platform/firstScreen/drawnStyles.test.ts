import createCache from '@emotion/cache';
import { afterEach, describe, expect, it } from 'vitest';
import { withServerScreen } from '../../../../common/firstScreen';

/*
 * Issue 20 (Total Blocking Time): the styles of a screen the server drew stay in the page under
 * emotion's own server marker, so the app's emotion cache takes them as inserted and React's copy of
 * that screen does not compile and insert them a second time. The names and rules below are written
 * by hand, in the form emotion gives them (`css-<hash>` classes, `<hash>-<label>` with a label).
 */
const PAGE = '<!doctype html>\n<html lang="en">\n  <head>\n    <title>home</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';
const CSS = '.css-1x2y3z{color:rgb(1, 2, 3);}.css-9a8b7c-label{margin:4px;}@media (min-width:600px){.css-9a8b7c-label{margin:8px;}}';

const HEAD = '<link rel="preload" as="image" href="/logo.svg"/>';
const served = (names: string[]) =>
  new DOMParser().parseFromString(withServerScreen(PAGE, { head: HEAD, html: '<main class="css-1x2y3z">Drawn</main>', css: CSS, names, lazies: [], answers: {} })!, 'text/html');

afterEach(() => {
  document.head.querySelectorAll('style').forEach((style) => style.remove());
});

describe("a drawn screen's styles", () => {
  it('are kept under emotion’s server marker, listing their names, beside what React drew for <head>; the screen is in #root', () => {
    const page = served(['1x2y3z', '9a8b7c-label']);
    const kept = page.head.querySelectorAll('style[data-emotion]');
    expect(kept).toHaveLength(1);
    expect(kept[0]!.getAttribute('data-emotion')).toBe('css 1x2y3z 9a8b7c-label');
    expect(kept[0]!.textContent).toBe(CSS);
    expect(page.head.querySelector('link[rel="preload"]')?.getAttribute('href')).toBe('/logo.svg');
    expect(page.getElementById('root')!.innerHTML).toBe('<main class="css-1x2y3z">Drawn</main>');
  });

  it('list no name that could break out of the attribute: such a rule is simply inserted again by the app', () => {
    const page = served(['1x2y3z', 'x" onload="alert(1)', 'a b']);
    expect(page.head.querySelector('style[data-emotion]')!.getAttribute('data-emotion')).toBe('css 1x2y3z');
    expect(page.querySelectorAll('[onload]')).toHaveLength(0);
  });

  it('are taken by the app’s emotion cache as inserted, and only those', () => {
    document.head.appendChild(document.importNode(served(['1x2y3z', '9a8b7c-label']).head.querySelector('style[data-emotion]')!, true));
    // MUI's styles go through emotion's default cache, created once the page is parsed; it inserts a style only when `inserted` lacks its name.
    const cache = createCache({ key: 'css' });
    expect(cache.inserted['1x2y3z']).toBe(true);
    expect(cache.inserted['9a8b7c-label']).toBe(true);
    expect(cache.inserted['4d5e6f']).toBeUndefined();
  });
});
