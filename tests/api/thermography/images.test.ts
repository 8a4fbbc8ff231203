import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { expectError, ok, type Doc } from '../administration/adminApi';
import { PLAIN_JPEG, TINY_PNG, fixtureJpeg, jpegOfSize, negativeFixture, thermographyApi, thermographyState } from './thermographyApi';
import { pngOfSize } from '../helpers/imageBytes';

/** Spec §9 and §5: 1,048,576 bytes at most, and its message to the letter. */
const LIMIT = 1_048_576;
const TOO_LARGE = 'File is too large, allowed limit is only upto 1MB';
const MB = 1_048_576;

/**
 * What the reader gives for the fixtures (the fixture set's README: its reference temperatures,
 * single-path column, and the exiftool values it lists), kept by hand.
 */
const T420 = {
  parameters: [
    { k: 'Camera model', v: 'FLIR T420 (incl Wi-' },
    { k: 'Emissivity', v: '0.95' },
    { k: 'Reflected temperature', v: '24.0 °C' },
    { k: 'Atmospheric temperature', v: '16.0 °C' },
    { k: 'Object distance', v: '1.0 m' },
    { k: 'Relative humidity', v: '64 %' },
  ],
  measurements: [
    { k: 'Min', v: '33.3 °C' },
    { k: 'Max', v: '187.9 °C' },
    { k: 'Center', v: '130.4 °C' },
  ],
};

let t: TestApp;
let api: ReturnType<typeof thermographyApi>;
beforeAll(async () => {
  // A quota one user reaches in a few fixture uploads; the files module's rule (docs/inspections.md).
  t = await createTestApp({ jobsEnabled: false, uploadQuotaBytesPerHour: 8 * MB });
  api = thermographyApi(t);
});
afterAll(() => t?.close());

