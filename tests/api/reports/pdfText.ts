import { inflateSync } from 'node:zlib';

/** WinAnsi codes 0x80–0x9f that are not Latin-1 (a standard font's strings are WinAnsi). */
const WIN_ANSI: Record<number, string> = {
  0x80: '€', 0x82: '‚', 0x83: 'ƒ', 0x84: '„', 0x85: '…', 0x86: '†', 0x87: '‡', 0x88: 'ˆ', 0x89: '‰', 0x8a: 'Š', 0x8b: '‹', 0x8c: 'Œ', 0x8e: 'Ž',
  0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x95: '•', 0x96: '–', 0x97: '—', 0x98: '˜', 0x99: '™', 0x9a: 'š', 0x9b: '›', 0x9c: 'œ', 0x9e: 'ž', 0x9f: 'Ÿ',
};

const decodeWinAnsi = (bytes: number[]) => bytes.map((b) => WIN_ANSI[b] ?? String.fromCharCode(b)).join('');

function stringBytes(token: string): number[] {
  if (token.startsWith('<')) return (token.slice(1, -1).replace(/\s+/g, '').match(/../g) ?? []).map((hex) => parseInt(hex, 16));
  // A literal string: ( … ) with backslash escapes.
  const body = token.slice(1, -1).replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, escaped: string) => {
    const named: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return named[escaped] ?? String.fromCharCode(parseInt(escaped, 8));
  });
  return [...body].map((char) => char.charCodeAt(0));
}

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

/** Every `n 0 obj … endobj` of the file, its stream inflated when it is FlateDecode. */
function pdfObjects(pdf: Buffer): Map<string, PdfObject> {
  const raw = pdf.toString('latin1');
  const objects = new Map<string, PdfObject>();
  for (const match of raw.matchAll(/(\d+) 0 obj\s*/g)) {
    const start = (match.index as number) + match[0].length;
    const end = raw.indexOf('endobj', start);
    const body = raw.slice(start, end);
    const streamAt = body.search(/\bstream\r?\n/);
    if (streamAt < 0) {
      objects.set(match[1]!, { dict: body, stream: null });
      continue;
    }
    const dataStart = start + streamAt + (body.slice(streamAt).match(/^stream\r?\n/)![0].length);
    const data = pdf.subarray(dataStart, raw.indexOf('endstream', dataStart));
    const dict = body.slice(0, streamAt);
    let stream: Buffer | null;
    try {
      stream = dict.includes('/FlateDecode') ? inflateSync(data) : data;
    } catch {
      stream = null;
    }
    objects.set(match[1]!, { dict, stream });
  }
  return objects;
}

const utf16 = (hex: string) => String.fromCharCode(...(hex.match(/..../g) ?? []).map((unit) => parseInt(unit, 16)));

/** A ToUnicode CMap: code (hex, as in the content) → text. Both bfchar and bfrange (incremental or array) forms. */
function toUnicodeMap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  for (const block of cmap.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
    for (const [, code, text] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]*)>/g)) map.set(parseInt(code!, 16), utf16(text!));
  }
  for (const block of cmap.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
    for (const [, from, to, target] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F\s]*>|\[[^\]]*\])/g)) {
      const first = parseInt(from!, 16);
      const last = parseInt(to!, 16);
      if (target!.startsWith('[')) {
        // An entry may hold several code units apart (a ligature: <0066 0069> is "fi").
        const texts = [...target!.matchAll(/<([0-9a-fA-F\s]*)>/g)].map((m) => utf16(m[1]!.replace(/\s+/g, '')));
        texts.forEach((text, i) => map.set(first + i, text));
      } else {
        const base = utf16(target!.slice(1, -1));
        for (let code = first; code <= last; code++) map.set(code, base.slice(0, -1) + String.fromCharCode(base.charCodeAt(base.length - 1) + code - first));
      }
    }
  }
  return map;
}

/** Resource name (F1, F2 …) → the text of each two-byte code, for fonts that carry a ToUnicode CMap (embedded fonts). */
function embeddedFontMaps(objects: Map<string, PdfObject>): Map<string, Map<number, string>> {
  const byObject = new Map<string, Map<number, string>>();
  for (const [id, object] of objects) {
    const toUnicode = /\/Type\s*\/Font\b[^]*\/ToUnicode\s+(\d+) 0 R/.exec(object.dict);
    const cmap = toUnicode ? objects.get(toUnicode[1]!)?.stream : null;
    if (cmap) byObject.set(id, toUnicodeMap(cmap.toString('latin1')));
  }
  const byName = new Map<string, Map<number, string>>();
  for (const object of objects.values()) {
    const fonts = /\/Font\s*<<([^>]*)>>/.exec(object.dict);
    for (const [, name, id] of fonts ? fonts[1]!.matchAll(/\/(\S+?)\s+(\d+) 0 R/g) : []) {
      const map = byObject.get(id!);
      if (map) byName.set(name!, map);
    }
  }
  return byName;
}

/**
 * The text a PDF shows, one entry per text object (BT … ET: one line of one cell, as the renderer
 * draws them), read from its content streams. Enough for the renderer's own files: hex or literal
 * strings in Tj / TJ, in a standard font (WinAnsi) or an embedded one (two-byte codes read through
 * the font's ToUnicode CMap, as a PDF viewer copies text).
 */
export function pdfTexts(pdf: Buffer): string[] {
  const objects = pdfObjects(pdf);
  const fonts = embeddedFontMaps(objects);
  const texts: string[] = [];
  for (const object of objects.values()) {
    if (!object.stream || /\/(Type|Subtype|Length1)\b/.test(object.dict) || !/\bBT\b/.test(object.stream.toString('latin1'))) continue;
    const content = object.stream.toString('latin1');
    // The font is graphics state: it holds from its Tf across text objects.
    let font: Map<number, string> | undefined;
    for (const block of content.matchAll(/\bBT\b([^]*?)\bET\b/g)) {
      let text = '';
      for (const token of block[1]!.matchAll(/\/(\S+)\s+[\d.]+\s+Tf|<[0-9a-fA-F\s]*>|\((?:\\.|[^\\)])*\)/g)) {
        if (token[1] !== undefined) {
          font = fonts.get(token[1]);
          continue;
        }
        const bytes = stringBytes(token[0]);
        if (!font) text += decodeWinAnsi(bytes);
        else for (let i = 0; i + 1 < bytes.length; i += 2) text += font.get((bytes[i]! << 8) | bytes[i + 1]!) ?? '\uFFFD';
      }
      if (text) texts.push(text);
    }
  }
  return texts;
}

/** The JPEG pictures a PDF embeds (DCTDecode image XObjects), their bytes as stored, in file order. */
export function pdfJpegImages(pdf: Buffer): { width: number; height: number; data: Buffer }[] {
  const images: { width: number; height: number; data: Buffer }[] = [];
  for (const object of pdfObjects(pdf).values()) {
    if (!/\/Subtype\s*\/Image\b/.test(object.dict) || !/\/DCTDecode\b/.test(object.dict) || !object.stream) continue;
    const size = (key: string) => Number(new RegExp(`/${key}\\s+(\\d+)`).exec(object.dict)?.[1]);
    images.push({ width: size('Width'), height: size('Height'), data: object.stream });
  }
  return images;
}
