import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { pngOfSize, jpegOfSize } from '../helpers/imageBytes';
import { PLAIN_JPEG, multipart } from '../thermography/thermographyApi';

/**
 * Issue 39 §2: a file one byte over an upload limit was stored cut to the limit when the body
 * arrived in 65,536-byte pieces (a truncation flagged after the last chunk was read). Both upload
 * routes, over a real socket, in those pieces.
 */
const MB = 1_048_576;
/** docs/inspections.md: an inspection photo of up to 5 MB. */
const PHOTO_LIMIT = 5 * MB;
/** Spec §9: a thermal image of at most 1,048,576 bytes, and the message of spec §5 past it. */
const THERMAL_LIMIT = 1_048_576;
const THERMAL_TOO_LARGE = 'File is too large, allowed limit is only upto 1MB';
const PIECE_BYTES = 65_536;

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false, uploadQuotaBytesPerHour: 200 * MB });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

interface Answer {
  status: number;
  body: { response?: string; message?: string; errors?: Record<string, string>; _id?: string; size?: number; thermalImage?: string };
}

/** A multipart body in the pieces a client writes it: the part's head, its content, the closing boundary. */
interface Form {
  head: Buffer;
  content: Buffer;
  tail: Buffer;
  boundary: string;
}

function formOf(content: Buffer, field: string, filename: string, type: string): Form {
  const boundary = '----facilityops' + Math.random().toString(16).slice(2);
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`);
  return { head, content, tail: Buffer.from(`\r\n--${boundary}--\r\n`), boundary };
}

/** The head on its own, then the content in pieces of `pieceBytes` (as a browser streams a file), then the tail. */
function piecesOf(form: Form, pieceBytes: number): Buffer[] {
  const content: Buffer[] = [];
  for (let at = 0; at < form.content.length; at += pieceBytes) content.push(form.content.subarray(at, at + pieceBytes));
  return [form.head, ...content, form.tail];
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 2));

/**
 * POSTs the pieces over a socket, each flushed and given a moment before the next, so the server
 * reads the body in those pieces. A refusal may come (and the socket close) before the last piece
 * is written: the answer is what counts.
 */
async function postInPieces(path: string, as: string, form: Form, pieceBytes = PIECE_BYTES): Promise<Answer> {
  const token = await t.login(as);
  const pieces = piecesOf(form, pieceBytes);
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  const headers = { 'content-type': `multipart/form-data; boundary=${form.boundary}`, 'content-length': String(length), 'x-auth': token };
  return new Promise<Answer>((resolve, reject) => {
    let answered = false;
    const request = httpRequest({ host: '127.0.0.1', port, path, method: 'POST', headers }, (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'] }));
      response.on('error', reject);
    });
    request.on('error', (error) => {
      if (!answered) reject(error);
    });
    void (async () => {
      for (const piece of pieces) {
        if (answered || request.destroyed) return;
        await new Promise<void>((flushed) => request.write(piece, () => flushed()));
        await pause();
      }
      request.end();
    })();
  });
}

const photoForm = (content: Buffer) => formOf(content, 'file', 'photo.png', 'image/png');
const thermalForm = (content: Buffer) => formOf(content, 'thermalImage', 'IR_0001.jpg', 'image/jpeg');

async function newNoteId(): Promise<string> {
  const created = await t.request({ as: 'thermo.tech', method: 'POST', url: '/api/thermographyNote', payload: { assetIdentification: 'PNL-002', notes: [{ imageNumber: '1' }] } });
  expect(created.statusCode, created.body).toBe(200);
  return (created.json() as { notes: string[] }).notes[0]!;
}

describe('POST /file in 65,536-byte pieces', () => {
  it('stores a photo of exactly 5 MB whole', async () => {
    const photo = pngOfSize(PHOTO_LIMIT);
    const answer = await postInPieces('/api/file', 'technician', photoForm(photo));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.size).toBe(PHOTO_LIMIT);
    const stored = await t.request({ as: 'technician', method: 'GET', url: `/api/file/${answer.body._id}` });
    expect(stored.rawPayload.equals(photo)).toBe(true);
  });

  it('refuses one byte more with 413 naming file, however the pieces fall', async () => {
    const photo = pngOfSize(PHOTO_LIMIT + 1);
    for (const pieceBytes of [PIECE_BYTES, PIECE_BYTES - 1, PIECE_BYTES + 1]) {
      const answer = await postInPieces('/api/file', 'technician', photoForm(photo), pieceBytes);
      expect(answer.status, `pieces of ${pieceBytes}: ${JSON.stringify(answer.body)}`).toBe(413);
      expect(answer.body).toMatchObject({ response: 'error', errors: { file: expect.any(String) } });
    }
  });

  it('refuses one byte more with 413 when the body comes in one piece too', async () => {
    const form = multipart(pngOfSize(PHOTO_LIMIT + 1), 'photo.png', 'file', 'image/png');
    for (let attempt = 0; attempt < 4; attempt++) {
      const answer = await t.request({ as: 'technician', method: 'POST', url: '/api/file', payload: form.payload, headers: form.headers });
      expect(answer.statusCode).toBe(413);
      expect(answer.json().errors).toEqual({ file: expect.any(String) });
    }
  });
});

describe('POST /thermographyNote/{id}/thermalImage in 65,536-byte pieces', () => {
  it('stores a thermal image of exactly 1,048,576 bytes whole', async () => {
    const id = await newNoteId();
    const jpeg = jpegOfSize(THERMAL_LIMIT, PLAIN_JPEG);
    const answer = await postInPieces(`/api/thermographyNote/${id}/thermalImage`, 'thermo.engineer', thermalForm(jpeg));
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const stored = await t.request({ as: 'thermo.engineer', method: 'GET', url: answer.body.thermalImage! });
    expect(stored.rawPayload.equals(jpeg)).toBe(true);
  });

  it('refuses one byte more with 413 and the spec message, however the pieces fall; the note keeps no image', async () => {
    const id = await newNoteId();
    const form = thermalForm(jpegOfSize(THERMAL_LIMIT + 1, PLAIN_JPEG));
    for (const pieceBytes of [PIECE_BYTES, PIECE_BYTES - 1, PIECE_BYTES + 1]) {
      const answer = await postInPieces(`/api/thermographyNote/${id}/thermalImage`, 'thermo.engineer', form, pieceBytes);
      expect(answer.status, `pieces of ${pieceBytes}: ${JSON.stringify(answer.body)}`).toBe(413);
      expect(answer.body).toMatchObject({ response: 'error', message: THERMAL_TOO_LARGE, errors: { thermalImage: THERMAL_TOO_LARGE } });
    }
    const note = await t.request({ as: 'thermo.engineer', method: 'GET', url: `/api/thermographyNote/${id}` });
    expect(note.json().thermalImage).toBeNull();
  });
});