const fetchFile = (url: string, as = 'thermo.engineer') => t.request({ as, method: 'GET', url });
const newNote = async (imageNumber = '1') => (await api.notes([{ imageNumber }]))[0]!;
const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('POST /thermographyNote/{id}/thermalImage', () => {
  it('reads a FLIR radiometric JPEG with extractMoreInfo=true: real image, parameters and temperatures, stored on the note', async () => {
    const id = await newNote();
    const answer = ok<Doc>(await api.upload(id, fixtureJpeg('flir-t420'), { extract: true, filename: 'IR_1842.jpg' }));
    expect(answer.parameters.slice(0, 6)).toEqual(T420.parameters);
    expect(answer.parameters[6]).toMatchObject({ k: 'Date' });
    expect(answer.measurements).toEqual(T420.measurements);
    expect(answer.noTemperatures).toBeNull();
    expect(answer.thermalImage).toMatch(/^\/api\/file\/[0-9a-f]{24}$/);
    expect(answer.realImage).toMatch(/^\/api\/file\/[0-9a-f]{24}$/);
    const note = ok<Doc>(await api.get(id));
    expect(note).toMatchObject({ thermalImage: answer.thermalImage, realImage: answer.realImage, parameters: answer.parameters, measurements: answer.measurements, radiometric: true });

    const thermal = await fetchFile(answer.thermalImage);
    expect(thermal.statusCode).toBe(200);
    expect(thermal.headers['content-type']).toBe('image/jpeg');
    expect(thermal.headers['x-content-type-options']).toBe('nosniff');
    expect(thermal.rawPayload.equals(fixtureJpeg('flir-t420'))).toBe(true);
    const real = await fetchFile(answer.realImage);
    expect(real.headers['content-type']).toBe('image/jpeg');
    expect([...real.rawPayload.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    // Files of a note: for readers of notes, nobody else.
    for (const as of ['thermo.tech', 'thermo.manager', 'engineer']) expect((await fetchFile(answer.realImage, as)).statusCode).toBe(200);
    for (const as of ['technician', 'onsite']) expect((await fetchFile(answer.realImage, as)).statusCode).toBe(403);
  });

  it("without extractMoreInfo changes only the thermal image and the engineer's values stay; the replaced file is the note's no more", async () => {
    const id = await newNote();
    const first = ok<Doc>(await api.upload(id, fixtureJpeg('flir-ax8'), { extract: true }));
    ok(await api.put(id, { parameters: [...first.parameters, { k: 'Lens', v: '45°' }] }));
    const second = ok<Doc>(await api.upload(id, fixtureJpeg('flir-i7'), { extract: false }));
    expect(second.thermalImage).not.toBe(first.thermalImage);
    expect(second.realImage).toBe(first.realImage);
    expect(second.parameters.at(-1)).toEqual({ k: 'Lens', v: '45°' });
    expect(ok<Doc>(await api.get(id)).radiometric).toBe(false);
    // Readers of notes no longer get it; its uploader does until the daily cleanup deletes it.
    expect((await fetchFile(first.thermalImage, 'thermo.manager')).statusCode).toBe(403);
    expect((await fetchFile(first.thermalImage, 'thermo.engineer')).statusCode).toBe(200);
  });

  it('accepts a JPEG without FLIR data with empty extras, saying why it gave no temperatures (DESIGN §16)', async () => {
    const id = await newNote();
    const answer = ok<Doc>(await api.upload(id, negativeFixture('plain-non-flir.jpg'), { extract: true }));
    expect(answer).toMatchObject({ realImage: null, parameters: [], measurements: [] });
    expect(answer.noTemperatures).toBe('This picture carries no radiometric data: it is a plain JPEG, not a FLIR radiometric image');
    expect(answer.thermalImage).toBeTruthy();
    // Without extractMoreInfo nothing was read, so there is nothing to explain.
    expect(ok<Doc>(await api.upload(id, negativeFixture('plain-non-flir.jpg'), { extract: false }))).not.toHaveProperty('noTemperatures');
  });

  it('takes a JPEG by its content only (415 otherwise) and 1,048,576 bytes at most (413 with the spec message); nothing is written', async () => {
    const id = await newNote();
    const before = await thermographyState(t);
    const png = expectError(await api.upload(id, negativeFixture('not-a-jpeg.png'), { filename: 'IR_0001.jpg' }), 415, 'thermalImage');
    expect(png.message).toMatch(/JPEG/);
    const big = expectError(await api.upload(id, jpegOfSize(LIMIT + 1)), 413);
    expect(big.message).toBe(TOO_LARGE);
    expectError(await api.upload(id, Buffer.alloc(0)), 400, 'thermalImage');
    expectError(await api.upload(id, PLAIN_JPEG, { field: 'file' }), 400, 'file');
    // Issue 16: a control character in an uploaded file's name is refused, as on POST /file.
    expectError(await api.upload(id, PLAIN_JPEG, { filename: 'IR_\u0007 0001.jpg' }), 400, 'thermalImage');
    expectError(await api.upload(id, PLAIN_JPEG, { extract: 'maybe' }), 400, 'extractMoreInfo');
    expectError(await t.request({ as: 'thermo.engineer', method: 'POST', url: `/api/thermographyNote/${id}/thermalImage`, payload: { thermalImage: 'x' } }), 400, 'thermalImage');
    expectError(await api.upload('000000000000000000000000', PLAIN_JPEG), 404);
    expect(await thermographyState(t)).toEqual(before);
    // Exactly the limit is fine.
    ok(await api.upload(id, jpegOfSize(LIMIT), { extract: false }));
  });

  it('answers a truncated or damaged FLIR file with 400 in plain words and keeps the note as it was', async () => {
    const id = await newNote();
    const before = await thermographyState(t);
    const whole = fixtureJpeg('flir-t420');
    // Cuts within its FLIR data (APP1 segments from 7 % to 73 % of the file).
    for (const cut of [0.2, 0.5, 0.7]) {
      const answer = expectError(await api.upload(id, whole.subarray(0, Math.floor(whole.length * cut)), { extract: true }), 400, 'thermalImage');
      expect(answer.message).toMatch(/^thermalImage could not be read: /);
    }
    expect(await thermographyState(t)).toEqual(before);
  });

  it('needs update-thermography-note', async () => {
    const id = await newNote();
    for (const as of ['thermo.tech', 'engineer', 'technician', 'onsite']) expectError(await api.upload(id, PLAIN_JPEG, { as }), 403);
  });

  it("counts against the uploader's hourly quota, thermal and real image together (429)", async () => {
    const id = await newNote();
    // t420 with its real image is about 0.94 MB a time: the ninth passes 8 MB, although each
    // upload replaced the one before (replaced files count until the cleanup deletes them).
    for (let i = 0; i < 8; i++) ok(await api.upload(id, fixtureJpeg('flir-t420'), { extract: true, as: 'admin' }));
    const refused = expectError(await api.upload(id, fixtureJpeg('flir-t420'), { extract: true, as: 'admin' }), 429);
    expect(refused.message).toMatch(/Upload quota reached/);
  });
});

describe('PUT /thermographyNote/{id}/realImage', () => {
  it('saves the edited picture as a new file and keeps the original, viewable', async () => {
    const id = await newNote();
    const uploaded = ok<Doc>(await api.upload(id, fixtureJpeg('flir-ax8'), { extract: true }));
    const edited = ok<Doc>(await api.realImage(id, { filepath: uploaded.realImage, dataURL: dataUrl('image/png', TINY_PNG) }));
    expect(edited.realImage).not.toBe(uploaded.realImage);
    expect(edited.originalRealImage).toBe(uploaded.realImage);
    const file = await fetchFile(edited.realImage);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(TINY_PNG)).toBe(true);
    expect((await fetchFile(uploaded.realImage)).statusCode).toBe(200);
    expect(ok<Doc>(await api.get(id))).toMatchObject({ realImage: edited.realImage, originalRealImage: uploaded.realImage });

    // A second edit replaces the first; the original stays; the first edit is gone.
    const again = ok<Doc>(await api.realImage(id, { filepath: edited.realImage, dataURL: dataUrl('image/jpeg', PLAIN_JPEG) }));
    expect(again.originalRealImage).toBe(uploaded.realImage);
    expect((await fetchFile(edited.realImage, 'thermo.manager')).statusCode).toBe(403);
    expect((await fetchFile(again.realImage)).headers['content-type']).toBe('image/jpeg');
    // Starting over from the original is an edit of it too.
    ok(await api.realImage(id, { filepath: uploaded.realImage, dataURL: dataUrl('image/png', TINY_PNG) }));
  });

  it('refuses a picture of another note, a data URL that is no PNG or JPEG, or holds another type; nothing changes', async () => {
    const id = await newNote();
    const other = await newNote();
    const mine = ok<Doc>(await api.upload(id, fixtureJpeg('flir-ax8'), { extract: true }));
    const theirs = ok<Doc>(await api.upload(other, fixtureJpeg('flir-ax8'), { extract: true }));
    const before = await thermographyState(t);
    const png = dataUrl('image/png', TINY_PNG);
    expectError(await api.realImage(id, { filepath: theirs.realImage, dataURL: png }), 400, 'filepath');
    expectError(await api.realImage(id, { filepath: '/api/file/../etc', dataURL: png }), 400, 'filepath');
    expectError(await api.realImage(id, { filepath: mine.realImage, dataURL: 'data:text/html;base64,PGI+' }), 400, 'dataURL');
    expectError(await api.realImage(id, { filepath: mine.realImage, dataURL: dataUrl('image/png', PLAIN_JPEG) }), 415, 'dataURL');
    expectError(await api.realImage(id, { filepath: mine.realImage }), 400, 'dataURL');
    expectError(await api.realImage(id, { filepath: mine.realImage, dataURL: png }, 'thermo.tech'), 403);
    expect(await thermographyState(t)).toEqual(before);
  });

  it('takes an edited picture larger than a JSON body may usually be', async () => {
    const id = await newNote();
    const uploaded = ok<Doc>(await api.upload(id, fixtureJpeg('flir-ax8'), { extract: true }));
    // A full-size camera picture saved from the canvas: 1.5 MB, 2 MB as a data URL.
    const big = pngOfSize(1.5 * MB);
    ok(await api.realImage(id, { filepath: uploaded.realImage, dataURL: dataUrl('image/png', big) }));
  });
});
