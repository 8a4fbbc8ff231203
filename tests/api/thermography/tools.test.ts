import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { expectError, ok, type Doc } from '../administration/adminApi';
import { PLAIN_JPEG, fixtureJpeg, thermographyApi, thermographyState } from './thermographyApi';

/**
 * Measurement tools on a note (issue 43 §2, DESIGN §16), measured and stored by the server.
 * Expected values, °C: the README's reference temperatures where it gives them (the T420's min /
 * max / centre: 33.3 / 187.9 / 130.4), and otherwise a table computed apart from this code base —
 * by a Python transcription of the fixture set's README formula (single path), at the README's raw
 * values (T420: min 6808, max 14311, centre 10859; Zenmuse XT-R centre 3355) — kept here by hand.
 */
const T420 = { width: 640, height: 480, centre: { x: 320, y: 240 }, ambient: 20 };
const T420_C = {
  camera: { min: 33.3, max: 187.9, centre: 130.4 },
  emissivity08: { min: 34.91, max: 209.3, centre: 145.0 },
  reflected40: { centre: 129.9 },
  emissivity08Reflected40: { centre: 142.94 },
};
const ZENMUSE_CENTRE = { x: 320, y: 256, emissivity08: 25.47, reflected40: 17.54, camera: 26.0 };

let t: TestApp;
let api: ReturnType<typeof thermographyApi>;
beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  api = thermographyApi(t);
});
afterAll(() => t?.close());

async function noteOf(fixture: 'flir-t420' | 'dji-zenmuse-xtr' | null, ambientTemperature = T420.ambient): Promise<Doc> {
  const [id] = await api.notes([{ imageNumber: '7', identification: 'Busbar joint', ambientTemperature }]);
  if (fixture) ok(await api.upload(id!, fixtureJpeg(fixture), { extract: true }));
  return ok<Doc>(await api.get(id!));
}

const tool = (tools: Doc[], id: string) => tools.find((item) => item.id === id)!;
const within = (value: number, expected: number, tolerance = 0.1) => expect(Math.abs(value - expected), `${value} vs ${expected}`).toBeLessThanOrEqual(tolerance);
const centreSpot = (id: string, extra: Record<string, unknown> = {}) => ({ id, kind: 'spot', x: T420.centre.x, y: T420.centre.y, ...extra });
const wholeBox = (id: string, extra: Record<string, unknown> = {}) => ({ id, kind: 'box', x: 0, y: 0, width: T420.width, height: T420.height, ...extra });

