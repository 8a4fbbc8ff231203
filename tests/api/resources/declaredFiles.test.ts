import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminApi, expectError, ok, userHolding, type Doc } from '../administration/adminApi';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { PLAIN_JPEG } from '../thermography/thermographyApi';
import { files } from '../../../server/db/schema';
import { deleteUnusedFiles } from '../../../server/modules/files/fileCleanup';
import { multipartBody, pdfBytes } from '../helpers/uploads';

/*
 * DESIGN §15's file and photo kinds on the product's spare part (common/resources/sparePart.ts:
 * `photo` a picture, `datasheet` a PDF). Expected values come from the declaration's labels and
 * from docs/resources.md "Files and photos", kept by hand: what an upload is for, who may send
 * and read it, and what a record's save and deletion do to its files.
 */

const DAY = 24 * 60 * 60 * 1000;

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let pdf: Buffer;
beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  pdf = await pdfBytes('Impeller 150 mm: data sheet');
});
afterAll(() => t?.close());

/** POST /file as a demo user (`as`) or with a token. */
function upload(content: Buffer, { as = 'admin', token, target, filename = 'upload.bin', type = 'application/octet-stream' }: { as?: string; token?: string; target?: string; filename?: string; type?: string }) {
  const body = multipartBody(content, filename, 'file', type);
  const url = `/api/file${target === undefined ? '' : `?for=${encodeURIComponent(target)}`}`;
  if (token) return t.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, 'x-auth': token } });
  return t.request({ as, method: 'POST', url, payload: body.payload, headers: body.headers });
}

const uploaded = async (content: Buffer, target: string, filename: string, as = 'admin') => ok<Doc>(await upload(content, { as, target, filename }));
const fileRow = async (id: string) => (await t.app.services.db.select({ _id: files._id, ownerType: files.ownerType, ownerId: files.ownerId }).from(files).where(eq(files._id, id)))[0];
const getFile = (id: string, as: string) => t.request({ as, method: 'GET', url: `/api/file/${id}` });
const getFileWith = (id: string, token: string) => t.app.inject({ method: 'GET', url: `/api/file/${id}`, headers: { 'x-auth': token } });

describe('uploads for a declared file or photo field (POST /file?for=<entity>.<field>)', () => {
  it('takes what the field takes, by content: a PDF for the datasheet, a picture for the photo', async () => {
    expect(await uploaded(pdf, 'sparePart.datasheet', 'impeller.pdf')).toMatchObject({ name: 'impeller.pdf', contentType: 'application/pdf', size: pdf.length });
    expect(await uploaded(PLAIN_JPEG, 'sparePart.photo', 'impeller.jpg')).toMatchObject({ name: 'impeller.jpg', contentType: 'image/jpeg', size: PLAIN_JPEG.length });
  });

  it('refuses what the field does not take (415 naming file), whatever the file is called', async () => {
    const pictureAsSheet = expectError(await upload(PLAIN_JPEG, { target: 'sparePart.datasheet', filename: 'sheet.pdf', type: 'application/pdf' }), 415, 'file');
    expect(pictureAsSheet.message).toBe('file must be a PDF document');
    const sheetAsPhoto = expectError(await upload(pdf, { target: 'sparePart.photo', filename: 'photo.jpg', type: 'image/jpeg' }), 415, 'file');
    expect(sheetAsPhoto.message).toBe('file must be a JPEG, PNG or WebP image');
    expectError(await upload(Buffer.from('<html><script>alert(1)</script></html>'), { target: 'sparePart.datasheet', filename: 'x.pdf' }), 415, 'file');
    // Without `for`, an upload is an inspection's image: a PDF is refused there as before.
    expectError(await upload(pdf, { filename: 'x.pdf' }), 415, 'file');
  });

  it('answers 400 naming `for` when it names no file or photo field', async () => {
    for (const target of ['sparePart.name', 'sparePart.nothing', 'nothing.photo', 'sparePart']) {
      expectError(await upload(PLAIN_JPEG, { target, filename: 'x.jpg' }), 400, 'for');
    }
  });

  it('lets whoever may change the resource upload for it, and nobody else', async () => {
    const keeper = await userHolding(t, 'photo.keeper', ['manage-sparepart']);
    ok(await upload(PLAIN_JPEG, { token: keeper, target: 'sparePart.photo', filename: 'k.jpg' }));
    // Their permission is for the stores' files, not for inspections' images.
    expectError(await upload(PLAIN_JPEG, { token: keeper, filename: 'k.jpg' }), 403);
    // A technician may upload inspection images, not a spare part's photo.
    expectError(await upload(PLAIN_JPEG, { as: 'technician', target: 'sparePart.photo', filename: 't.jpg' }), 403);
    ok(await upload(PLAIN_JPEG, { as: 'technician', filename: 't.jpg' }));
  });
});

