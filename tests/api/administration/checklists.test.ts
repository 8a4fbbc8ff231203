import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, copyBodyOf, expectError, ok, orderOf, type Doc } from './adminApi';

let t: TestApp;
let api: ReturnType<typeof adminApi>;
/** Attributes of every threshold kind, created for this file. */
let temperature: Doc;
let leak: Doc;
let condition: Doc;
let remark: Doc;
let levels: Doc[];
let script: Doc;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  temperature = await api.create('attribute', { name: 'Test temperature', type: 'number' });
  leak = await api.create('attribute', { name: 'Test leak', type: 'boolean' });
  condition = await api.create('attribute', { name: 'Test condition', type: 'select', options: { values: ['good', 'fair', 'poor'] } });
  remark = await api.create('attribute', { name: 'Test remark', type: 'string' });
  levels = ok(await api.get('/alertLevel'));
  script = await api.create('script', { name: 'Test checklist script', code: 'return 1;' });
});
afterAll(() => t.close());

const checklistNames = async () => (await api.list('checklist')).map((c) => c.name as string);

/** A checklist using all four attributes, with thresholds that fit their types. */
const fullChecklist = (name: string) => ({
  name,
  frequency: 'Weekly',
  scripts: [script._id],
  checklistItems: [
    { attribute: temperature._id, sequenceId: 1, threshold: { operation: 'greater than', value: 80, level: levels[0]!._id }, showMandatoryIndicator: true },
    { attribute: leak._id, sequenceId: 2, threshold: { operation: 'equal', value: true } },
    { attribute: condition._id, sequenceId: 3, threshold: { operation: 'equal', value: 'poor', level: levels[2]!._id } },
    { attribute: remark._id, sequenceId: 4, threshold: { operation: 'equal', value: 'replace' } },
  ],
  groups: [
    { name: 'Readings', attributes: [temperature._id, leak._id] },
    { name: 'Visual', attributes: [condition._id, remark._id] },
  ],
});