describe('tools measured by the server', () => {
  it("spots, boxes and a line: the reference's values, each tool under its own emissivity and reflected temperature", async () => {
    const note = await noteOf('flir-t420');
    const saved = ok<Doc>(
      await api.put(note._id, {
        tools: [
          centreSpot('a'),
          centreSpot('b', { emissivity: 0.8 }),
          centreSpot('c', { reflectedTemperatureC: 40 }),
          wholeBox('d'),
          wholeBox('e', { emissivity: 0.8, label: 'Whole picture at 0.8' }),
          { id: 'f', kind: 'line', x1: 0, y1: T420.centre.y, x2: T420.width - 1, y2: T420.centre.y },
        ],
      }),
    );
    const tools = saved.tools as Doc[];
    expect(tools.map((item) => item.label)).toEqual(['Sp1', 'Sp2', 'Sp3', 'Bx1', 'Whole picture at 0.8', 'Li1']);
    within(tool(tools, 'a').reading.maxC, T420_C.camera.centre);
    within(tool(tools, 'b').reading.maxC, T420_C.emissivity08.centre);
    within(tool(tools, 'c').reading.maxC, T420_C.reflected40.centre);
    // A spot is one pixel: its min, max and mean are the same temperature.
    expect(new Set([tool(tools, 'a').reading.minC, tool(tools, 'a').reading.meanC])).toEqual(new Set([tool(tools, 'a').reading.maxC]));
    within(tool(tools, 'd').reading.minC, T420_C.camera.min);
    within(tool(tools, 'd').reading.maxC, T420_C.camera.max);
    within(tool(tools, 'e').reading.minC, T420_C.emissivity08.min);
    within(tool(tools, 'e').reading.maxC, T420_C.emissivity08.max);
    const mean = tool(tools, 'd').reading.meanC;
    expect(mean).toBeGreaterThan(T420_C.camera.min);
    expect(mean).toBeLessThan(T420_C.camera.max);
    const line = tool(tools, 'f').reading;
    expect(line.profile).toHaveLength(T420.width);
    within(line.profile[T420.centre.x], T420_C.camera.centre);
    expect(line.maxC).toBe(Math.max(...line.profile));
    expect(line.maxC).toBeLessThanOrEqual(tool(tools, 'd').reading.maxC);

    // Where the box's hottest pixel is: a spot placed there reads the picture's maximum.
    const { maxAt } = tool(tools, 'd').reading;
    const again = ok<Doc>(await api.put(note._id, { tools: [...tools, { id: 'g', kind: 'spot', x: maxAt.x, y: maxAt.y }] }));
    within(tool(again.tools, 'g').reading.maxC, T420_C.camera.max);
    // Sent back with the view's readings, the tools keep the server's values.
    expect(tool(again.tools, 'a').reading).toEqual(tool(tools, 'a').reading);
    expect(ok<Doc>(await api.get(note._id)).tools).toEqual(again.tools);
  });

  it("one tool's emissivity changes only that tool; a corrected note emissivity changes the tools that take the note's", async () => {
    const note = await noteOf('dji-zenmuse-xtr');
    const spot = { kind: 'spot', x: ZENMUSE_CENTRE.x, y: ZENMUSE_CENTRE.y };
    const first = ok<Doc>(await api.put(note._id, { tools: [{ id: 'p', ...spot }, { id: 'q', ...spot }] }));
    within(tool(first.tools, 'p').reading.maxC, ZENMUSE_CENTRE.camera);
    within(tool(first.tools, 'q').reading.maxC, ZENMUSE_CENTRE.camera);
    const second = ok<Doc>(await api.put(note._id, { tools: [{ id: 'p', ...spot }, { id: 'q', ...spot, emissivity: 0.8 }] }));
    expect(tool(second.tools, 'p').reading).toEqual(tool(first.tools, 'p').reading);
    within(tool(second.tools, 'q').reading.maxC, ZENMUSE_CENTRE.emissivity08);
    const third = ok<Doc>(await api.put(note._id, { tools: [{ id: 'p', ...spot, reflectedTemperatureC: 40 }, { id: 'q', ...spot, emissivity: 0.8 }] }));
    within(tool(third.tools, 'p').reading.maxC, ZENMUSE_CENTRE.reflected40);
    expect(tool(third.tools, 'q').reading).toEqual(tool(second.tools, 'q').reading);
  });

  it('a corrected parameter measures the tools again, each keeping its own setting', async () => {
    const note = await noteOf('flir-t420');
    ok(await api.put(note._id, { tools: [centreSpot('a'), centreSpot('c', { reflectedTemperatureC: 40 })] }));
    const parameters = (note.parameters as Doc[]).map((row) => (row.k === 'Emissivity' ? { k: 'Emissivity', v: '0.8' } : row));
    const corrected = ok<Doc>(await api.put(note._id, { parameters }));
    within(tool(corrected.tools, 'a').reading.maxC, T420_C.emissivity08.centre);
    within(tool(corrected.tools, 'c').reading.maxC, T420_C.emissivity08Reflected40.centre);
  });

  it('ΔT between two tools and against the ambient, worked out from the stored readings', async () => {
    const note = await noteOf('flir-t420');
    const saved = ok<Doc>(
      await api.put(note._id, {
        tools: [centreSpot('a'), centreSpot('b', { emissivity: 0.8 }), wholeBox('d')],
        deltaTs: [
          { id: 'd1', from: 'b', to: 'a' },
          { id: 'd2', from: 'd', to: 'ambient' },
          { id: 'd3', from: 'a', to: 'reference' },
        ],
      }),
    );
    const delta = (id: string) => (saved.deltaTs as Doc[]).find((item) => item.id === id)!;
    within(delta('d1').valueC, T420_C.emissivity08.centre - T420_C.camera.centre, 0.15);
    within(delta('d2').valueC, T420_C.camera.max - T420.ambient);
    // No reference note chosen: that ΔT has no value yet.
    expect(delta('d3').valueC).toBeNull();
    const reference = await noteOf('flir-t420');
    ok(await api.put(reference._id, { parameters: (reference.parameters as Doc[]).map((row) => (row.k === 'Emissivity' ? { k: 'Emissivity', v: '0.8' } : row)) }));
    const withReference = ok<Doc>(await api.put(note._id, { referenceNote: reference._id }));
    // The reference note's Max (the whole picture at emissivity 0.8).
    within((withReference.deltaTs as Doc[]).find((item) => item.id === 'd3')!.valueC, T420_C.camera.centre - T420_C.emissivity08.max, 0.15);
  });
});

