import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { expectError, ok, type Doc } from '../administration/adminApi';
import { PLAIN_JPEG, fixtureJpeg, thermographyApi } from './thermographyApi';
import { FLIR_FIXTURES, expectedOf } from './flirFixtures';

/**
 * GET thermographyNote/{id}/radiometry (DESIGN §16: the raw data stays available to paint the
 * picture and read temperatures): every pixel's raw value as the fixture set's README decoded it,
 * with the camera's constants and settings as ExifTool reads them (the expected JSON files).
 */
let t: TestApp;
let api: ReturnType<typeof thermographyApi>;
beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  api = thermographyApi(t);
});
afterAll(() => t?.close());

const radiometryOf = (id: string, as = 'thermo.engineer', headers: Record<string, string> = {}) =>
  t.request({ as, method: 'GET', url: `/api/thermographyNote/${id}/radiometry`, headers });

/** The answer's raw values, decoded here as the call documents them: 16-bit little-endian, base64. */
function decodedRaw(answer: Doc): number[] {
  const bytes = Buffer.from(answer.raw as string, 'base64');
  return Array.from({ length: bytes.length / 2 }, (_, i) => bytes.readUInt16LE(2 * i));
}

async function noteWith(fixture: Buffer | null): Promise<string> {
  const [id] = await api.notes([{ imageNumber: '1', identification: 'Incomer', ambientTemperature: 20 }]);
  if (fixture) ok(await api.upload(id!, fixture, { extract: true }));
  return id!;
}

describe('a note\'s radiometry: the raw picture to paint and measure', () => {
  it.each(FLIR_FIXTURES)('%s: every pixel, the constants and the camera settings', async (fixture) => {
    const expected = expectedOf(fixture);
    const id = await noteWith(fixtureJpeg(fixture));
    const note = ok<Doc>(await api.get(id));
    const answer = ok<Doc>(await radiometryOf(id));
    expect(answer.thermalImage).toBe(note.thermalImage);
    expect([answer.width, answer.height]).toEqual([expected.rawThermalImageWidth, expected.rawThermalImageHeight]);
    const raw = decodedRaw(answer);
    expect(raw).toHaveLength(expected.rawThermalImageWidth * expected.rawThermalImageHeight);
    // The README's statistics: min and max over every pixel, the centre at (floor(w/2), floor(h/2)).
    expect(raw.reduce((a, b) => Math.min(a, b))).toBe(expected.raw.min);
    expect(raw.reduce((a, b) => Math.max(a, b))).toBe(expected.raw.max);
    expect(raw[Math.floor(answer.height / 2) * answer.width + Math.floor(answer.width / 2)]).toBe(expected.raw.centre);
    const close = (value: number, reference: number) => expect(Math.abs(value - reference)).toBeLessThanOrEqual(Math.abs(reference) * 1e-6 + 1e-4);
    close(answer.planck.r1, expected.planckR1);
    close(answer.planck.r2, expected.planckR2);
    close(answer.planck.b, expected.planckB);
    close(answer.planck.f, expected.planckF);
    close(answer.planck.o, expected.planckO);
    close(answer.atmosphere.alpha1, expected.atmosphericTransAlpha1);
    close(answer.atmosphere.beta2, expected.atmosphericTransBeta2);
    close(answer.atmosphere.x, expected.atmosphericTransX);
    close(answer.cameraSettings.emissivity, expected.emissivity);
    close(answer.cameraSettings.reflectedTemperatureC, expected.reflectedApparentTemperature);
    close(answer.cameraSettings.objectDistanceM, expected.objectDistance);
    close(answer.cameraSettings.relativeHumidityPercent, expected.relativeHumidity * 100);
    expect(answer.cameraParameters).toEqual(note.parameters);
  });

  it('answers 304 to a page that holds it already, and the new picture after another upload', async () => {
    const id = await noteWith(fixtureJpeg('flir-ax8'));
    const first = await radiometryOf(id);
    expect(first.statusCode).toBe(200);
    const tag = first.headers.etag as string;
    expect(tag).toBeTruthy();
    const again = await radiometryOf(id, 'thermo.engineer', { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // A saved correction: the settings the note reads with change, the camera's do not.
    const note = ok<Doc>(await api.get(id));
    const corrected = note.parameters.map((row: Doc) => (row.k === 'Emissivity' ? { k: 'Emissivity', v: '0.8' } : row));
    ok(await api.put(id, { parameters: corrected }));
    const afterCorrection = await radiometryOf(id, 'thermo.engineer', { 'if-none-match': tag });
    expect(afterCorrection.statusCode).toBe(200);
    expect(afterCorrection.json().settings.emissivity).toBe(0.8);
    expect(afterCorrection.json().cameraSettings.emissivity).toBe(first.json().cameraSettings.emissivity);
    expect(first.json().settings).toEqual(first.json().cameraSettings);

    ok(await api.upload(id, fixtureJpeg('flir-i7'), { extract: true }));
    const replaced = await radiometryOf(id, 'thermo.engineer', { 'if-none-match': tag });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.headers.etag).not.toBe(tag);
    expect([replaced.json().width, replaced.json().height]).toEqual([120, 120]);
  });

  it('is a 404 naming thermalImage without a radiometric picture, and for an unknown note', async () => {
    expectError(await radiometryOf(await noteWith(null)), 404, 'thermalImage');
    expectError(await radiometryOf(await noteWith(PLAIN_JPEG)), 404, 'thermalImage');
    const plainUpload = await noteWith(null);
    // A radiometric file uploaded without extractMoreInfo: the note holds no camera reading to go with it.
    ok(await api.upload(plainUpload, fixtureJpeg('flir-one')));
    expectError(await radiometryOf(plainUpload), 404, 'thermalImage');
    const unknown = await radiometryOf('no-such-note');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Thermography note not found');
  });

  it('is read by whoever reads notes, and by no one else', async () => {
    const id = await noteWith(fixtureJpeg('flir-ax8'));
    for (const as of ['thermo.tech', 'thermo.manager', 'engineer']) expect((await radiometryOf(id, as)).statusCode, as).toBe(200);
    for (const as of ['technician', 'onsite']) expectError(await radiometryOf(id, as), 403);
  });
});
