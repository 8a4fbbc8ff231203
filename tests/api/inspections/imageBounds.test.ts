import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { expectError, ok, type Doc } from '../administration/adminApi';
import { jpegDeclaring, pngDeclaring, pngOf, webpDeclaring } from '../helpers/imageBytes';
import { createFixture, submit, type Fixture } from './inspectionFixture';
import { fixtureJpeg, multipart, thermographyApi } from '../thermography/thermographyApi';
import { files } from '../../../server/db/schema';
import { newId } from '../../../server/db/ids';

/**
 * Issue 39 §3: a 0.4 MB PNG of 20,000 × 20,000 pixels was taken as an inspection photo, and a
 * 62-pixel thumbnail of it cost a browser a gigabyte. Uploads are bounded by the pixel count their
 * header declares (docs/decisions.md: 50 megapixels), and small renders get a thumbnail the server
 * made (docs/inspections.md: at most 256 px on its longest side).
 */
const MAX_PIXELS = 50_000_000;
const THUMBNAIL_SIDE = 256;
const MB = 1_048_576;

let t: TestApp;
let fx: Fixture;
let thermography: ReturnType<typeof thermographyApi>;
beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false, uploadQuotaBytesPerHour: 100 * MB });
  fx = await createFixture(t);
  thermography = thermographyApi(t);
});
afterAll(() => t?.close());

const uploadPhoto = (content: Buffer, as = 'technician', filename = 'photo.png') => {
  const form = multipart(content, filename, 'file', 'image/png');
  return t.request({ as, method: 'POST', url: '/api/file', payload: form.payload, headers: form.headers });
};
const storedFileCount = async () => (await t.app.services.db.select({ _id: files._id }).from(files)).length;

describe('the pixel bound of uploaded images', () => {
  it('refuses a small PNG whose header declares 20,000 × 20,000 pixels with 413 naming file, from its header alone', async () => {
    const bomb = pngDeclaring(20_000, 20_000);
    expect(bomb.length).toBeLessThan(100);
    const before = await storedFileCount();
    const answer = expectError(await uploadPhoto(bomb), 413, 'file');
    // The size in the message is the header's: nothing was decoded (the 50 bytes hold no pixel).
    expect(answer.message).toMatch(/20000 × 20000/);
    expect(await storedFileCount()).toBe(before);
  });

  it('reads the bound from JPEG and WebP headers too', async () => {
    expectError(await uploadPhoto(jpegDeclaring(20_000, 20_000), 'technician', 'photo.jpg'), 413, 'file');
    expectError(await uploadPhoto(webpDeclaring(10_000, 10_000), 'technician', 'photo.webp'), 413, 'file');
  });

  it('takes exactly the bound and refuses one row more', async () => {
    ok(await uploadPhoto(pngDeclaring(10_000, MAX_PIXELS / 10_000)));
    expectError(await uploadPhoto(pngDeclaring(10_000, MAX_PIXELS / 10_000 + 1)), 413, 'file');
  });

  it('takes a normal photo, and refuses an image whose header cannot be read (400 naming file)', async () => {
    expect(ok(await uploadPhoto(pngOf(640, 480)))).toMatchObject({ contentType: 'image/png' });
    const signatureOnly = Buffer.concat([pngOf(1, 1).subarray(0, 8), Buffer.alloc(2000, 1)]);
    expectError(await uploadPhoto(signatureOnly), 400, 'file');
  });

  it('bounds the thermal image, and the edited real image of a note', async () => {
    const [id] = await thermography.notes([{ imageNumber: '1' }]);
    expectError(await thermography.upload(id!, jpegDeclaring(20_000, 20_000), { extract: false }), 413, 'thermalImage');
    const uploaded = ok<Doc>(await thermography.upload(id!, fixtureJpeg('flir-ax8'), { extract: true }));
    const bomb = `data:image/png;base64,${pngDeclaring(20_000, 20_000).toString('base64')}`;
    expectError(await thermography.realImage(id!, { filepath: uploaded.realImage, dataURL: bomb }), 413, 'dataURL');
    expect(ok<Doc>(await thermography.get(id!)).realImage).toBe(uploaded.realImage);
  });
});

const thumbnail = (id: string, as?: string) => t.request({ ...(as ? { as } : {}), method: 'GET', url: `/api/file/${id}/thumbnail` });

async function sizeOf(bytes: Buffer) {
  const { width, height, format } = await sharp(bytes).metadata();
  return { width, height, format };
}

describe('GET /file/{id}/thumbnail', () => {
  it('answers a picture at most 256 px on its longest side, keeping its proportions', async () => {
    const photo = ok(await uploadPhoto(pngOf(1200, 800)));
    const answer = await thumbnail(photo._id, 'technician');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(await sizeOf(answer.rawPayload)).toEqual({ width: THUMBNAIL_SIDE, height: Math.round((800 * THUMBNAIL_SIDE) / 1200), format: 'webp' });
    expect(answer.rawPayload.length).toBeLessThan(photo.size);
  });

  it('does not enlarge a picture smaller than that', async () => {
    const photo = ok(await uploadPhoto(pngOf(40, 30)));
    expect(await sizeOf((await thumbnail(photo._id, 'technician')).rawPayload)).toMatchObject({ width: 40, height: 30 });
  });

  it('follows the rule of the file itself: its uploader, then readers of its inspection, nobody else', async () => {
    const photo = ok(await uploadPhoto(pngOf(300, 300)));
    expect((await thumbnail(photo._id, 'technician')).statusCode).toBe(200);
    expectError(await thumbnail(photo._id, 'engineer'), 403);
    ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.image!._id]: photo._id } }));
    expect((await thumbnail(photo._id, 'engineer')).statusCode).toBe(200);
    expectError(await thumbnail(photo._id, 'onsite'), 403);
    expect((await thumbnail(photo._id)).statusCode).toBe(401);
    expectError(await thumbnail('000000000000000000000000', 'technician'), 404);
  });

  it('refuses a stored file past the pixel bound (413) or that is no image (400), naming file', async () => {
    const user = await t.app.services.users.findByUsername('technician');
    const store = async (data: Buffer) => {
      const row = { _id: newId(), name: 'old.png', contentType: 'image/png', size: data.length, data: new Uint8Array(data), uploadedBy: user!._id, createdAt: Date.now() };
      await t.app.services.db.insert(files).values(row);
      return row._id;
    };
    // As a file stored before uploads were bounded would be.
    expectError(await thumbnail(await store(pngDeclaring(20_000, 20_000)), 'technician'), 413, 'file');
    expectError(await thumbnail(await store(Buffer.from('not a picture')), 'technician'), 400, 'file');
  });
});