describe('tools refused, and what clears them', () => {
  it('a tool outside the picture, a duplicate id or a ΔT naming nothing is a 400 naming the field, and changes nothing', async () => {
    const note = await noteOf('flir-t420');
    ok(await api.put(note._id, { tools: [centreSpot('a')] }));
    const before = await thermographyState(t);
    expectError(await api.put(note._id, { tools: [{ id: 'x', kind: 'spot', x: T420.width, y: 0 }] }), 400, 'tools.0.x');
    expectError(await api.put(note._id, { tools: [{ id: 'x', kind: 'box', x: 600, y: 0, width: 41, height: 10 }] }), 400, 'tools.0.width');
    expectError(await api.put(note._id, { tools: [{ id: 'x', kind: 'line', x1: 0, y1: 0, x2: 10 }] }), 400, 'tools.0.y2');
    expectError(await api.put(note._id, { tools: [centreSpot('x'), centreSpot('x')] }), 400, 'tools.1.id');
    expectError(await api.put(note._id, { tools: [centreSpot('x', { emissivity: 0 })] }), 400, 'tools.0.emissivity');
    expectError(await api.put(note._id, { deltaTs: [{ id: 'd', from: 'a', to: 'nothing' }] }), 400, 'deltaTs.0.to');
    expectError(await api.put(note._id, { identification: 'Renamed', tools: [{ id: 'x', kind: 'cross', x: 1, y: 1 }] }), 400);
    expect(await thermographyState(t)).toEqual(before);
    expect(ok<Doc>(await api.get(note._id)).identification).toBe('Busbar joint');
  });

  it('tools need a picture with temperatures', async () => {
    for (const fixture of [null, PLAIN_JPEG] as const) {
      const [id] = await api.notes([{ imageNumber: '8', identification: 'Cable', ambientTemperature: 20 }]);
      if (fixture) ok(await api.upload(id!, fixture, { extract: true }));
      expectError(await api.put(id!, { tools: [{ id: 's', kind: 'spot', x: 0, y: 0 }] }), 400, 'tools');
    }
  });

  it('a new thermal image clears the tools placed on the old one; an approved note keeps them read-only', async () => {
    const note = await noteOf('flir-t420');
    ok(await api.put(note._id, { tools: [centreSpot('a')], deltaTs: [{ id: 'd', from: 'a', to: 'ambient' }] }));
    ok(await api.upload(note._id, fixtureJpeg('flir-t420'), { extract: true }));
    const replaced = ok<Doc>(await api.get(note._id));
    expect([replaced.tools, replaced.deltaTs]).toEqual([[], []]);

    ok(await api.put(note._id, { tools: [centreSpot('a')], severityLevel: 'B' }));
    // The T420 embeds its visible picture: the real image approval asks for.
    expect(ok<Doc>(await api.get(note._id)).realImage).toBeTruthy();
    ok(await api.status(note._id, 'approved', 'thermo.manager'));
    expectError(await api.put(note._id, { tools: [] }), 409);
    expect(ok<Doc>(await api.get(note._id)).tools).toHaveLength(1);
  });

  it('only those who may update notes place tools', async () => {
    const note = await noteOf('flir-t420');
    for (const as of ['thermo.tech', 'engineer']) expectError(await api.put(note._id, { tools: [centreSpot('a')] }, as), 403);
  });
});
