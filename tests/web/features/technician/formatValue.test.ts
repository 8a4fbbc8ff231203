import { describe, expect, it } from 'vitest';
import type { TranslateFunction } from 'react-admin';
import { formatValue } from '../../../../src/features/technician/inspect/formatValue';

const translate = ((key: string) => key) as TranslateFunction;
const html = { type: 'html' } as const;

describe("a previous html value as the inspect form's one line of text", () => {
  it('keeps the words of separate blocks apart', () => {
    expect(formatValue(html, '<p>Session expired</p><p>Stored note</p>', translate)).toBe('Session expired Stored note');
    expect(formatValue(html, '<ul><li>Isolate</li><li>Lock out</li></ul>Tag<br>it', translate)).toBe('Isolate Lock out Tag it');
  });

  it('shows characters, not their entities', () => {
    expect(formatValue(html, '<p>Pump &amp; motor &lt; 80 °C</p>', translate)).toBe('Pump & motor < 80 °C');
  });

  it('keeps only text: no script, no image, no link target', () => {
    const text = formatValue(html, '<img src="http://evil.example/b.gif" onerror="alert(1)"><script>alert(2)</script><a href="http://evil.example">Sign in</a> again', translate);
    expect(text).toBe('Sign in again');
  });
});
