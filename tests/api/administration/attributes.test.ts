import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { attributes } from '../../../server/db/schema';
import { adminApi, copyBodyOf, expectError, ok, orderOf, type Doc } from './adminApi';

let t: TestApp;
let api: ReturnType<typeof adminApi>;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
});
afterAll(() => t.close());

const attributeNames = async () => (await api.list('attribute')).map((a) => a.name as string);

describe('POST /attribute', () => {
  it('creates an attribute with defaults and a technical name from its name, readable by id', async () => {
    const created = await api.create('attribute', { name: 'Sump oil level', type: 'number' });
    expect(created).toMatchObject({
      name: 'Sump oil level',
      technicalName: 'sump_oil_level',
      description: '',
      type: 'number',
      isMandatory: false,
      allowComment: false,
      options: { values: [] },
    });
    expect(await api.read('attribute', created._id)).toMatchObject({ name: 'Sump oil level', type: 'number' });
  });

  it('keeps options for select, radio and color', async () => {
    for (const type of ['select', 'radio', 'color']) {
      const created = await api.create('attribute', { name: `With options (${type})`, type, options: { values: ['red', 'green'] } });
      expect(created.options).toEqual({ values: ['red', 'green'] });
    }
  });

  it.each(['number', 'boolean', 'string', 'long string', 'html', 'image', 'date', 'date-time'])('drops options for type %s', async (type) => {
    const created = await api.create('attribute', { name: `No options (${type})`, type, options: { values: ['a', 'b'] } });
    expect(created.options).toEqual({ values: [] });
    expect((await api.read('attribute', created._id)).options).toEqual({ values: [] });
  });

  it('refuses a name already taken (ignoring case) and a technicalName already used, with 409', async () => {
    await api.create('attribute', { name: 'Test pressure', technicalName: 'test_pressure_bar', type: 'number' });
    const before = await attributeNames();
    const byName = expectError(await api.post('/attribute', { name: 'TEST PRESSURE', type: 'number' }), 409);
    expect(byName.message).toBe('Attribute with the name "TEST PRESSURE" already exists');
    const byTechnicalName = expectError(await api.post('/attribute', { name: 'Test pressure 2', technicalName: 'test_pressure_bar', type: 'number' }), 409);
    expect(byTechnicalName.message).toContain('test_pressure_bar');
    expect(byTechnicalName.errors).toHaveProperty('technicalName');
    expect(await attributeNames()).toEqual(before);
  });

  it.each([
    [{ name: 'No type' }, 'type'],
    [{ name: 'Bad type', type: 'integer' }, 'type'],
    [{ type: 'number' }, 'name'],
    [{ name: '   ', type: 'number' }, 'name'],
    [{ name: 'Bad technical', type: 'number', technicalName: '1st-value' }, 'technicalName'],
    [{ name: 'Coerced', type: 'number', isMandatory: 'yes' }, 'isMandatory'],
    [{ name: 'Coerced', type: 'number', allowComment: 1 }, 'allowComment'],
    [{ name: 'Blank option', type: 'select', options: { values: ['ok', ' '] } }, 'options.values[1]'],
    [{ name: 'Odd options', type: 'select', options: { values: ['ok'], default: 'ok' } }, 'options.default'],
    [{ name: 'Unknown key', type: 'number', unit: 'bar' }, 'unit'],
  ])('answers 400 naming the field for %j and writes nothing', async (payload, field) => {
    const before = await attributeNames();
    expectError(await api.post('/attribute', payload), 400, field);
    expect(await attributeNames()).toEqual(before);
  });

  it('creates a copy without the technical name (spec §7), twice over, each with one of its own from its name', async () => {
    const original = await api.create('attribute', {
      name: 'Test belt condition',
      technicalName: 'test_belt_condition',
      description: 'Visual check',
      type: 'radio',
      isMandatory: true,
      allowComment: true,
      options: { values: ['good', 'worn', 'torn'] },
    });
    const first = await api.create('attribute', copyBodyOf(original, 'Test belt condition (B)', ['technicalName']));
    const second = await api.create('attribute', copyBodyOf(original, 'Test belt condition (C)', ['technicalName']));
    expect([first.technicalName, second.technicalName]).toEqual(['test_belt_condition_b', 'test_belt_condition_c']);
    for (const copy of [first, second]) {
      expect(copy._id).not.toBe(original._id);
      expect(copy).toMatchObject({
        description: 'Visual check',
        type: 'radio',
        isMandatory: true,
        allowComment: true,
        options: { values: ['good', 'worn', 'torn'] },
      });
    }
    expect((await api.read('attribute', original._id)).technicalName).toBe('test_belt_condition');
  });

  it('answers 403 to users without manage-attribute and creates nothing', async () => {
    expectError(await api.post('/attribute', { name: 'Sneaky', type: 'number' }, 'engineer'), 403);
    expectError(await api.post('/attribute', { name: 'Sneaky', type: 'number' }, 'technician'), 403);
    expectError(await api.get('/attribute', 'onsite'), 403);
    expect(await attributeNames()).not.toContain('Sneaky');
  });
});