describe('POST /checklist', () => {
  it('creates a checklist from a name, with empty defaults', async () => {
    const created = await api.create('checklist', { name: 'Test roof walk' });
    expect(created).toMatchObject({ name: 'Test roof walk', frequency: '', scripts: [], checklistItems: [], groups: [] });
    expect(await api.read('checklist', created._id)).toMatchObject({ name: 'Test roof walk', checklistItems: [] });
  });

  it('saves items, thresholds of every attribute kind, levels, scripts and groups', async () => {
    const created = await api.create('checklist', fullChecklist('Test pump weekly'));
    const read = await api.read('checklist', created._id);
    expect(read).toMatchObject({ frequency: 'Weekly', scripts: [script._id], groups: fullChecklist('').groups });
    expect(read.checklistItems).toEqual([
      { attribute: temperature._id, sequenceId: 1, threshold: { operation: 'greater than', value: 80, level: levels[0]!._id }, showMandatoryIndicator: true },
      { attribute: leak._id, sequenceId: 2, threshold: { operation: 'equal', value: true, level: null }, showMandatoryIndicator: false },
      { attribute: condition._id, sequenceId: 3, threshold: { operation: 'equal', value: 'poor', level: levels[2]!._id }, showMandatoryIndicator: false },
      { attribute: remark._id, sequenceId: 4, threshold: { operation: 'equal', value: 'replace', level: null }, showMandatoryIndicator: false },
    ]);
  });

  it('creates a copy with the same items and groups under the new name', async () => {
    const original = await api.read('checklist', (await api.create('checklist', fullChecklist('Test chiller monthly')))._id);
    const copy = await api.create('checklist', copyBodyOf(original, 'Test chiller monthly (copy)'));
    expect(copy._id).not.toBe(original._id);
    expect(copy).toMatchObject({
      name: 'Test chiller monthly (copy)',
      frequency: original.frequency,
      scripts: original.scripts,
      checklistItems: original.checklistItems,
      groups: original.groups,
    });
  });

  it('refuses a name already taken, ignoring case, with 409', async () => {
    const before = await checklistNames();
    const refused = expectError(await api.post('/checklist', { name: 'TEST ROOF WALK' }), 409);
    expect(refused.message).toBe('Checklist with the name "TEST ROOF WALK" already exists');
    expect(await checklistNames()).toEqual(before);
  });

  const item = (attribute: () => Doc, threshold: unknown, sequenceId = 1) => () => ({ attribute: attribute()._id, sequenceId, threshold });
  it.each([
    ['no name', () => ({ frequency: 'Daily' }), 'name'],
    ['an unknown attribute', () => ({ checklistItems: [{ attribute: 'no-such-attribute', sequenceId: 1 }] }), 'checklistItems[0].attribute'],
    ['an attribute twice', () => ({ checklistItems: [item(() => leak, null, 1)(), item(() => leak, null, 2)()] }), 'checklistItems[1].attribute'],
    ['a text threshold on a number', () => ({ checklistItems: [item(() => temperature, { operation: 'greater than', value: '80' })()] }), 'checklistItems[0].threshold.value'],
    ['a yes/no text on a boolean', () => ({ checklistItems: [item(() => leak, { operation: 'equal', value: 'yes' })()] }), 'checklistItems[0].threshold.value'],
    ['a value outside the options', () => ({ checklistItems: [item(() => condition, { operation: 'equal', value: 'broken' })()] }), 'checklistItems[0].threshold.value'],
    ['a number on a text attribute', () => ({ checklistItems: [item(() => remark, { operation: 'equal', value: 5 })()] }), 'checklistItems[0].threshold.value'],
    ['an unknown operation', () => ({ checklistItems: [item(() => temperature, { operation: 'between', value: 5 })()] }), 'checklistItems[0].threshold.operation'],
    ['a threshold without value', () => ({ checklistItems: [item(() => temperature, { operation: 'at most' })()] }), 'checklistItems[0].threshold.value'],
    ['an unknown alert level', () => ({ checklistItems: [item(() => temperature, { operation: 'at most', value: 5, level: 'no-such-level' })()] }), 'checklistItems.threshold.level'],
    ['a missing sequenceId', () => ({ checklistItems: [{ attribute: temperature._id }] }), 'checklistItems[0].sequenceId'],
    ['a fractional sequenceId', () => ({ checklistItems: [{ attribute: temperature._id, sequenceId: 1.5 }] }), 'checklistItems[0].sequenceId'],
    ['repeated sequenceIds', () => ({ checklistItems: [item(() => temperature, null, 3)(), item(() => leak, null, 3)()] }), 'checklistItems'],
    ['a group holding a foreign attribute', () => ({ checklistItems: [item(() => temperature, null)()], groups: [{ name: 'G', attributes: [leak._id] }] }), 'groups[0].attributes'],
    ['a group without a name', () => ({ groups: [{ name: ' ', attributes: [] }] }), 'groups[0].name'],
    ['an unknown script', () => ({ scripts: ['no-such-script'] }), 'scripts'],
    ['a null item', () => ({ checklistItems: [null] }), 'checklistItems[0]'],
    ['an item that is no object', () => ({ checklistItems: [5] }), 'checklistItems[0]'],
    ['an unknown key on an item', () => ({ checklistItems: [{ ...item(() => temperature, null)(), weight: 2 }] }), 'checklistItems[0].weight'],
  ])('answers 400 for %s, naming the field, and writes nothing', async (_what, body, field) => {
    const before = await checklistNames();
    const payload = field === 'name' ? body() : { name: 'Test rejected checklist', ...body() };
    expectError(await api.post('/checklist', payload), 400, field);
    expect(await checklistNames()).toEqual(before);
  });

  it('answers 403 to users without manage-checklist and creates nothing', async () => {
    expectError(await api.post('/checklist', { name: 'Test sneaky' }, 'engineer'), 403);
    expectError(await api.post('/checklist', { name: 'Test sneaky' }, 'technician'), 403);
    expect(await checklistNames()).not.toContain('Test sneaky');
  });
});

describe('checklist list', () => {
  it('sorts by name by default, ignoring case', async () => {
    for (const name of ['Test zz boiler', 'test AA lift', 'Test mm gate']) await api.create('checklist', { name });
    const list = await api.list('checklist');
    expect(orderOf(list, ['Test zz boiler', 'test AA lift', 'Test mm gate'])).toEqual(['test AA lift', 'Test mm gate', 'Test zz boiler']);
    expect(orderOf(await api.list('checklist', { orderBy: '-name' }), ['Test zz boiler', 'test AA lift', 'Test mm gate'])).toEqual([
      'Test zz boiler',
      'Test mm gate',
      'test AA lift',
    ]);
  });

  it.each(['name', 'name,frequency', 'name,frequency,checklistItems', 'name,checklistItems'])('projects fields=%s', async (fields) => {
    const list = await api.list('checklist', { fields });
    expect(list.length).toBeGreaterThan(3);
    for (const row of list) expect(Object.keys(row).sort()).toEqual(['_id', ...fields.split(',')].sort());
  });

  it('is readable by technicians (read-checklist) but not by the on-site role', async () => {
    const list = await api.list('checklist', { fields: 'name,checklistItems' }, 'technician');
    expect(list.find((c) => c.name === 'Test pump weekly')?.checklistItems).toHaveLength(4);
    expectError(await api.get('/checklist', 'onsite'), 403);
  });
});

