import { describe, expect, it } from 'vitest';
import { serverHtmlEngine } from '../../../../common/storedHtml/serverHtmlEngine';
import { htmlAsText } from '../../../../common/storedHtml/htmlAsText';

/*
 * Stored HTML read as one line of text (table cells, search, exports, the technician's one-line
 * views), the same in the page (DOMParser) and in a screen drawn on the server (htmlparser2).
 */
const readers: [string, (html: string) => string][] = [
  ['in the page', htmlAsText],
  ['in a screen drawn on the server', (html) => serverHtmlEngine().asText(html)],
];

describe.each(readers)('stored HTML as text, %s', (_where, asText) => {
  it('keeps blocks apart and reads entities as their characters', () => {
    expect(asText('<p>Belt</p><p>A &amp; B</p>')).toBe('Belt A & B');
    expect(asText('Line one<br>line&nbsp;two<ul><li>a</li><li>b</li></ul>')).toBe('Line one line two a b');
  });

  it('joins inline parts without a space and folds whitespace', () => {
    expect(asText('  Pump <b>A</b><i>-1</i>\n\n  ok  ')).toBe('Pump A-1 ok');
  });

  it('reads no script, style, template or comment', () => {
    expect(asText('<script>alert(1)</script><style>p{}</style><template>t</template><!-- note -->Valve')).toBe('Valve');
  });

  it('gives nothing for nothing', () => {
    expect(asText('')).toBe('');
  });
});