describe('technical names (docs/administration.md)', () => {
  const attributesStored = async () => (await t.app.services.db.select({ n: count() }).from(attributes))[0]?.n ?? 0;

  it.each(['', '   ', '\t'])('refuses the blank technicalName %j with 400 naming it, and stores nothing', async (technicalName) => {
    const before = await attributesStored();
    expectError(await api.post('/attribute', { name: 'Test blank technical', type: 'number', technicalName }), 400, 'technicalName');
    expect(await attributesStored()).toBe(before);
  });

  it('refuses to blank the technical name of a stored attribute, changing nothing', async () => {
    const created = await api.create('attribute', { name: 'Test flow', technicalName: 'test_flow', type: 'number' });
    for (const technicalName of ['', '  ']) expectError(await api.put(`/attribute/${created._id}`, { technicalName }), 400, 'technicalName');
    expect((await api.read('attribute', created._id)).technicalName).toBe('test_flow');
  });

  it('derives one left out from the name: lower case, other characters as _, a digit led by _, taken ones numbered', async () => {
    const derived = async (name: string) => (await api.create('attribute', { name, type: 'number' })).technicalName as string;
    expect(await derived('Oil temperature (°C)')).toBe('oil_temperature_c');
    expect(await derived('Oil temperature °C')).toBe('oil_temperature_c_2');
    expect(await derived('2nd stage pressure')).toBe('_2nd_stage_pressure');
    expect(await derived('Débit entrée')).toBe('debit_entree');
    expect(await derived('°°°')).toBe('attribute');
  });
});

describe('attribute list', () => {
  it('sorts by name by default, ignoring case', async () => {
    for (const name of ['zinc coating', 'Anchor bolts', 'mounting']) await api.create('attribute', { name, type: 'boolean' });
    const list = await api.list('attribute');
    expect(orderOf(list, ['zinc coating', 'Anchor bolts', 'mounting', 'Sump oil level'])).toEqual(['Anchor bolts', 'mounting', 'Sump oil level', 'zinc coating']);
  });

  it('sorts by several fields with orderBy, descending with a leading -', async () => {
    const list = await api.list('attribute', { orderBy: 'type,-name' });
    const booleans = list.filter((a) => a.type === 'boolean').map((a) => a.name as string);
    expect(orderOf(list, ['zinc coating', 'Anchor bolts', 'mounting'])).toEqual(['zinc coating', 'mounting', 'Anchor bolts']);
    expect(booleans).toEqual([...booleans].sort((a, b) => b.toLowerCase().localeCompare(a.toLowerCase())));
    const types = list.map((a) => a.type as string);
    expect(types).toEqual([...types].sort());
  });

  it('projects fields=name,type,technicalName to those and _id', async () => {
    const list = await api.list('attribute', { fields: 'name,type,technicalName' });
    expect(list.length).toBeGreaterThan(5);
    for (const row of list) expect(Object.keys(row).sort()).toEqual(['_id', 'name', 'technicalName', 'type']);
    expect(list.find((a) => a.name === 'Test pressure')).toMatchObject({ type: 'number', technicalName: 'test_pressure_bar' });
  });

  it('is readable by technicians (read-checklist) for the checklist screen', async () => {
    const list = await api.list('attribute', { fields: 'name' }, 'technician');
    expect(list.map((a) => a.name)).toContain('Test pressure');
  });
});

