import fc from 'fast-check';
import type { InjectOptions } from 'fastify';

export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  content: Uint8Array;
}

export type FuzzBody =
  | { kind: 'json'; text: string }
  | { kind: 'raw'; contentType: string; text: string }
  | { kind: 'multipart'; parts: MultipartPart[] };

/** One generated request, kept as raw parts so a failure can print exactly what was sent. */
export interface FuzzRequest {
  method: string;
  /** Already percent-encoded. */
  path: string;
  /** In order, repeats allowed (`fields=a&fields=b` reaches the handler as an array). */
  query: [string, string][];
  headers: Record<string, string>;
  body: FuzzBody | null;
  /** Demo username whose token goes in x-auth. */
  as: string;
}

const BOUNDARY = 'fuzz-boundary-7d3f';

/**
 * Percent-encodes every code point outside RFC 3986's unreserved set as UTF-8; a lone surrogate
 * becomes the three bytes a careless client writes for it (ED A0 80 for U+D800), which no UTF-8
 * decoder accepts.
 */
export function percentEncode(text: string): string {
  let out = '';
  for (const char of text) {
    if (/^[A-Za-z0-9\-._~]$/.test(char)) {
      out += char;
      continue;
    }
    const cp = char.codePointAt(0) ?? 0;
    const bytes =
      cp < 0x80 ? [cp]
        : cp < 0x800 ? [0xc0 | (cp >> 6), 0x80 | (cp & 63)]
          : cp < 0x10000 ? [0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)]
            : [0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 63), 0x80 | ((cp >> 6) & 63), 0x80 | (cp & 63)];
    out += bytes.map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

export function urlOf(request: FuzzRequest): string {
  const query = request.query.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join('&');
  return query ? `${request.path}?${query}` : request.path;
}

function multipartPayload(parts: readonly MultipartPart[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let disposition = `Content-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) disposition += `; filename="${part.filename}"`;
    const head = [`--${BOUNDARY}`, disposition, ...(part.contentType ? [`Content-Type: ${part.contentType}`] : []), '', ''].join('\r\n');
    chunks.push(Buffer.from(head, 'utf8'), Buffer.from(part.content), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

export function injectOptions(request: FuzzRequest, token: string | undefined): InjectOptions {
  const headers: Record<string, string> = { ...request.headers };
  if (token) headers['x-auth'] = token;
  let payload: string | Buffer | undefined;
  if (request.body?.kind === 'json') {
    headers['content-type'] = 'application/json';
    payload = request.body.text;
  } else if (request.body?.kind === 'raw') {
    headers['content-type'] = request.body.contentType;
    payload = request.body.text;
  } else if (request.body?.kind === 'multipart') {
    headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
    payload = multipartPayload(request.body.parts);
  }
  return { method: request.method as InjectOptions['method'], url: urlOf(request), headers, payload };
}

/** Long runs of one character (huge strings, deep nesting) shown by count, every other character escaped. */
function readable(text: string): string {
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.replace(/(.)\1{39,}/g, (run, char: string) => `${char}…(${run.length} × ${char})…`);
}

/** The request as an HTTP message, for failure output: enough to replay it by hand. */
export function describeRequest(request: FuzzRequest): string {
  const lines = [`${request.method} ${readable(urlOf(request))}`, `x-auth: <token of ${request.as}>`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`${name}: ${readable(value)}`);
  const body = request.body;
  if (body?.kind === 'json') lines.push('content-type: application/json', '', readable(body.text));
  if (body?.kind === 'raw') lines.push(`content-type: ${body.contentType}`, '', readable(body.text));
  if (body?.kind === 'multipart') {
    lines.push('content-type: multipart/form-data', '');
    for (const part of body.parts) {
      const file = part.filename === undefined ? '' : ` filename="${readable(part.filename)}"`;
      lines.push(`part name="${readable(part.name)}"${file} type=${part.contentType ?? '-'} ${part.content.length} bytes [${Buffer.from(part.content.slice(0, 8)).toString('hex')}…]`);
    }
  }
  return lines.join('\n');
}

/** fast-check prints counterexamples with this, instead of dumping 70,000-character strings. */
export function printable(request: FuzzRequest): FuzzRequest {
  return Object.assign(request, { [fc.toStringMethod]: () => `\n${describeRequest(request)}\n` });
}
