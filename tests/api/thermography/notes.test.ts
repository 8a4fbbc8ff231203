import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { expectError, ok, type Doc } from '../administration/adminApi';
import { thermographyApi, thermographyState } from './thermographyApi';

/** Spec §5 "Thermography create", to the letter. */
const MANDATORY = 'Image number is mandatory';
const DUPLICATED = 'Image number is duplicated';
const IDENTIFICATION = 'Identification is required';

let t: TestApp;
let api: ReturnType<typeof thermographyApi>;
beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  api = thermographyApi(t);
});
afterAll(() => t?.close());

describe('POST /thermographyNote', () => {
  it("records one ThermographyInspection of the identification's first asset with a draft note each, in the order given", async () => {
    const answer = ok<Doc>(
      await api.create(
        [
          { imageNumber: 'IR_0031', identification: 'Main switch', note: 'Terminal warm', ambientTemperature: 21.5, breakerAttributes: { capacity: 100, currents: { r: 45, y: '47', b: 44 } } },
          { imageNumber: 32, identification: 'Pump A contactor', note: '', ambientTemperature: '19' },
        ],
        'SKD-001',
      ),
    );
    expect(answer.notes).toHaveLength(2);
    // SKD-001 is shared by three assets; the first by name is the booster set's control panel (demo catalogue).
    const inspection = ok<Doc>(await t.request({ as: 'thermo.engineer', method: 'GET', url: `/api/inspection/${answer.inspection}` }));
    expect(inspection).toMatchObject({ type: 'ThermographyInspection', assetName: 'Booster set control panel', userName: 'Tara Thermography', checklist: null });
    expect(inspection.records.map((r: Doc) => [r._id, r.imageNumber, r.identification])).toEqual([
      [answer.notes[0], 'IR_0031', 'Main switch'],
      [answer.notes[1], '32', 'Pump A contactor'],
    ]);
    const first = ok<Doc>(await api.get(answer.notes[0]));
    expect(first).toMatchObject({
      _id: answer.notes[0],
      inspection: answer.inspection,
      asset: inspection.asset,
      assetName: 'Booster set control panel',
      imageNumber: 'IR_0031',
      identification: 'Main switch',
      // The breaker data folded into the note text (docs/thermography.md, "Breaker data").
      note: 'Terminal warm\nBreaker: capacity 100 A; currents R 45 A, Y 47 A, B 44 A',
      ambientTemperature: 21.5,
      status: 'draft',
      severityLevel: null,
      thermalImage: null,
      realImage: null,
      measurements: [],
      parameters: [],
      observations: [],
      recommendations: [],
      createdByName: 'Tara Thermography',
      // The most loaded phase over the rating: 47 A of 100 A (issue 43 §3).
      loadPercent: 47,
    });
    const second = ok<Doc>(await api.get(answer.notes[1]));
    expect(second).toMatchObject({ imageNumber: '32', note: '', ambientTemperature: 19, status: 'draft', loadPercent: null });
  });

  it('pushes new-inspection to the readers of inspections', async () => {
    const publish = vi.spyOn(t.app.services.pushes, 'publish');
    try {
      const answer = ok<Doc>(await api.create([{ imageNumber: '1', note: 'Only one note: no identification needed' }]));
      expect(publish).toHaveBeenCalledWith('new-inspection', expect.objectContaining({ _id: answer.inspection, assetName: 'Lighting panel L2', type: 'ThermographyInspection' }));
    } finally {
      publish.mockRestore();
    }
  });

  it("repeats the form's rules with the spec's messages, naming notes.<i>.<field>, and writes nothing", async () => {
    const before = await thermographyState(t);
    const missing = expectError(await api.create([{ imageNumber: '  ', identification: 'A' }, { imageNumber: '2', identification: 'B' }]), 400, 'notes.0.imageNumber');
    expect(missing.errors).toEqual({ 'notes.0.imageNumber': MANDATORY });
    const absent = expectError(await api.create([{ identification: 'A' }]), 400, 'notes.0.imageNumber');
    expect(absent.errors?.['notes.0.imageNumber']).toBe(MANDATORY);
    // The same number twice, whatever the letter case: the later note is the duplicate.
    const duplicated = expectError(await api.create([{ imageNumber: 'ir_7', identification: 'A' }, { imageNumber: 'IR_7', identification: 'B' }]), 400, 'notes.1.imageNumber');
    expect(duplicated.errors).toEqual({ 'notes.1.imageNumber': DUPLICATED });
    const unnamed = expectError(await api.create([{ imageNumber: '1', identification: '' }, { imageNumber: '2' }]), 400, 'notes.0.identification');
    expect(unnamed.errors).toEqual({ 'notes.0.identification': IDENTIFICATION, 'notes.1.identification': IDENTIFICATION });
    expectError(await api.create([{ imageNumber: '1', ambientTemperature: 'warm' }]), 400, 'notes.0.ambientTemperature');
    expectError(await api.create([{ imageNumber: '1', ambientTemperature: 900 }]), 400, 'notes.0.ambientTemperature');
    expectError(await api.create([{ imageNumber: '1', breakerAttributes: { capacity: -5 } }]), 400, 'notes.0.breakerAttributes.capacity');
    expectError(await api.create([{ imageNumber: '1', breakerAttributes: { currents: { r: 'lots' } } }]), 400, 'notes.0.breakerAttributes.currents.r');
    expectError(await api.create([{ imageNumber: '1', colour: 'red' } as never]), 400, 'notes.0.colour');
    expectError(await api.create([]), 400, 'notes');
    expect(await thermographyState(t)).toEqual(before);
  });

  it('answers 404 for an identification no current asset carries', async () => {
    const before = await thermographyState(t);
    expectError(await api.create([{ imageNumber: '1' }], 'NO-SUCH-ASSET'), 404);
    expect(await thermographyState(t)).toEqual(before);
  });

  it('needs create-thermography-note: the thermography technician and the administrator; nobody else', async () => {
    for (const as of ['thermo.tech', 'admin']) ok(await api.create([{ imageNumber: '1' }], 'PNL-002', as));
    for (const as of ['technician', 'engineer', 'thermo.engineer', 'thermo.manager', 'onsite']) expectError(await api.create([{ imageNumber: '1' }], 'PNL-002', as), 403);
  });
});