describe('PUT /attribute/{id}', () => {
  it('updates the fields sent; the others keep their values', async () => {
    const created = await api.create('attribute', {
      name: 'Test vibration',
      technicalName: 'test_vibration',
      description: 'mm/s',
      type: 'number',
      isMandatory: true,
    });
    const saved = ok<Doc>(await api.put(`/attribute/${created._id}`, { allowComment: true }));
    expect(saved).toMatchObject({ name: 'Test vibration', technicalName: 'test_vibration', description: 'mm/s', type: 'number', isMandatory: true, allowComment: true });
    expect(await api.read('attribute', created._id)).toMatchObject({ description: 'mm/s', allowComment: true });
  });

  it('keeps options across select/radio/color and clears them on a change to another type', async () => {
    const created = await api.create('attribute', { name: 'Test paint', type: 'select', options: { values: ['ok', 'flaking'] } });
    expect(ok<Doc>(await api.put(`/attribute/${created._id}`, { type: 'radio' })).options).toEqual({ values: ['ok', 'flaking'] });
    expect(ok<Doc>(await api.put(`/attribute/${created._id}`, { type: 'color' })).options).toEqual({ values: ['ok', 'flaking'] });
    expect(ok<Doc>(await api.put(`/attribute/${created._id}`, { type: 'string' })).options).toEqual({ values: [] });
    expect((await api.read('attribute', created._id)).options).toEqual({ values: [] });
  });

  it('refuses a taken name or technical name and bad input, changing nothing', async () => {
    const created = await api.create('attribute', { name: 'Test humidity', technicalName: 'test_humidity', type: 'number' });
    expectError(await api.put(`/attribute/${created._id}`, { name: 'test PRESSURE' }), 409);
    expectError(await api.put(`/attribute/${created._id}`, { technicalName: 'test_pressure_bar' }), 409);
    expectError(await api.put(`/attribute/${created._id}`, { type: 'percent' }), 400, 'type');
    expectError(await api.put(`/attribute/${created._id}`, { options: { values: [3] } }), 400, 'options.values[0]');
    expect(await api.read('attribute', created._id)).toMatchObject({ name: 'Test humidity', technicalName: 'test_humidity', type: 'number' });
  });

  it('allows keeping its own name and technical name', async () => {
    const created = await api.create('attribute', { name: 'Test noise', technicalName: 'test_noise', type: 'number' });
    expect(ok<Doc>(await api.put(`/attribute/${created._id}`, { name: 'TEST NOISE', technicalName: 'test_noise', description: 'dB' }))).toMatchObject({ name: 'TEST NOISE', description: 'dB' });
  });

  it('refuses a type change that would break a checklist threshold, naming the checklist', async () => {
    const gauge = await api.create('attribute', { name: 'Test gauge', type: 'number' });
    const checklist = await api.create('checklist', {
      name: 'Test gauge round',
      checklistItems: [{ attribute: gauge._id, sequenceId: 1, threshold: { operation: 'greater than', value: 80 } }],
    });
    for (const type of ['boolean', 'string', 'select']) {
      const refused = expectError(await api.put(`/attribute/${gauge._id}`, { type }), 409, 'type');
      expect(refused.message).toContain('Test gauge round');
    }
    expect((await api.read('attribute', gauge._id)).type).toBe('number');
    // Changes that keep the threshold valid go through, and the checklist stays editable.
    ok(await api.put(`/attribute/${gauge._id}`, { description: 'bar', isMandatory: true }));
    expect(ok<Doc>(await api.put(`/checklist/${checklist._id}`, { frequency: 'Daily' })).frequency).toBe('Daily');
  });

  it('refuses removing an option a checklist threshold uses; other option edits go through', async () => {
    const wear = await api.create('attribute', { name: 'Test wear', type: 'select', options: { values: ['ok', 'worn', 'torn'] } });
    await api.create('checklist', {
      name: 'Test wear round',
      checklistItems: [{ attribute: wear._id, sequenceId: 1, threshold: { operation: 'equal', value: 'worn' } }],
    });
    const refused = expectError(await api.put(`/attribute/${wear._id}`, { options: { values: ['ok', 'torn'] } }), 409, 'options');
    expect(refused.message).toContain('Test wear round');
    expect((await api.read('attribute', wear._id)).options).toEqual({ values: ['ok', 'worn', 'torn'] });
    expect(ok<Doc>(await api.put(`/attribute/${wear._id}`, { options: { values: ['ok', 'worn', 'frayed'] } })).options).toEqual({ values: ['ok', 'worn', 'frayed'] });
    expect(ok<Doc>(await api.put(`/attribute/${wear._id}`, { type: 'radio' })).type).toBe('radio');
  });

  it('allows any type change while checklists use the attribute without a threshold', async () => {
    const free = await api.create('attribute', { name: 'Test free text', type: 'string' });
    await api.create('checklist', { name: 'Test free round', checklistItems: [{ attribute: free._id, sequenceId: 1 }] });
    expect(ok<Doc>(await api.put(`/attribute/${free._id}`, { type: 'number' })).type).toBe('number');
  });

  it('answers 403 without manage-attribute and 404 for an unknown id', async () => {
    const created = await api.create('attribute', { name: 'Guarded attribute', type: 'number' });
    expectError(await api.put(`/attribute/${created._id}`, { type: 'string' }, 'engineer'), 403);
    expect((await api.read('attribute', created._id)).type).toBe('number');
    expectError(await api.put('/attribute/unknown', { type: 'string' }), 404);
  });
});