describe('PUT /checklist/{id}', () => {
  it('updates the fields sent; the others keep their values', async () => {
    const created = await api.create('checklist', fullChecklist('Test boiler weekly'));
    const saved = ok<Doc>(await api.put(`/checklist/${created._id}`, { frequency: 'Monthly' }));
    expect(saved).toMatchObject({ name: 'Test boiler weekly', frequency: 'Monthly', scripts: created.scripts, checklistItems: created.checklistItems, groups: created.groups });
    expect((await api.read('checklist', created._id)).frequency).toBe('Monthly');
  });

  it('saves reordered items (swapped sequence ids)', async () => {
    const created = await api.create('checklist', fullChecklist('Test reorder'));
    const items = (created.checklistItems as Doc[]).map((entry) =>
      entry.sequenceId === 1 ? { ...entry, sequenceId: 2 } : entry.sequenceId === 2 ? { ...entry, sequenceId: 1 } : entry,
    );
    const saved = ok<Doc>(await api.put(`/checklist/${created._id}`, { checklistItems: items }));
    expect((saved.checklistItems as Doc[]).find((entry) => entry.attribute === temperature._id)?.sequenceId).toBe(2);
  });

  it('checks the merged checklist: dropping an item still in a group is refused', async () => {
    const created = await api.create('checklist', fullChecklist('Test grouped'));
    const withoutLeak = (created.checklistItems as Doc[]).filter((entry) => entry.attribute !== leak._id);
    expectError(await api.put(`/checklist/${created._id}`, { checklistItems: withoutLeak }), 400, 'groups[0].attributes');
    expect((await api.read('checklist', created._id)).checklistItems).toHaveLength(4);
  });

  it('refuses bad input and a taken name, changing nothing', async () => {
    const created = await api.create('checklist', fullChecklist('Test lift monthly'));
    expectError(await api.put(`/checklist/${created._id}`, { name: 'test pump WEEKLY' }), 409);
    const badThreshold = (created.checklistItems as Doc[]).map((entry) => (entry.attribute === condition._id ? { ...entry, threshold: { operation: 'equal', value: 'unknown' } } : entry));
    expectError(await api.put(`/checklist/${created._id}`, { checklistItems: badThreshold }), 400, 'checklistItems[2].threshold.value');
    expectError(await api.put(`/checklist/${created._id}`, { frequency: 7 }), 400, 'frequency');
    expect(await api.read('checklist', created._id)).toMatchObject({ name: 'Test lift monthly', frequency: 'Weekly', checklistItems: created.checklistItems });
  });

  it('answers 403 without manage-checklist and 404 for an unknown id', async () => {
    const created = await api.create('checklist', { name: 'Test guarded checklist', frequency: 'Daily' });
    expectError(await api.put(`/checklist/${created._id}`, { frequency: 'Never' }, 'technician'), 403);
    expect((await api.read('checklist', created._id)).frequency).toBe('Daily');
    expectError(await api.put('/checklist/unknown', { frequency: 'Daily' }), 404);
  });
});

describe('DELETE /checklist/{id}', () => {
  it("takes the checklist off the assets' checklists and checklist options", async () => {
    const doomed = await api.create('checklist', { name: 'Test doomed' });
    const kept = await api.create('checklist', { name: 'Test kept' });
    const asset = await api.create('asset', {
      name: 'Test cooling tower',
      identification: 'TST-CT',
      checklists: [doomed._id, kept._id],
      checklistOptions: [
        { name: 'Both', btnName: 'Full check', checklistIds: [doomed._id, kept._id] },
        { name: 'Only doomed', btnName: 'Quick', checklistIds: [doomed._id] },
      ],
    });
    const untouched = await api.create('asset', { name: 'Test untouched asset', identification: 'TST-UNTOUCHED', checklists: [kept._id] });

    ok(await api.del(`/checklist/${doomed._id}`));

    expectError(await api.get(`/checklist/${doomed._id}`), 404);
    const after = await api.read('asset', asset._id);
    expect(after.checklists).toEqual([kept._id]);
    expect(after.checklistOptions).toEqual([
      { name: 'Both', btnName: 'Full check', checklistIds: [kept._id] },
      { name: 'Only doomed', btnName: 'Quick', checklistIds: [] },
    ]);
    expect((await api.read('asset', untouched._id)).checklists).toEqual([kept._id]);
  });

  it('answers 403 without manage-checklist and 404 for an unknown id', async () => {
    const created = await api.create('checklist', { name: 'Test protected checklist' });
    expectError(await api.del(`/checklist/${created._id}`, 'engineer'), 403);
    expect(await checklistNames()).toContain('Test protected checklist');
    expectError(await api.del('/checklist/unknown'), 404);
  });
});