describe('GET /thermographyNote/{id}', () => {
  it('is read with read-thermography-note, the technician who recorded it included; 404 for no note', async () => {
    const [id] = await api.notes([{ imageNumber: '5' }]);
    for (const as of ['thermo.tech', 'thermo.engineer', 'thermo.manager', 'engineer', 'admin']) expect(ok<Doc>(await api.get(id!, as))._id).toBe(id);
    for (const as of ['technician', 'onsite']) expectError(await api.get(id!, as), 403);
    expectError(await api.get('000000000000000000000000'), 404);
  });
});

describe('thermography records within an inspection (spec §3)', () => {
  it('reads observations as plain strings, in their order, where the note itself keeps [{v}]', async () => {
    const [id] = await api.notes([{ imageNumber: '41', identification: 'Q41 feeder', ambientTemperature: 20 }]);
    ok(await api.put(id!, { observations: [{ v: 'Overheated terminal' }, { v: 'Insulation discoloured' }], measurements: [{ k: 'Max', v: '61.2 °C' }], severityLevel: 'B' }));
    const note = ok<Doc>(await api.get(id!));
    expect(note.observations).toEqual([{ v: 'Overheated terminal' }, { v: 'Insulation discoloured' }]);
    const inspection = ok<Doc>(await t.request({ as: 'thermo.engineer', method: 'GET', url: `/api/inspection/${note.inspection}` }));
    const ofAsset = ok<Doc[]>(await t.request({ as: 'thermo.engineer', method: 'GET', url: `/api/inspection?assetId=${note.asset}` }));
    const listed = ofAsset.find((row) => row._id === note.inspection);
    for (const read of [inspection, listed]) {
      // Spec §3 "Thermography record": _id, identification, severityLevel, thermalImage, realImage,
      // ambientTemperature, measurements [{k, v}], observations (strings).
      expect(read?.records).toEqual([
        expect.objectContaining({
          _id: id,
          identification: 'Q41 feeder',
          severityLevel: 'B',
          thermalImage: null,
          realImage: null,
          ambientTemperature: 20,
          measurements: [{ k: 'Max', v: '61.2 °C' }],
          observations: ['Overheated terminal', 'Insulation discoloured'],
        }),
      ]);
    }
  });
});