describe('DELETE /attribute/{id}', () => {
  it('refuses to delete an attribute a checklist uses, naming the checklists', async () => {
    const used = await api.create('attribute', { name: 'Test bearing temperature', type: 'number' });
    for (const name of ['Test motor weekly', 'Test motor yearly']) {
      await api.create('checklist', { name, checklistItems: [{ attribute: used._id, sequenceId: 1 }] });
    }
    const refused = expectError(await api.del(`/attribute/${used._id}`), 409);
    expect(refused.message).toContain('Test motor weekly');
    expect(refused.message).toContain('Test motor yearly');
    expect(await attributeNames()).toContain('Test bearing temperature');
  });

  it('deletes an attribute no checklist uses', async () => {
    const created = await api.create('attribute', { name: 'Unused', type: 'date' });
    ok(await api.del(`/attribute/${created._id}`));
    expectError(await api.get(`/attribute/${created._id}`), 404);
    expect(await attributeNames()).not.toContain('Unused');
  });

  it('deletes one once the last checklist stopped using it', async () => {
    const attribute = await api.create('attribute', { name: 'Test seal', type: 'boolean' });
    const keep = await api.create('attribute', { name: 'Test housing', type: 'boolean' });
    const checklist = await api.create('checklist', {
      name: 'Test seal check',
      checklistItems: [{ attribute: attribute._id, sequenceId: 1 }, { attribute: keep._id, sequenceId: 2 }],
    });
    expectError(await api.del(`/attribute/${attribute._id}`), 409);
    ok(await api.put(`/checklist/${checklist._id}`, { checklistItems: [{ attribute: keep._id, sequenceId: 2 }] }));
    ok(await api.del(`/attribute/${attribute._id}`));
  });

  it('answers 403 without manage-attribute', async () => {
    const created = await api.create('attribute', { name: 'Protected attribute', type: 'date' });
    expectError(await api.del(`/attribute/${created._id}`, 'technician'), 403);
    expect(await attributeNames()).toContain('Protected attribute');
  });
});
