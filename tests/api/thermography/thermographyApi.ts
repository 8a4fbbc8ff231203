import { readFileSync } from 'node:fs';
import type { Response as InjectResponse } from 'light-my-request';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../helpers/testApp';
import { ok, type Doc } from '../administration/adminApi';
import { alerts, files, inspections, thermographyNotes } from '../../../server/db/schema';
import { jpegOfSize as paddedJpeg } from '../helpers/imageBytes';
import { multipartBody } from '../helpers/uploads';

/** The five real FLIR JPEGs the demo seed reads (server/seed/thermography, copied unmodified from the fixture set). */
export type FlirFixture = 'flir-one' | 'flir-ax8' | 'flir-t420' | 'flir-i7' | 'dji-zenmuse-xtr';
export const fixtureJpeg = (name: FlirFixture): Buffer => readFileSync(new URL(`../../../server/seed/thermography/${name}.jpg`, import.meta.url));
/** The fixture set's two negative cases (tests/fixtures/flir): a JPEG without FLIR data, and a PNG. */
export const negativeFixture = (file: 'plain-non-flir.jpg' | 'not-a-jpeg.png'): Buffer => readFileSync(new URL(`../../fixtures/flir/${file}`, import.meta.url));

/** An 8×8 JPEG as Chromium's canvas writes it (toDataURL('image/jpeg')): a real picture without FLIR data. */
export const PLAIN_JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/4gHYSUNDX1BST0ZJTEUAAQEAAAHIAAAAAAQwAABtbnRyUkdCIFhZWiAH4AABAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAA' +
  'AAAAAAAAAAAAAAAAAAAAAQAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAlkZXNjAAAA8AAA' +
  'ACRyWFlaAAABFAAAABRnWFlaAAABKAAAABRiWFlaAAABPAAAABR3dHB0AAABUAAAABRyVFJDAAABZAAAAChnVFJDAAABZAAAAChiVFJDAAABZAAAAChjcHJ0' +
  'AAABjAAAADxtbHVjAAAAAAAAAAEAAAAMZW5VUwAAAAgAAAAcAHMAUgBHAEJYWVogAAAAAAAAb6IAADj1AAADkFhZWiAAAAAAAABimQAAt4UAABjaWFlaIAAA' +
  'AAAAACSgAAAPhAAAts9YWVogAAAAAAAA9tYAAQAAAADTLXBhcmEAAAAAAAQAAAACZmYAAPKnAAANWQAAE9AAAApbAAAAAAAAAABtbHVjAAAAAAAAAAEAAAAM' +
  'ZW5VUwAAACAAAAAcAEcAbwBvAGcAbABlACAASQBuAGMALgAgADIAMAAxADb/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERX' +
  'RTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2Nj' +
  'Y2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAL/xAAXEAEAAwAAAAAAAAAAAAAAAAAAEyJi/8QAFQEBAQAAAAAAAAAAAAAAAAAA' +
  'AQL/xAAYEQADAQEAAAAAAAAAAAAAAAAAARECIf/aAAwDAQACEQMRAD8Ai8uAAlCtas4f/9k=',
  'base64',
);

/** PLAIN_JPEG grown to `size` bytes (comment segments): a real picture, as uploads are read down to their header's size. */
export const jpegOfSize = (size: number) => paddedJpeg(size, PLAIN_JPEG);

/** A 1×1 PNG, the smallest picture the image editor could send. */
export const TINY_PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082',
  'hex',
);

export const multipart = (content: Buffer, filename = 'IR_0001.jpg', field = 'thermalImage', type = 'image/jpeg') => multipartBody(content, filename, field, type);

export interface NoteInput {
  imageNumber?: unknown;
  identification?: unknown;
  note?: unknown;
  ambientTemperature?: unknown;
  breakerAttributes?: unknown;
}

/** The calls of DESIGN §8 as a demo user. */
export function thermographyApi(t: TestApp) {
  const call = (as: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) =>
    t.request({ as, method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const api = {
    create: (notes: NoteInput[], assetIdentification = 'PNL-002', as = 'thermo.tech') => call(as, 'POST', '/thermographyNote', { assetIdentification, notes }),
    get: (id: string, as = 'thermo.engineer') => call(as, 'GET', `/thermographyNote/${id}`),
    put: (id: string, body: unknown, as = 'thermo.engineer') => call(as, 'PUT', `/thermographyNote/${id}`, body),
    status: (id: string, status: unknown, as = 'thermo.engineer') => call(as, 'PUT', `/thermographyNote/${id}/status`, { status }),
    upload(id: string, content: Buffer, options: { extract?: boolean | string; as?: string; filename?: string; field?: string } = {}): Promise<InjectResponse> {
      const body = multipart(content, options.filename, options.field);
      const query = options.extract === undefined ? '' : `?extractMoreInfo=${options.extract}`;
      return t.request({ as: options.as ?? 'thermo.engineer', method: 'POST', url: `/api/thermographyNote/${id}/thermalImage${query}`, payload: body.payload, headers: body.headers });
    },
    realImage: (id: string, body: unknown, as = 'thermo.engineer') => call(as, 'PUT', `/thermographyNote/${id}/realImage`, body),
    /** Creates notes as the thermography technician; answers their ids. */
    async notes(notes: NoteInput[], assetIdentification = 'PNL-002'): Promise<string[]> {
      return ok<{ notes: string[] }>(await api.create(notes, assetIdentification)).notes;
    },
    /** One new note with a severity, a thermal image read from the fixture and (if it has one) its real image. */
    async completeNote(fixture: FlirFixture = 'flir-one', severityLevel = 'B', ambientTemperature = 25): Promise<Doc> {
      const [id] = await api.notes([{ imageNumber: '1', identification: 'Feeder Q1', note: 'Warm', ambientTemperature }]);
      ok(await api.upload(id!, fixtureJpeg(fixture), { extract: true }));
      return ok<Doc>(await api.put(id!, { severityLevel }));
    },
  };
  return api;
}

/** What the database holds of thermography, to show a refused call changed nothing. */
export async function thermographyState(t: TestApp) {
  const { db } = t.app.services;
  const [noteRows, inspectionRows, fileRows, alertRows] = await Promise.all([
    db.select().from(thermographyNotes),
    db.select({ _id: inspections._id }).from(inspections).where(eq(inspections.type, 'ThermographyInspection')),
    db.select({ _id: files._id }).from(files),
    db.select({ _id: alerts._id }).from(alerts),
  ]);
  return { notes: noteRows, inspections: inspectionRows.length, files: fileRows.length, alerts: alertRows.length };
}
