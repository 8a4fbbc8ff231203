import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crudResources } from '../../../server/crud/registry';
import { stockItemResource, stockItems } from '../../fixtures/fieldKinds/stockItem';
import { createTestApp, type TestApp } from '../helpers/testApp';

// The hand-written DDL of a table holding every stored kind (DESIGN §15: integer, numeric with its scale, date, timestamp, text[]…).
const migration = readFileSync(new URL('../../fixtures/fieldKinds/stockItem.sql', import.meta.url), 'utf8');

describe('the table a declaration derives', () => {
  it('is the one drizzle-kit writes a migration for: the columns each kind says', async () => {
    const { generateDrizzleJson, generateMigration } = await import('drizzle-kit/api');
    const statements = await generateMigration(generateDrizzleJson({}), generateDrizzleJson({ stockItems }));
    const normalise = (sql: string) => sql.replace(/\s+/g, ' ').trim();
    expect(statements.map(normalise)).toEqual(migration.split('--> statement-breakpoint').map(normalise));
  });
});

describe('stored field kinds through the CRUD API', () => {
  let t: TestApp;
  const create = (body: Record<string, unknown>) => t.request({ as: 'admin', method: 'POST', url: '/api/stockItem', payload: body });
  const list = async (query = '') => (await t.request({ as: 'admin', method: 'GET', url: `/api/stockItem${query}` }));

  beforeAll(async () => {
    t = await createTestApp({}, undefined, { resources: [...crudResources, stockItemResource], migrations: [migration] });
    for (const body of [
      { name: 'Impeller', partNumber: 'P-100', quantity: 10, reorderLevel: 4, unitCost: 1e10, rating: 7.5, criticality: 'high', trades: ['mechanical'], warrantyEnds: '2027-06-30', arrivedAt: Date.UTC(2026, 2, 9) },
      { name: 'Bearing', partNumber: 'B-6204', quantity: 2, reorderLevel: 5, unitCost: 12.5, criticality: 'low', warrantyEnds: '2026-12-31' },
      { name: 'Seal kit', partNumber: 'S-7', quantity: 33, unitCost: 0.99, criticality: 'medium' },
    ]) expect((await create(body)).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  it('keeps the declared field unique, not the name: a 409 naming the part number, whatever its case', async () => {
    expect((await create({ name: 'Impeller', partNumber: 'P-101' })).statusCode).toBe(200);
    const taken = await create({ name: 'Spare impeller', partNumber: ' p-100 ' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ response: 'error', message: 'Stock item with the part number "p-100" already exists', errors: { partNumber: 'Stock item with the part number "p-100" already exists' } });
    const renamed = await t.request({ as: 'admin', method: 'DELETE', url: `/api/stockItem/${((await list('?orderBy=partNumber')).json() as { _id: string; partNumber: string }[]).find((row) => row.partNumber === 'P-101')!._id}` });
    expect(renamed.statusCode).toBe(200);
  });

  it('stores numbers as numbers and answers them so', async () => {
    const rows = (await list('?orderBy=name')).json() as Record<string, unknown>[];
    expect(rows.map((row) => [row.name, row.quantity, row.unitCost, row.rating, row.warrantyEnds, row.arrivedAt])).toEqual([
      ['Bearing', 2, 12.5, null, '2026-12-31', null],
      ['Impeller', 10, 1e10, 7.5, '2027-06-30', Date.UTC(2026, 2, 9)],
      ['Seal kit', 33, 0.99, null, null, null],
    ]);
  });

  it('sorts numbers by value and days by day, and filters on them', async () => {
    const names = async (query: string) => ((await list(query)).json() as { name: string }[]).map((row) => row.name);
    expect(await names(`?sort=${encodeURIComponent('["quantity","ASC"]')}`)).toEqual(['Bearing', 'Impeller', 'Seal kit']);
    expect(await names(`?sort=${encodeURIComponent('["unitCost","DESC"]')}`)).toEqual(['Impeller', 'Bearing', 'Seal kit']);
    expect(await names(`?sort=${encodeURIComponent('["warrantyEnds","ASC"]')}`)).toEqual(['Bearing', 'Impeller', 'Seal kit']);
    expect(await names(`?filter=${encodeURIComponent('{"unitCost":12.5}')}`)).toEqual(['Bearing']);
    expect(await names(`?filter=${encodeURIComponent('{"warrantyEnds":"2027-06-30"}')}`)).toEqual(['Impeller']);
    expect(await names(`?filter=${encodeURIComponent('{"q":"medium"}')}`)).toEqual(['Seal kit']);
  });

  it('answers a filter value its column cannot compare with a 400 naming it', async () => {
    const refused = await list(`?filter=${encodeURIComponent('{"warrantyEnds":"2027-02-30"}')}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ 'filter.warrantyEnds': 'filter.warrantyEnds must be a day as YYYY-MM-DD' });
  });

  it('stores rich text sanitised with the stored-HTML rules, and answers it so', async () => {
    const sent = '<p onclick="steal()">Check the <b>seal</b> for weeping <a href="javascript:alert(1)">here</a><img src="https://evil.example/x.png" onerror="alert(1)"><script>alert(1)</script></p>';
    const created = await create({ name: 'Gasket', partNumber: 'G-1', notes: sent });
    expect(created.statusCode).toBe(200);
    const { _id, notes } = created.json() as { _id: string; notes: string };
    const read = (await t.request({ as: 'admin', method: 'GET', url: `/api/stockItem/${_id}` })).json() as { notes: string };
    for (const stored of [notes, read.notes]) {
      expect(stored).not.toMatch(/<script|onerror|onclick|javascript:|evil\.example/i);
      expect(stored).toContain('Check the <b>seal</b>');
    }
    expect(read.notes).toBe(notes);

    // Saved again with another field changed, the stored rich text passes the rule and stays as it was.
    const updated = await t.request({ as: 'admin', method: 'PUT', url: `/api/stockItem/${_id}`, payload: { quantity: 3 } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().notes).toBe(notes);
    // Searched by default (the server's search looks in the stored HTML: a word of its text is found).
    expect(((await list(`?filter=${encodeURIComponent('{"q":"weeping"}')}`)).json() as { name: string }[]).map((row) => row.name)).toEqual(['Gasket']);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ quantity: 3e9 }, 'quantity', 'Quantity on hand must be at most 2147483647'],
    [{ unitCost: 1e13 }, 'unitCost', 'Unit cost must be at most 9999999999999.99'],
    [{ unitCost: 1.005 }, 'unitCost', 'Unit cost must have at most 2 decimal places'],
    [{ warrantyEnds: '2026-13-01' }, 'warrantyEnds', 'Warranty ends must be a date (YYYY-MM-DD)'],
    [{ arrivedAt: 1e20 }, 'arrivedAt', 'Arrived at must be before the year 3000'],
    [{ contactEmail: 'nobody' }, 'contactEmail', 'Contact email is not a valid email address'],
    [{ notes: 'x'.repeat(2001) }, 'notes', 'Notes must be at most 2000 characters'],
    // Within the bound as sent, past it as stored: 500 ampersands are stored as 500 "&amp;".
    [{ notes: '&'.repeat(500) }, 'notes', 'Notes must be at most 2000 characters'],
  ])('refuses %j with a 400 naming the field as sent, its words in the label', async (values, fieldName, message) => {
    const response = await create({ name: `Refused ${fieldName}`, partNumber: `R-${fieldName}`, ...values });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ response: 'error', message: `${message} (${fieldName})`, errors: { [fieldName]: message } });
    expect(((await list()).json() as { name: string }[]).some((row) => row.name === `Refused ${fieldName}`)).toBe(false);
  });

  it('documents the body with each kind’s bounds (what the fuzzer derives its values from)', async () => {
    const document = (await t.request({ method: 'GET', url: '/api/docs' })).json() as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Record<string, unknown> }> } }>> };
    const bodyOf = (method: string) => document.paths['/api/stockItem/']?.[method] ?? document.paths['/api/stockItem']?.[method];
    const created = bodyOf('post')?.requestBody?.content['application/json']?.schema as { properties: Record<string, unknown>; required?: string[]; additionalProperties?: boolean };
    expect(created.properties.quantity).toEqual({ type: 'integer', minimum: 0, maximum: 2_147_483_647, nullable: true });
    expect(created.properties.criticality).toEqual({ type: 'string', enum: ['', 'low', 'medium', 'high'] });
    expect(created.properties.notes).toEqual({ type: 'string', maxLength: 2000, contentMediaType: 'text/html' });
    expect(created.required).toEqual(['name', 'partNumber']);
    expect(created.additionalProperties).toBe(false);
  });

  it('answers any number, day or list with a 200, or a 400 naming a field it was sent (or its value in a list)', async () => {
    await fc.assert(
      fc.asyncProperty(
        // One field a request: a value refused by another field's rule first would hide this one's.
        fc.oneof(
          fc.record({ quantity: fc.oneof(fc.integer(), fc.maxSafeInteger(), fc.double(), fc.constant(null)) }),
          fc.record({ unitCost: fc.oneof(fc.double(), fc.integer({ min: -1e6, max: 1e6 }).map((cents) => cents / 100), fc.maxSafeInteger()) }),
          fc.record({ rating: fc.oneof(fc.double(), fc.integer({ min: -1e5, max: 1e5 }).map((tenths) => tenths / 10)) }),
          fc.record({ warrantyEnds: fc.oneof(fc.string(), fc.date({ noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10))) }),
          fc.record({ arrivedAt: fc.oneof(fc.double(), fc.maxSafeInteger()) }),
          fc.record({ trades: fc.array(fc.string(), { maxLength: 3 }) }),
          fc.record({ notes: fc.oneof(fc.string(), fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('<p onclick=x>a</p>', '<img src=x onerror=alert(1)>', '<script>alert(1)</script>')) }),
        ),
        async (values) => {
          const response = await create({ name: 'Fuzzed part', partNumber: `F-${Math.random()}`, ...values });
          expect([200, 400]).toContain(response.statusCode);
          // A list's value is named where it is (trades[0]).
          if (response.statusCode === 400) expect(Object.keys(values)).toContain(Object.keys(response.json().errors ?? {})[0]?.replace(/\[\d+\]$/, ''));
        },
      ),
      { numRuns: 300 },
    );
  });
});