describe('PUT /thermographyNote/{id}', () => {
  it('saves the editable fields and keeps the status; the rest of a view sent back is ignored', async () => {
    const [id] = await api.notes([{ imageNumber: '8', identification: 'Q8', ambientTemperature: 20 }]);
    const view = ok<Doc>(await api.get(id!));
    const saved = ok<Doc>(
      await api.put(id!, {
        ...view,
        identification: ' Q8 phase L2 ',
        note: 'Lug discoloured',
        ambientTemperature: '22,5',
        observations: [{ v: 'Overheated terminal' }, { v: '   ' }],
        recommendations: [{ v: 'Check terminals for loose or corroded connections' }],
        measurements: [{ k: 'Max', v: '48.0 °C' }, { k: ' ', v: 'an empty row of the editor' }],
        parameters: [{ k: 'Emissivity', v: '0.95' }],
        severityLevel: 'C',
        // Read-only here: the status and images change through their own calls, the number never.
        status: 'approved',
        imageNumber: '999',
        thermalImage: '/api/file/abc',
      }),
    );
    expect(saved).toMatchObject({
      identification: 'Q8 phase L2',
      note: 'Lug discoloured',
      ambientTemperature: 22.5,
      observations: [{ v: 'Overheated terminal' }],
      recommendations: [{ v: 'Check terminals for loose or corroded connections' }],
      measurements: [{ k: 'Max', v: '48.0 °C' }],
      parameters: [{ k: 'Emissivity', v: '0.95' }],
      severityLevel: 'C',
      status: 'draft',
      imageNumber: '8',
      thermalImage: null,
    });
    expect(ok<Doc>(await api.get(id!))).toEqual(saved);
    // A severity may be taken back.
    expect(ok<Doc>(await api.put(id!, { severityLevel: null })).severityLevel).toBeNull();
  });

  it('refuses bad values naming the field, and changes nothing', async () => {
    const [id] = await api.notes([{ imageNumber: '9' }]);
    const before = ok<Doc>(await api.get(id!));
    expectError(await api.put(id!, { severityLevel: 'E' }), 400, 'severityLevel');
    expectError(await api.put(id!, { ambientTemperature: 'hot', note: 'changed' }), 400, 'ambientTemperature');
    expectError(await api.put(id!, { colour: 'red' }), 400, 'colour');
    expectError(await api.put(id!, { observations: ['text'] }), 400);
    expectError(await api.put(id!, { referenceNote: id }), 400, 'referenceNote');
    expect(ok<Doc>(await api.get(id!))).toEqual(before);
  });

  it('needs update-thermography-note: not the technician who recorded it', async () => {
    const [id] = await api.notes([{ imageNumber: '10' }]);
    for (const as of ['thermo.engineer', 'thermo.manager', 'admin']) ok(await api.put(id!, { note: `by ${as}` }, as));
    for (const as of ['thermo.tech', 'engineer', 'technician', 'onsite']) expectError(await api.put(id!, { note: 'x' }, as), 403);
    expectError(await api.put('000000000000000000000000', { note: 'x' }), 404);
  });

  it('pushes update-detail for the note and its inspection', async () => {
    const [id] = await api.notes([{ imageNumber: '11' }]);
    const view = ok<Doc>(await api.get(id!));
    const publish = vi.spyOn(t.app.services.pushes, 'publish');
    try {
      ok(await api.put(id!, { note: 'pushed' }));
      expect(publish).toHaveBeenCalledWith('update-detail', { type: 'thermographyNote', _id: id });
      expect(publish).toHaveBeenCalledWith('update-detail', { type: 'inspection', _id: view.inspection });
    } finally {
      publish.mockRestore();
    }
  });
});
