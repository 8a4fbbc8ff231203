import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { assets } from '../../../server/db/schema';
import { adminApi, copyBodyOf, expectError, ok, orderOf, sortedIgnoringCase, type Doc } from './adminApi';

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let weekly: Doc;
let monthly: Doc;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  weekly = await api.create('checklist', { name: 'Test asset weekly', frequency: 'Weekly' });
  monthly = await api.create('checklist', { name: 'Test asset monthly', frequency: 'Monthly' });
});
afterAll(() => t.close());

const assetNames = async () => (await api.list('asset')).map((a) => a.name as string);

const fullAsset = (name: string) => ({
  name,
  identification: `QR-${name.replace(/\W+/g, '-').toUpperCase()}`,
  tags: ['Test roof', 'Test HVAC'],
  checklists: [weekly._id, monthly._id],
  staticAttributes: [
    { name: 'Test manufacturer', value: 'Acme', type: 'string', sequenceId: 1 },
    { name: 'Test manual', value: '/files/manual.pdf', type: 'file', sequenceId: 2 },
  ],
  checklistOptions: [{ name: 'Routine', btnName: 'Weekly round', checklistIds: [weekly._id] }],
  message: '<p>Lock out first</p>',
});

describe('POST /asset', () => {
  it('creates an asset from a name and an identification, with empty defaults', async () => {
    const created = await api.create('asset', { name: 'Test bare asset', identification: 'QR-BARE' });
    expect(created).toMatchObject({ name: 'Test bare asset', identification: 'QR-BARE', tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' });
    expect(await api.read('asset', created._id)).toMatchObject({ name: 'Test bare asset' });
  });

  it('saves the whole asset; a static attribute type defaults to string', async () => {
    const body = fullAsset('Test rooftop unit');
    const created = await api.create('asset', {
      ...body,
      staticAttributes: [...body.staticAttributes, { name: 'Test photo note', value: 'x', sequenceId: 3 }],
    });
    const read = await api.read('asset', created._id);
    expect(read).toMatchObject({ ...body, staticAttributes: [...body.staticAttributes, { name: 'Test photo note', value: 'x', type: 'string', sequenceId: 3 }] });
  });

  it('creates a copy with the same tags, checklists and attributes once the cleared identification is given again', async () => {
    const original = await api.read('asset', (await api.create('asset', fullAsset('Test chiller A')))._id);
    // The dialog clears it (spec §2.9): sent blank, the copy is refused naming it, and nothing is stored.
    const before = await assetNames();
    expectError(await api.post('/asset', { ...copyBodyOf(original, 'Test chiller B'), identification: '' }), 400, 'identification');
    expect(await assetNames()).toEqual(before);
    const copy = await api.create('asset', { ...copyBodyOf(original, 'Test chiller B'), identification: 'QR-TEST-CHILLER-B' });
    expect(copy._id).not.toBe(original._id);
    expect(copy).toMatchObject({
      name: 'Test chiller B',
      identification: 'QR-TEST-CHILLER-B',
      tags: original.tags,
      checklists: original.checklists,
      staticAttributes: original.staticAttributes,
      checklistOptions: original.checklistOptions,
      message: original.message,
    });
    expect((await api.read('asset', original._id)).identification).toBe(original.identification);
  });

  it('refuses a name already taken, ignoring case and surrounding blanks, with 409', async () => {
    const before = await assetNames();
    for (const name of ['TEST BARE ASSET', ' Test bare asset ']) {
      const refused = expectError(await api.post('/asset', { name, identification: 'QR-TAKEN' }), 409);
      expect(refused.message).toBe(`Asset with the name "${name.trim()}" already exists`);
    }
    expect(await assetNames()).toEqual(before);
  });

  it.each([
    ['no name', { identification: 'X-1' }, 'name'],
    ['a blank name', { name: ' \t ', identification: 'X-1' }, 'name'],
    ['an unknown checklist', { name: 'Test A', identification: 'X-1', checklists: ['no-such-checklist'] }, 'checklists'],
    ['an unknown checklist in an option', { name: 'Test A', identification: 'X-1', checklistOptions: [{ name: 'O', btnName: 'B', checklistIds: ['nope'] }] }, 'checklistOptions.checklistIds'],
    ['an option without name', { name: 'Test A', identification: 'X-1', checklistOptions: [{ btnName: 'B', checklistIds: [] }] }, 'checklistOptions[0].name'],
    ['a blank tag', { name: 'Test A', identification: 'X-1', tags: ['ok', '  '] }, 'tags'],
    ['a tag that is no text', { name: 'Test A', identification: 'X-1', tags: [5] }, 'tags'],
    ['a null tag', { name: 'Test A', identification: 'X-1', tags: [null] }, 'tags'],
    ['tags as one string', { name: 'Test A', identification: 'X-1', tags: 'roof' }, 'tags'],
    ['an unknown static attribute type', { name: 'Test A', identification: 'X-1', staticAttributes: [{ name: 'Doc', value: 'x', type: 'pdf', sequenceId: 1 }] }, 'staticAttributes[0].type'],
    ['a static attribute without sequenceId', { name: 'Test A', identification: 'X-1', staticAttributes: [{ name: 'Doc', value: 'x' }] }, 'staticAttributes[0].sequenceId'],
    ['a static attribute without name', { name: 'Test A', identification: 'X-1', staticAttributes: [{ name: '', value: 'x', sequenceId: 1 }] }, 'staticAttributes[0].name'],
    ['an unknown key', { name: 'Test A', identification: 'X-1', location: 'Roof' }, 'location'],
  ])('answers 400 for %s, naming the field, and writes nothing', async (_what, payload, field) => {
    const before = await assetNames();
    expectError(await api.post('/asset', payload), 400, field);
    expect(await assetNames()).toEqual(before);
  });

  it('ignores the read-only fields a client sends back (_id, createdAt, updatedAt)', async () => {
    const created = await api.create('asset', { name: 'Test echo', identification: 'QR-ECHO', _id: 'chosen-id', createdAt: 1, updatedAt: 2 });
    expect(created._id).not.toBe('chosen-id');
    expect(created.createdAt).toBeGreaterThan(1_600_000_000_000);
  });

  it('answers 403 to users without manage-asset and creates nothing', async () => {
    expectError(await api.post('/asset', { name: 'Test sneaky asset' }, 'technician'), 403);
    expectError(await api.post('/asset', { name: 'Test sneaky asset' }, 'engineer'), 403);
    expect(await assetNames()).not.toContain('Test sneaky asset');
  });
});

describe('what an asset may hold (docs/administration.md: bounds)', () => {
  // The written bounds: 50 tags of at most 100 characters, 1,000 ids in a list.
  const manyTags = (n: number) => Array.from({ length: n }, (_, i) => `Bound tag ${i}`);
  const manyIds = (n: number) => Array.from({ length: n }, (_, i) => `no-such-checklist-${i}`);
  const assetsStored = async () => (await t.app.services.db.select({ n: count() }).from(assets))[0]?.n ?? 0;
  const body = (fields: Record<string, unknown>) => ({ name: 'Test bounded asset', identification: 'QR-BOUNDED', ...fields });

  it.each([
    // A field module's words (DESIGN §15): the label's message in errors, the field as sent after it in message.
    ['no identification', { identification: undefined }, 'identification', 'Identification is required'],
    ['an empty identification', { identification: '' }, 'identification', 'Identification is required'],
    ['a blank identification', { identification: ' \t ' }, 'identification', 'Identification must not be blank'],
    // Past any body's width (10,000 items, server/http/inputHygiene.ts), refused before validation: named all the same.
    ['20,000 tags', { tags: manyTags(20_000) }, 'tags', undefined],
    ['51 tags', { tags: manyTags(51) }, 'tags', 'tags must hold at most 50 values'],
    ['a tag of 101 characters', { tags: ['Test roof', 'x'.repeat(101)] }, 'tags', 'tags must each be at most 100 characters'],
    ['1,001 checklist ids', { checklists: manyIds(1001) }, 'checklists', 'Checklists must hold at most 1000 values'],
    [
      '1,001 checklist ids in an option',
      { checklistOptions: [{ name: 'All', btnName: 'All', checklistIds: manyIds(1001) }] },
      'checklistOptions[0].checklistIds',
      'checklistOptions[0].checklistIds must hold at most 1000 values',
    ],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_what, fields, field, message) => {
    const before = await assetsStored();
    const refused = expectError(await api.post('/asset', body(fields)), 400, field);
    if (message !== undefined) expect(refused).toMatchObject({ message: message.includes(field) ? message : `${message} (${field})`, errors: { [field]: message } });
    expect(await assetsStored()).toBe(before);
  });

  it('takes 50 tags of 100 characters', async () => {
    const tags = manyTags(50).map((tag) => tag.padEnd(100, '.'));
    const created = await api.create('asset', body({ name: 'Test fully tagged', tags }));
    expect((await api.read('asset', created._id)).tags).toEqual(tags);
  });

  it('refuses to blank the identification of a stored asset, changing nothing', async () => {
    const created = await api.create('asset', fullAsset('Test labelled pump'));
    for (const identification of ['', '   ']) expectError(await api.put(`/asset/${created._id}`, { identification }), 400, 'identification');
    expect((await api.read('asset', created._id)).identification).toBe(fullAsset('Test labelled pump').identification);
  });

  it('stores the identification trimmed, so a scan of its label finds the asset', async () => {
    const created = await api.create('asset', body({ name: 'Test padded label', identification: '  QR-PADDED \t' }));
    expect(created.identification).toBe('QR-PADDED');
    expect(ok<Doc>(await api.get('/asset/identification/QR-PADDED')).name).toBe('Test padded label');
  });
});

describe('asset list', () => {
  it('sorts by name by default, ignoring case', async () => {
    for (const name of ['test zz tank', 'Test AA tank', 'Test mm tank']) await api.create('asset', { name, identification: 'QR-TANK' });
    const list = await api.list('asset');
    expect(orderOf(list, ['test zz tank', 'Test AA tank', 'Test mm tank'])).toEqual(['Test AA tank', 'Test mm tank', 'test zz tank']);
    const names = list.map((a) => a.name as string);
    expect(names).toEqual(sortedIgnoringCase(names));
  });

  it('sorts with orderBy=name and descending with orderBy=-name', async () => {
    const asc = (await api.list('asset', { orderBy: 'name', fields: 'name' })).map((a) => a.name as string);
    expect(asc).toEqual(sortedIgnoringCase(asc));
    const desc = (await api.list('asset', { orderBy: '-name', fields: 'name' })).map((a) => a.name as string);
    expect(desc).toEqual([...asc].reverse());
  });

  it.each(['id,name', 'name,identification,checklists', 'name,identification,tags,checklists'])('projects fields=%s', async (fields) => {
    const list = await api.list('asset', { fields });
    expect(list.length).toBeGreaterThan(3);
    const expected = ['_id', ...fields.split(',').filter((f) => f !== 'id')].sort();
    for (const row of list) expect(Object.keys(row).sort()).toEqual(expected);
  });

  it('is readable by technicians (read-asset)', async () => {
    const list = await api.list('asset', { fields: 'name' }, 'technician');
    expect(list.map((a) => a.name)).toContain('Test rooftop unit');
  });
});

describe('PUT /asset/{id}', () => {
  it('updates the fields sent; the others keep their values', async () => {
    const created = await api.create('asset', fullAsset('Test boiler 1'));
    const saved = ok<Doc>(await api.put(`/asset/${created._id}`, { tags: ['Test basement'] }));
    expect(saved).toMatchObject({ ...fullAsset('Test boiler 1'), tags: ['Test basement'] });
    expect(await api.read('asset', created._id)).toMatchObject({ tags: ['Test basement'], checklists: [weekly._id, monthly._id] });
  });

  it('accepts the whole asset sent back as read (with _id and timestamps)', async () => {
    const created = await api.read('asset', (await api.create('asset', fullAsset('Test boiler 2')))._id);
    const saved = ok<Doc>(await api.put(`/asset/${created._id}`, { ...created, message: 'Updated' }));
    expect(saved).toMatchObject({ _id: created._id, message: 'Updated', checklists: created.checklists });
    expect(saved.updatedAt).toBeGreaterThanOrEqual(created.updatedAt);
  });

  it('refuses bad input and a taken name, changing nothing', async () => {
    const created = await api.create('asset', fullAsset('Test boiler 3'));
    expectError(await api.put(`/asset/${created._id}`, { name: 'test BOILER 1' }), 409);
    expectError(await api.put(`/asset/${created._id}`, { checklists: [weekly._id, 'gone'] }), 400, 'checklists');
    expectError(await api.put(`/asset/${created._id}`, { identification: 42 }), 400, 'identification');
    expect(await api.read('asset', created._id)).toMatchObject(fullAsset('Test boiler 3'));
  });

  it('answers 403 without manage-asset and 404 for an unknown id', async () => {
    const created = await api.create('asset', { name: 'Test guarded asset', identification: 'QR-GUARDED' });
    expectError(await api.put(`/asset/${created._id}`, { message: 'hacked' }, 'engineer'), 403);
    expect((await api.read('asset', created._id)).message).toBe('');
    expectError(await api.put('/asset/unknown', { message: 'x' }), 404);
  });
});

describe('DELETE /asset/{id}', () => {
  it('deletes an asset', async () => {
    const created = await api.create('asset', { name: 'Test scrapped pump', identification: 'QR-SCRAPPED' });
    const body = ok<Doc>(await api.del(`/asset/${created._id}`));
    expect(body._id).toBe(created._id);
    expectError(await api.get(`/asset/${created._id}`), 404);
    expect(await assetNames()).not.toContain('Test scrapped pump');
    expectError(await api.del(`/asset/${created._id}`), 404);
  });

  it('answers 403 without manage-asset', async () => {
    const created = await api.create('asset', { name: 'Test protected asset', identification: 'QR-PROTECTED' });
    expectError(await api.del(`/asset/${created._id}`, 'technician'), 403);
    expect(await assetNames()).toContain('Test protected asset');
  });
});

describe('masterdata', () => {
  beforeAll(async () => {
    await api.create('asset', {
      name: 'Test tagged 1',
      identification: 'QR-TAGGED-1',
      tags: ['test zulu', 'Test Alpha', 'test mike'],
      staticAttributes: [{ name: 'test Weight', value: '5', sequenceId: 1 }, { name: 'Test colour', value: 'red', sequenceId: 2 }],
    });
    await api.create('asset', {
      name: 'Test tagged 2',
      identification: 'QR-TAGGED-2',
      tags: ['Test Alpha', ' test zulu '],
      staticAttributes: [{ name: 'Test colour', value: 'blue', sequenceId: 1 }, { name: ' test Weight', value: '6', sequenceId: 2 }],
    });
    // Data from before validation: blank tags and static attribute names.
    await t.app.services.db.insert(assets).values({
      _id: 'legacy-blank-values',
      name: 'Test legacy asset',
      tags: ['', '   '],
      staticAttributes: [{ name: '  ', value: 'x', type: 'string', sequenceId: 1 }],
    });
  });

  it('lists every tag once, trimmed, without empties, sorted ignoring case', async () => {
    const tags = ok<string[]>(await api.get('/masterdata/assetTags', 'technician'));
    expect(tags.filter((tag) => tag.toLowerCase().startsWith('test '))).toEqual(['Test Alpha', 'Test basement', 'Test HVAC', 'test mike', 'Test roof', 'test zulu']);
    expect(tags).toEqual(sortedIgnoringCase(tags));
    expect(new Set(tags).size).toBe(tags.length);
    for (const tag of tags) expect(tag.trim()).toBe(tag);
    expect(tags.every((tag) => tag.length > 0)).toBe(true);
  });

  it('lists every static attribute name once, trimmed, without empties, sorted ignoring case', async () => {
    const keys = ok<string[]>(await api.get('/masterdata/assetStaticAttributeKeys', 'technician'));
    expect(keys.filter((key) => key.toLowerCase().startsWith('test '))).toEqual([
      'Test colour',
      'Test manual',
      'Test manufacturer',
      'Test photo note',
      'test Weight',
    ]);
    expect(keys).toEqual(sortedIgnoringCase(keys));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.every((key) => key.trim() === key && key.length > 0)).toBe(true);
  });

  it('follows the assets: a tag no asset carries any more disappears', async () => {
    const [tagged] = await api.list('asset', { filter: { q: 'Test tagged 1' } });
    ok(await api.put(`/asset/${tagged!._id}`, { tags: ['Test Alpha'] }));
    const tags = ok<string[]>(await api.get('/masterdata/assetTags'));
    expect(tags).not.toContain('test mike');
    expect(tags).toContain('test zulu');
  });

  it('needs a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/masterdata/assetTags' });
    expect(response.statusCode).toBe(401);
  });
});
