import { inflateSync } from 'node:zlib';

/** WinAnsi codes 0x80–0x9f that are not Latin-1 (the PDF renderer's standard fonts use WinAnsi). */
const WIN_ANSI: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š', 0x8b: '‹', 0x8c: 'Œ', 0x8e: 'Ž',
  0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

const decode = (bytes: number[]) => bytes.map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

function stringBytes(token: string): number[] {
  if (token.startsWith('<')) return (token.slice(1, -1).match(/../g) ?? []).map((hex) => parseInt(hex, 16));
  // A literal string: ( … ) with backslash escapes.
  const body = token.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escaped: string) => {
    const named: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return named[escaped] ?? String.fromCharCode(parseInt(escaped, 8));
  });
  return [...body].map((char) => char.charCodeAt(0));
}

/**
 * The text a PDF shows, one entry per text object (BT … ET: one line of one cell, as the renderer
 * draws them), read from its content streams. Enough for the renderer's own files: standard fonts,
 * hex or literal strings in Tj / TJ.
 */
export function pdfTexts(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/<<([^]*?)>>\s*stream\r?\n/g)) {
    const start = (match.index as number) + match[0].length;
    const end = raw.indexOf('endstream', start);
    const data = pdf.subarray(start, end);
    let content: string;
    try {
      content = (match[1]!.includes('/FlateDecode') ? inflateSync(data) : data).toString('latin1');
    } catch {
      continue;
    }
    for (const block of content.matchAll(/\bBT\b([^]*?)\bET\b/g)) {
      const strings = block[1]!.match(/<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g) ?? [];
      const text = decode(strings.flatMap(stringBytes));
      if (text) texts.push(text);
    }
  }
  return texts;
}
