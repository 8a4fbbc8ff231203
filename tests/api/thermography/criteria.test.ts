import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, expectError, ok, type Doc } from '../administration/adminApi';
import { fixtureJpeg, thermographyApi, thermographyState } from './thermographyApi';

/**
 * What the standards ask a note to record (issue 43 §3, DESIGN §16): the load at the time of the
 * scan, the severity criterion and the reference; the suggested severity from the tools' ΔT.
 *
 * Expected temperatures, °C, of the T420 fixture (tests/api/thermography/tools.test.ts keeps the
 * table computed apart from this code base): centre 130.4 as the camera set it, 145.0 at emissivity
 * 0.8; the picture's Max 187.9. Levels from the NETA MTS table (docs/thermography.md): over ambient
 * > 40 A, > 20 B, > 10 C, ≥ 1 D; over a similar component > 15 A, > 3 C, ≥ 1 D.
 */
const CENTRE = { x: 320, y: 240 };
const T420_C = { centre: 130.4, centreAt08: 145.0, max: 187.9 };

let t: TestApp;
let api: ReturnType<typeof thermographyApi>;
let admin: ReturnType<typeof adminApi>;
beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  api = thermographyApi(t);
  admin = adminApi(t);
});
afterAll(() => t?.close());

async function t420Note(ambientTemperature: number): Promise<Doc> {
  const [id] = await api.notes([{ imageNumber: '3', identification: 'Feeder lug', ambientTemperature }]);
  ok(await api.upload(id!, fixtureJpeg('flir-t420'), { extract: true }));
  return ok<Doc>(await api.get(id!));
}
const spot = (id: string, extra: Record<string, unknown> = {}) => ({ id, kind: 'spot', ...CENTRE, ...extra });
const within = (value: number, expected: number, tolerance = 0.15) => expect(Math.abs(value - expected), `${value} vs ${expected}`).toBeLessThanOrEqual(tolerance);

describe('load, criterion and reference recorded with the note', () => {
  it('stores the load (% of rated) and the criterion; under 40 % the suggestion says the load is low', async () => {
    const note = await t420Note(20);
    expect(note).toMatchObject({ loadPercent: null, criterion: 'neta-mts' });
    const saved = ok<Doc>(await api.put(note._id, { loadPercent: '35', criterion: 'nfpa-70b' }));
    expect(saved).toMatchObject({ loadPercent: 35, criterion: 'nfpa-70b' });
    expect(saved.suggestedSeverity).toMatchObject({ loadPercent: 35, lowLoad: true, criterion: 'nfpa-70b', criterionName: 'NFPA 70B' });
    expect(ok<Doc>(await api.put(note._id, { loadPercent: 40 })).suggestedSeverity.lowLoad).toBe(false);
    expect(ok<Doc>(await api.put(note._id, { loadPercent: '' })).loadPercent).toBeNull();
    expect(ok<Doc>(await api.get(note._id))).toMatchObject({ loadPercent: null, criterion: 'nfpa-70b' });
  });

  it("a breaker's load comes from what the technician typed: the most loaded phase over its rating", async () => {
    // Hand-computed: 22 / 63 = 34.92 % → 34.9; 80 / 80 = 100 %.
    const cases: [unknown, number | null][] = [
      [{ capacity: 63, currents: { r: 21, y: '22', b: 20 } }, 34.9],
      [{ capacity: '80', currents: { r: 80 } }, 100],
      [{ capacity: 63 }, null],
      [{ capacity: 0, currents: { r: 5 } }, null],
      [{ currents: { r: 5 } }, null],
    ];
    const ids = await api.notes(cases.map(([breakerAttributes], index) => ({ imageNumber: String(index + 1), identification: `Breaker ${index + 1}`, breakerAttributes })));
    for (const [index, [, loadPercent]] of cases.entries()) expect(ok<Doc>(await api.get(ids[index]!)).loadPercent, `case ${index}`).toBe(loadPercent);
  });

  it('a load that is no percentage, or a criterion that does not exist, is a 400 naming the field and changes nothing', async () => {
    const note = await t420Note(20);
    ok(await api.put(note._id, { loadPercent: 80 }));
    const before = await thermographyState(t);
    for (const loadPercent of ['lots', -1, 501, '12 A']) expectError(await api.put(note._id, { loadPercent, note: 'changed' }), 400, 'loadPercent');
    expectError(await api.put(note._id, { criterion: 'iso-18434', note: 'changed' }), 400, 'criterion');
    expect(await thermographyState(t)).toEqual(before);
    expect(ok<Doc>(await api.get(note._id))).toMatchObject({ loadPercent: 80, criterion: 'neta-mts' });
  });
  it('a reference chosen earlier is sent back with every save, also once that note was deleted; a new one must be a live note of the asset', async () => {
    const note = await t420Note(20);
    const [similar, other] = await api.notes([
      { imageNumber: '5', identification: 'Feeder lug L2' },
      { imageNumber: '6', identification: 'Feeder lug L3' },
    ]);
    ok(await api.put(note._id, { referenceNote: similar }));
    ok(await api.status(similar!, 'deleted', 'thermo.engineer'));
    expect(ok<Doc>(await api.put(note._id, { referenceNote: similar, note: 'Saved again' }))).toMatchObject({ referenceNote: similar, note: 'Saved again' });
    ok(await api.status(other!, 'deleted', 'thermo.engineer'));
    expectError(await api.put(note._id, { referenceNote: other }), 400, 'referenceNote');
  });
});

