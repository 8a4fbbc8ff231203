import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { expectError, ok, type Doc } from '../administration/adminApi';
import { PLAIN_JPEG, fixtureJpeg, thermographyApi, type FlirFixture } from './thermographyApi';

/**
 * The fixture set's README, "Reference temperatures": the full single-path correction and the
 * "emissivity + reflected only" variant (no atmosphere: what the formula gives at distance 0,
 * where the transmission is exactly 1). Kept by hand, °C.
 */
const REFERENCE = {
  'dji-zenmuse-xtr': { camera: ['16.3 °C', '59.4 °C', '26.0 °C'], atDistanceZero: ['17.1 °C', '58.6 °C', '26.4 °C'] },
  'flir-t420': { camera: ['33.3 °C', '187.9 °C', '130.4 °C'], atDistanceZero: ['33.2 °C', '187.2 °C', '129.8 °C'] },
} as const;

let t: TestApp;
let api: ReturnType<typeof thermographyApi>;
beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  api = thermographyApi(t);
});
afterAll(() => t?.close());

const temperatures = (rows: Doc[]) => ['Min', 'Max', 'Center'].map((k) => rows.find((row) => row.k === k)?.v);
const cameraRow = (rows: Doc[], k: string) => rows.find((row) => row.k === `${k} (camera)`)?.v;
const celsius = (text: string | undefined) => Number.parseFloat(String(text));
const withValue = (parameters: Doc[], k: string, v: string) => parameters.map((row) => (row.k === k ? { k, v } : row));

async function uploaded(fixture: FlirFixture, identification = 'Cable box'): Promise<Doc> {
  const [id] = await api.notes([{ imageNumber: '1', identification, ambientTemperature: 20 }]);
  ok(await api.upload(id!, fixtureJpeg(fixture), { extract: true }));
  return ok<Doc>(await api.get(id!));
}