describe("a record's files", () => {
  it('are claimed by the saved record, described by the server, kept by the cleanup of unused uploads and readable by its readers', async () => {
    const photo = await uploaded(PLAIN_JPEG, 'sparePart.photo', 'seal.jpg');
    const sheet = await uploaded(pdf, 'sparePart.datasheet', 'seal.pdf');
    const stray = await uploaded(PLAIN_JPEG, 'sparePart.photo', 'never-saved.jpg');
    // Whatever the body says of name, type and size, the stored upload's are kept.
    const part = ok<Doc>(await api.post('/sparePart', { partNumber: 'FILE-1', name: 'Seal with files', photo: { _id: photo._id, name: 'evil.html', contentType: 'text/html', size: 1 }, datasheet: { _id: sheet._id } }));
    expect(part.photo).toEqual({ _id: photo._id, name: 'seal.jpg', contentType: 'image/jpeg', size: PLAIN_JPEG.length });
    expect(part.datasheet).toEqual({ _id: sheet._id, name: 'seal.pdf', contentType: 'application/pdf', size: pdf.length });
    expect((await api.read('sparePart', part._id)).photo).toEqual(part.photo);
    expect(await fileRow(photo._id)).toEqual({ _id: photo._id, ownerType: 'sparePart', ownerId: part._id });

    // Two days on, the cleanup takes the upload no record holds and keeps the record's.
    await deleteUnusedFiles(t.app.services.db, Date.now() + 2 * DAY);
    expect(await fileRow(stray._id)).toBeUndefined();
    expect(await fileRow(photo._id)).toBeDefined();
    expect(await fileRow(sheet._id)).toBeDefined();

    // Whoever may read spare parts reads the files; another user does not.
    const reader = await userHolding(t, 'parts.reader', ['manage-sparepart']);
    expect((await getFileWith(photo._id, reader)).statusCode).toBe(200);
    expect((await getFile(photo._id, 'technician')).statusCode).toBe(403);
  });

  it("sorts a list by the file's name, ignoring case, parts without one last", async () => {
    // Six names: ids are random, so a list sorted by anything but the name would pass by chance once in 720.
    const sheets: [string, string | null][] = [['SORT-1', 'e-pump.pdf'], ['SORT-2', 'A-valve.pdf'], ['SORT-3', null], ['SORT-4', 'c-seal.pdf'], ['SORT-5', 'B-fan.pdf'], ['SORT-6', 'd-belt.pdf']];
    for (const [partNumber, sheetName] of sheets) {
      const datasheet = sheetName === null ? null : { _id: (await uploaded(pdf, 'sparePart.datasheet', sheetName))._id };
      ok(await api.post('/sparePart', { partNumber, name: `Sorted ${partNumber}`, datasheet }));
    }
    const sorted = await api.list('sparePart', { sort: ['datasheet', 'ASC'], filter: { q: 'SORT-' } });
    expect(sorted.map((part) => part.datasheet?.name ?? null)).toEqual(['A-valve.pdf', 'B-fan.pdf', 'c-seal.pdf', 'd-belt.pdf', 'e-pump.pdf', null]);
  });

  it('serves a picture inline and a document as an attachment under its name, never as a page', async () => {
    const photo = await uploaded(PLAIN_JPEG, 'sparePart.photo', 'pump.jpg');
    const sheet = await uploaded(pdf, 'sparePart.datasheet', 'Pumpe Übersicht.pdf');
    const picture = await getFile(photo._id, 'admin');
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(picture.headers['content-disposition']).toBe('inline');
    const document = await getFile(sheet._id, 'admin');
    expect(document.headers['content-type']).toBe('application/pdf');
    expect(document.headers['content-disposition']).toBe(`attachment; filename="Pumpe _bersicht.pdf"; filename*=UTF-8''Pumpe%20%C3%9Cbersicht.pdf`);
    expect(document.headers['content-security-policy']).toBe('sandbox');
    expect(document.rawPayload.equals(pdf)).toBe(true);
    // No thumbnail of a document.
    expect((await t.request({ as: 'admin', method: 'GET', url: `/api/file/${sheet._id}/thumbnail` })).statusCode).toBe(415);
  });

  it("refuses, naming the field, an id that is no upload, another user's upload and a file of the wrong kind, and stores nothing", async () => {
    const techniciansImage = ok<Doc>(await upload(PLAIN_JPEG, { as: 'technician', filename: 'theirs.jpg' }));
    const sheet = await uploaded(pdf, 'sparePart.datasheet', 'wrong.pdf');
    const cases: [Record<string, unknown>, string, string][] = [
      [{ photo: { _id: 'no-such-file' } }, 'photo', 'Photo: no uploaded file no-such-file that you may use'],
      [{ photo: { _id: techniciansImage._id } }, 'photo', `Photo: no uploaded file ${techniciansImage._id} that you may use`],
      [{ photo: { _id: sheet._id } }, 'photo', 'Photo must be a JPEG, PNG or WebP image'],
      [{ photo: 'not-an-object' }, 'photo', 'Photo must name an uploaded file'],
      [{ photo: {} }, 'photo', 'Photo must name an uploaded file'],
    ];
    for (const [body, field, message] of cases) {
      const refused = expectError(await api.post('/sparePart', { partNumber: 'FILE-BAD', name: 'Refused', ...body }), 400, field);
      expect(refused.errors?.[field], JSON.stringify(body)).toBe(message);
    }
    expect((await api.list('sparePart')).filter((part) => part.partNumber === 'FILE-BAD')).toEqual([]);
    expect(await fileRow(techniciansImage._id)).toMatchObject({ ownerType: null });
  });

  it('are replaced and removed with the record: the file it no longer holds is deleted', async () => {
    const first = await uploaded(PLAIN_JPEG, 'sparePart.photo', 'first.jpg');
    const part = ok<Doc>(await api.post('/sparePart', { partNumber: 'FILE-2', name: 'Replaced photo', photo: { _id: first._id } }));
    // Sent back whole, unchanged: the same file stays.
    ok(await api.put(`/sparePart/${part._id}`, { ...part, quantityOnHand: 3 }));
    expect(await fileRow(first._id)).toBeDefined();
    const second = await uploaded(PLAIN_JPEG, 'sparePart.photo', 'second.jpg');
    expect(ok<Doc>(await api.put(`/sparePart/${part._id}`, { photo: { _id: second._id } })).photo).toMatchObject({ _id: second._id, name: 'second.jpg' });
    expect(await fileRow(first._id)).toBeUndefined();
    expect(ok<Doc>(await api.put(`/sparePart/${part._id}`, { photo: null })).photo).toBeNull();
    expect(await fileRow(second._id)).toBeUndefined();
  });

  it("are copied for a copy of the record, so deleting one record leaves the other's file", async () => {
    const photo = await uploaded(PLAIN_JPEG, 'sparePart.photo', 'original.jpg');
    const original = ok<Doc>(await api.post('/sparePart', { partNumber: 'FILE-3', name: 'Original', photo: { _id: photo._id } }));
    // The engineer may read the original's photo: their copy gets a file of its own.
    const copy = ok<Doc>(await api.post('/sparePart', { partNumber: 'FILE-3-COPY', name: 'Copy', photo: original.photo }, 'engineer'));
    expect(copy.photo._id).not.toBe(photo._id);
    expect(copy.photo).toMatchObject({ name: 'original.jpg', contentType: 'image/jpeg', size: PLAIN_JPEG.length });
    ok(await api.del(`/sparePart/${original._id}`));
    expect(await fileRow(photo._id)).toBeUndefined();
    const kept = await getFile(copy.photo._id, 'engineer');
    expect(kept.statusCode).toBe(200);
    expect(kept.rawPayload.equals(PLAIN_JPEG)).toBe(true);
  });
});
