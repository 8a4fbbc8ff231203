import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withRecipe } from '../../fixtures/recipe/recipeApp';
import { toolResource } from '../../fixtures/recipe/tool.server';
import { describeCrudResource } from '../../helpers/describeCrudResource';
import { createTestApp, type TestApp } from '../helpers/testApp';


// The README recipe's Tool registered into a test app with its generated migration: its API is
// the one every declared resource has (name required and unique, each field checked by its kind).
describeCrudResource(
  toolResource,
  {
    body: { name: 'Torque wrench 40-200 Nm', serialNumber: 'TW-2231', calibrationDue: '2026-09-30', quantity: 2, condition: 'good', notes: 'Calibrated by the lab' },
    change: { quantity: 1, condition: 'worn', calibrationDue: '2027-03-31' },
    invalid: { body: { name: 'Bad Day Caliper', calibrationDue: '2026-02-30' }, field: 'calibrationDue' },
  },
  withRecipe(),
);

describe('the permission a declaration names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, withRecipe());
  });
  afterAll(() => t.close());

  it('is built in like the listed ones: deleting manage-tool is refused (409)', async () => {
    const list = await t.request({ as: 'admin', method: 'GET', url: '/api/permission' });
    const toolPermission = (list.json() as { _id: string; name: string }[]).find((permission) => permission.name === 'manage-tool');
    expect(toolPermission).toBeDefined();
    const refused = await t.request({ as: 'admin', method: 'DELETE', url: `/api/permission/${toolPermission!._id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Permission "manage-tool" is built into the application and cannot be deleted');
  });
});

describe('what the field kinds refuse', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, withRecipe());
  });
  afterAll(() => t.close());

  const refusal = async (body: Record<string, unknown>) => {
    const response = await t.request({ as: 'admin', method: 'POST', url: '/api/tool', payload: { name: 'Refused tool', ...body } });
    return { status: response.statusCode, message: response.json().message as string, errors: response.json().errors as Record<string, string> };
  };

  // field.integer('Quantity', { min: 0 }): a whole number from 0 up to what PostgreSQL's integer holds.
  it('answers 400 naming quantity for a quantity below 0', async () => {
    expect(await refusal({ quantity: -1 })).toEqual({ status: 400, message: 'Quantity must be at least 0 (quantity)', errors: { quantity: 'Quantity must be at least 0' } });
  });

  it('answers 400 naming quantity for a quantity past PostgreSQL integer', async () => {
    expect(await refusal({ quantity: 3e9 })).toEqual({ status: 400, message: 'Quantity must be at most 2147483647 (quantity)', errors: { quantity: 'Quantity must be at most 2147483647' } });
  });

  // field.choice('Condition', ['good', 'worn', 'damaged']).
  it('answers 400 naming condition for a condition not among its options', async () => {
    expect(await refusal({ condition: 'lost' })).toEqual({
      status: 400,
      message: 'Condition must be one of: good, worn, damaged (condition)',
      errors: { condition: 'Condition must be one of: good, worn, damaged' },
    });
  });

  it('writes none of the refused records', async () => {
    const list = await t.request({ as: 'admin', method: 'GET', url: '/api/tool' });
    expect(list.json()).toEqual([]);
  });
});

describe('what the server derives for a declaration without defaultOrder, searchFields or read', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, undefined, withRecipe());
    for (const body of [
      { name: 'Zeta torque wrench', serialNumber: 'ZT-100', calibrationDue: '2026-03-01', quantity: 3, condition: 'good', notes: 'caliper case' },
      { name: 'acme Caliper', serialNumber: 'AC-200', calibrationDue: null, quantity: 1, condition: 'damaged', notes: '' },
      { name: 'Beta Multimeter', serialNumber: 'BM-300', calibrationDue: '2025-12-31', quantity: 0, condition: 'worn', notes: '' },
    ]) expect((await t.request({ as: 'admin', method: 'POST', url: '/api/tool', payload: body })).statusCode).toBe(200);
  });
  afterAll(() => t.close());

  const names = async (url: string, as = 'admin') => {
    const response = await t.request({ as, method: 'GET', url });
    return response.statusCode === 200 ? (response.json() as { name: string }[]).map((tool) => tool.name) : response.statusCode;
  };

  it('lists by name, ignoring case (spec §2.9)', async () => {
    expect(await names('/api/tool')).toEqual(['acme Caliper', 'Beta Multimeter', 'Zeta torque wrench']);
  });

  it('searches the text and choice fields (name, serial number, condition), not the long-text notes or the date', async () => {
    const q = (text: string) => `/api/tool?filter=${encodeURIComponent(JSON.stringify({ q: text }))}`;
    expect(await names(q('caliper'))).toEqual(['acme Caliper']);
    expect(await names(q('BM-3'))).toEqual(['Beta Multimeter']);
    expect(await names(q('worn'))).toEqual(['Beta Multimeter']);
    expect(await names(q('2026-03'))).toEqual([]);
  });

  it('lets only holders of the write permission read', async () => {
    expect(await names('/api/tool', 'technician')).toBe(403);
  });
});