describe('correcting camera settings on a note (PUT parameters)', () => {
  it("sending the camera's own values back changes nothing and shows no camera rows", async () => {
    const note = await uploaded('dji-zenmuse-xtr');
    expect(temperatures(note.measurements)).toEqual(REFERENCE['dji-zenmuse-xtr'].camera);
    const saved = ok<Doc>(await api.put(note._id, { parameters: note.parameters, measurements: note.measurements }));
    expect(saved.parameters).toEqual(note.parameters);
    expect(saved.measurements).toEqual(note.measurements);
    expect(saved.parameters.some((row: Doc) => row.k.endsWith('(camera)'))).toBe(false);
  });

  it('recomputes the temperatures for a corrected distance: at 0 m the air drops out (the README variant without atmosphere)', async () => {
    for (const fixture of ['dji-zenmuse-xtr', 'flir-t420'] as const) {
      const note = await uploaded(fixture);
      const saved = ok<Doc>(await api.put(note._id, { parameters: withValue(note.parameters, 'Object distance', '0 m') }));
      expect(temperatures(saved.measurements), fixture).toEqual(REFERENCE[fixture].atDistanceZero);
      // The camera's values beside the corrected ones.
      const distance = saved.parameters.findIndex((row: Doc) => row.k === 'Object distance');
      expect(saved.parameters.slice(distance, distance + 2)).toEqual([
        { k: 'Object distance', v: '0 m' },
        { k: 'Object distance (camera)', v: note.parameters.find((row: Doc) => row.k === 'Object distance').v },
      ]);
      expect(['Min', 'Max', 'Center'].map((k) => cameraRow(saved.measurements, k))).toEqual(REFERENCE[fixture].camera);
    }
  });

  it('moves the temperatures the right way for a higher emissivity: the hot spot cools, what is colder than the reflection warms', async () => {
    // Zenmuse: emissivity 0.70, reflected 22 °C; its Min (16.3 °C) is below the reflected temperature, its Max above.
    const note = await uploaded('dji-zenmuse-xtr');
    const saved = ok<Doc>(await api.put(note._id, { parameters: withValue(note.parameters, 'Emissivity', '0.95') }));
    const [min, max] = temperatures(saved.measurements).map(celsius);
    expect(max).toBeLessThan(59.4);
    expect(min).toBeGreaterThan(16.3);
    expect(cameraRow(saved.parameters, 'Emissivity')).toBe('0.70');
    // Back to the camera's value: the camera rows go, the camera's temperatures return.
    const back = ok<Doc>(await api.put(note._id, { parameters: withValue(saved.parameters, 'Emissivity', '0.70') }));
    expect(temperatures(back.measurements)).toEqual(REFERENCE['dji-zenmuse-xtr'].camera);
    expect(back.parameters.some((row: Doc) => row.k.endsWith('(camera)'))).toBe(false);
  });

  it('keeps the engineer’s own measurement rows after the computed ones; typed Min/Max/Center are recomputed', async () => {
    const note = await uploaded('flir-t420');
    const saved = ok<Doc>(await api.put(note._id, { measurements: [{ k: 'Max', v: '20.0 °C' }, { k: 'Spot 1', v: '95.3 °C' }] }));
    expect(saved.measurements).toEqual([
      { k: 'Min', v: '33.3 °C' },
      { k: 'Max', v: '187.9 °C' },
      { k: 'Center', v: '130.4 °C' },
      { k: 'Spot 1', v: '95.3 °C' },
    ]);
  });

  it('refuses a correction the formula cannot take, naming the row, and keeps the note', async () => {
    const note = await uploaded('dji-zenmuse-xtr');
    const emissivity = note.parameters.findIndex((row: Doc) => row.k === 'Emissivity');
    for (const value of ['1.5', '0', 'high']) {
      expectError(await api.put(note._id, { parameters: withValue(note.parameters, 'Emissivity', value) }), 400, `parameters.${emissivity}.v`);
    }
    const humidity = note.parameters.findIndex((row: Doc) => row.k === 'Relative humidity');
    expectError(await api.put(note._id, { parameters: withValue(note.parameters, 'Relative humidity', '140 %') }), 400, `parameters.${humidity}.v`);
    expect(ok<Doc>(await api.get(note._id))).toEqual(note);
  });

  it('stores parameters and measurements as typed on a note without radiometric data', async () => {
    const [id] = await api.notes([{ imageNumber: '1' }]);
    ok(await api.upload(id!, PLAIN_JPEG, { extract: true }));
    const saved = ok<Doc>(await api.put(id!, { parameters: [{ k: 'Emissivity', v: '0.5' }], measurements: [{ k: 'Max', v: '71.0 °C' }] }));
    expect(saved).toMatchObject({ parameters: [{ k: 'Emissivity', v: '0.5' }], measurements: [{ k: 'Max', v: '71.0 °C' }], radiometric: false });
  });
});