describe('the suggested severity from the tools', () => {
  it("the tools' ΔT decide over the note's Max: a spot 30.4 °C over ambient is B, where the picture's Max would say A", async () => {
    const note = await t420Note(100);
    // Without tools: Max 187.9 over 100 → 87.9 → A.
    expect(note.suggestedSeverity).toMatchObject({ level: 'A', source: 'note', basis: 'ambient' });
    within(note.suggestedSeverity.deltaT, T420_C.max - 100);

    const hottestTool = ok<Doc>(await api.put(note._id, { tools: [spot('a')] }));
    expect(hottestTool.suggestedSeverity).toMatchObject({ level: 'B', source: 'tools', basis: 'ambient', from: 'Sp1' });
    within(hottestTool.suggestedSeverity.deltaT, T420_C.centre - 100);

    const withRow = ok<Doc>(await api.put(note._id, { deltaTs: [{ id: 'd1', from: 'a', to: 'ambient' }] }));
    expect(withRow.suggestedSeverity).toMatchObject({ level: 'B', source: 'tools', basis: 'ambient', from: 'Sp1' });
  });

  it('two similar components on one picture: the hotter one over the other, graded on the similar-component bands, whichever way the row is written', async () => {
    const note = await t420Note(20);
    const saved = ok<Doc>(await api.put(note._id, { tools: [spot('a'), spot('b', { emissivity: 0.8 })], deltaTs: [{ id: 'd1', from: 'a', to: 'b' }] }));
    // 145.0 − 130.4 = 14.6 over a similar component: > 3 → C (over ambient it would be A).
    expect(saved.suggestedSeverity).toMatchObject({ level: 'C', basis: 'similar', source: 'tools', from: 'Sp2', to: 'Sp1' });
    within(saved.suggestedSeverity.deltaT, T420_C.centreAt08 - T420_C.centre);
    // The most severe row wins: Sp2 over the ambient air, 125.0 → A.
    const both = ok<Doc>(await api.put(note._id, { deltaTs: [{ id: 'd1', from: 'a', to: 'b' }, { id: 'd2', from: 'b', to: 'ambient' }] }));
    expect(both.suggestedSeverity).toMatchObject({ level: 'A', basis: 'ambient', from: 'Sp2' });
  });

  it('NFPA 70B suggests nothing until a load of at least 40 % is recorded; NETA only warns', async () => {
    const note = await t420Note(20);
    ok(await api.put(note._id, { tools: [spot('a'), spot('b', { emissivity: 0.8 })], deltaTs: [{ id: 'd1', from: 'b', to: 'a' }] }));
    const noLoad = ok<Doc>(await api.put(note._id, { criterion: 'nfpa-70b' }));
    expect(noLoad.suggestedSeverity).toMatchObject({ level: null, withheld: 'load', basis: 'similar' });
    within(noLoad.suggestedSeverity.deltaT, T420_C.centreAt08 - T420_C.centre);
    expect(noLoad.suggestedSeverityLevel).toBeNull();
    expect(ok<Doc>(await api.put(note._id, { loadPercent: 39.9 })).suggestedSeverity).toMatchObject({ level: null, withheld: 'load', lowLoad: true });
    expect(ok<Doc>(await api.put(note._id, { loadPercent: 40 })).suggestedSeverity).toMatchObject({ level: 'C', withheld: null, lowLoad: false });
    expect(ok<Doc>(await api.put(note._id, { loadPercent: 30, criterion: 'neta-mts' })).suggestedSeverity).toMatchObject({ level: 'C', withheld: null, lowLoad: true });
  });

  it("the site's own criterion comes from its config entry, is named in the configuration the screens read, and grades the same ΔT by its bands", async () => {
    const config = ok<Doc>(await admin.get('/thermography/config', 'thermo.engineer'));
    expect((config.criteria as Doc[]).map((criterion) => [criterion.id, criterion.name])).toEqual([
      ['neta-mts', 'NETA MTS'],
      ['nfpa-70b', 'NFPA 70B'],
      ['site', 'Site criterion'],
    ]);
    const [entry] = ok<Doc[]>(await admin.get('/config?key=thermography.siteSeverityCriterion')).filter((row) => row.key === 'thermography.siteSeverityCriterion');
    expect(entry).toBeTruthy();
    const siteBands = { name: 'Plant rule 7', overAmbient: [{ above: 60, level: 'A' }], overSimilar: [{ above: 10, level: 'A' }, { above: 5, level: 'B' }], minDeltaT: 2 };
    ok(await admin.put(`/config/${entry!._id}`, { value: JSON.stringify(siteBands) }));
    const named = ok<Doc>(await admin.get('/thermography/config', 'thermo.engineer'));
    expect((named.criteria as Doc[])[2]).toMatchObject({ id: 'site', name: 'Plant rule 7' });

    const note = await t420Note(20);
    ok(await api.put(note._id, { tools: [spot('a'), spot('b', { emissivity: 0.8 })], deltaTs: [{ id: 'd1', from: 'b', to: 'a' }] }));
    // 14.6 over a similar component: NETA C, the site's bands A (> 10).
    expect(ok<Doc>(await api.get(note._id)).suggestedSeverity).toMatchObject({ level: 'C', criterion: 'neta-mts' });
    expect(ok<Doc>(await api.put(note._id, { criterion: 'site' })).suggestedSeverity).toMatchObject({ level: 'A', criterion: 'site', criterionName: 'Plant rule 7' });
    // A note without a picture: its Max as typed. 1.5 over ambient is D under NETA (≥ 1) and nothing under the site's minimum of 2.
    const [cool] = await api.notes([{ imageNumber: '4', identification: 'Cable tray', ambientTemperature: 20 }]);
    ok(await api.put(cool!, { measurements: [{ k: 'Max', v: '21.5 °C' }] }));
    const site = ok<Doc>(await api.put(cool!, { criterion: 'site', measurements: [{ k: 'Max', v: '21.5 °C' }] }));
    expect(site.suggestedSeverity).toMatchObject({ level: null, deltaT: 1.5, source: 'note' });
    expect(ok<Doc>(await api.put(cool!, { criterion: 'neta-mts' })).suggestedSeverity).toMatchObject({ level: 'D', deltaT: 1.5 });
  });

  it('a site entry that is not valid JSON grades by NETA bands under the default name', async () => {
    const [entry] = ok<Doc[]>(await admin.get('/config?key=thermography.siteSeverityCriterion')).filter((row) => row.key === 'thermography.siteSeverityCriterion');
    ok(await admin.put(`/config/${entry!._id}`, { value: '{not json' }));
    const note = await t420Note(20);
    ok(await api.put(note._id, { tools: [spot('a'), spot('b', { emissivity: 0.8 })], deltaTs: [{ id: 'd1', from: 'b', to: 'a' }] }));
    expect(ok<Doc>(await api.put(note._id, { criterion: 'site' })).suggestedSeverity).toMatchObject({ level: 'C', criterionName: 'Site criterion' });
  });
});
