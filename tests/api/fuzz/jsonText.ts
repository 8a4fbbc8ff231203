/**
 * JSON text exactly as a hostile client may write it. JSON.stringify cannot express everything a
 * parser accepts — numbers beyond double range (`1e400` parses to Infinity), integers past 2^53,
 * nesting thousands deep — so those travel as RawJson and are written verbatim.
 */
export class RawJson {
  constructor(readonly text: string) {}
}

/** Writes a generated value; own `__proto__` keys (made with Object.fromEntries) are kept. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`;
  }
  // undefined has no JSON form; a client would send null.
  return JSON.stringify(value) ?? 'null';
}

/** The value the server sees after parsing the text (Infinity for 1e400 and so on). */
export function asParsed(value: unknown): unknown {
  return JSON.parse(jsonText(value));
}