describe('suggested severity (NETA ΔT bands, docs/thermography.md)', () => {
  it('rates the hottest spot over the ambient temperature: > 40 A, > 20 B, > 10 C, ≥ 1 D, below nothing', async () => {
    // flir-one: Max 62.2 °C.
    const note = await uploaded('flir-one');
    const cases: [number, string | null, number][] = [
      [15, 'A', 47.2],
      [22.1, 'A', 40.1],
      [22.2, 'B', 40],
      [25, 'B', 37.2],
      [50, 'C', 12.2],
      [55, 'D', 7.2],
      [61.2, 'D', 1],
      [61.5, null, 0.7],
    ];
    for (const [ambientTemperature, level, deltaT] of cases) {
      const saved = ok<Doc>(await api.put(note._id, { ambientTemperature }));
      expect(saved.suggestedSeverity, `ambient ${ambientTemperature}`).toMatchObject({ level, deltaT, basis: 'ambient', referenceNote: null, source: 'note', criterion: 'neta-mts', withheld: null });
      expect(saved.suggestedSeverityLevel).toBe(level);
    }
    expect(ok<Doc>(await api.put(note._id, { ambientTemperature: null })).suggestedSeverity).toMatchObject({ level: null, deltaT: null, basis: 'ambient', referenceNote: null, source: 'note' });
  });

  it('rates it over a similar component when a reference note of the same asset is named: > 15 A, > 3 C, ≥ 1 D', async () => {
    const [hot, similar] = await api.notes([{ imageNumber: '1', identification: 'Phase L1' }, { imageNumber: '2', identification: 'Phase L2' }], 'PMP-002');
    ok(await api.upload(hot!, fixtureJpeg('flir-one'), { extract: true }));
    for (const [max, level, deltaT] of [['45.0 °C', 'A', 17.2], ['55.0 °C', 'C', 7.2], ['60.0 °C', 'D', 2.2], ['61.5 °C', null, 0.7]] as const) {
      ok(await api.put(similar!, { measurements: [{ k: 'Max', v: max }] }));
      const saved = ok<Doc>(await api.put(hot!, { referenceNote: similar }));
      expect(saved.suggestedSeverity, max).toMatchObject({ level, deltaT, basis: 'reference', referenceNote: similar, source: 'note', criterion: 'neta-mts' });
    }
    // The engineer decides: another severity than the suggestion is kept.
    expect(ok<Doc>(await api.put(hot!, { severityLevel: 'B' })).severityLevel).toBe('B');
    const elsewhere = (await api.notes([{ imageNumber: '1' }], 'PMP-001'))[0]!;
    expectError(await api.put(hot!, { referenceNote: elsewhere }), 400, 'referenceNote');
    expect(ok<Doc>(await api.put(hot!, { referenceNote: null })).suggestedSeverity.basis).toBe('ambient');
  });
});

describe('GET /asset/{id}/thermographyTrend', () => {
  it("answers each approved note's hottest spot, oldest first; drafts and notes without a Max have no point", async () => {
    const approve = async (fixture: FlirFixture, identification: string, measurements?: Doc[]) => {
      const [id] = await api.notes([{ imageNumber: '1', identification }], 'PMP-003');
      ok(await api.upload(id!, fixtureJpeg(fixture), { extract: true }));
      if (measurements) {
        // A plain JPEG instead: the camera's data goes, the typed rows stay.
        ok(await api.upload(id!, PLAIN_JPEG, { extract: false }));
        ok(await api.put(id!, { measurements }));
      }
      ok(await api.put(id!, { severityLevel: 'C' }));
      ok(await api.status(id!, 'approved', 'thermo.manager'));
      return id!;
    };
    const first = await approve('flir-one', 'Terminal box');
    const second = await approve('flir-ax8', 'Terminal box');
    await approve('flir-ax8', 'Spare', []);
    const [draft] = await api.notes([{ imageNumber: '1', identification: 'Terminal box' }], 'PMP-003');
    ok(await api.upload(draft!, fixtureJpeg('flir-t420'), { extract: true }));

    const asset = ok<Doc>(await api.get(first)).asset;
    const trend = ok<Doc[]>(await t.request({ as: 'thermo.engineer', method: 'GET', url: `/api/asset/${asset}/thermographyTrend` }));
    expect(trend.map((point) => [point.note, point.identification, point.maxTemperature, point.severityLevel])).toEqual([
      [first, 'Terminal box', 62.2, 'C'],
      [second, 'Terminal box', 25.5, 'C'],
    ]);
    expect(trend[0]!.timestamp).toBeLessThanOrEqual(trend[1]!.timestamp);
    expectError(await t.request({ as: 'thermo.engineer', method: 'GET', url: '/api/asset/000000000000000000000000/thermographyTrend' }), 404);
    expectError(await t.request({ as: 'technician', method: 'GET', url: `/api/asset/${asset}/thermographyTrend` }), 403);
  });
});
