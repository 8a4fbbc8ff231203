import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';

/**
 * Issue 39 §1: refusing a body costs little whatever it holds. Validation stops at the first
 * failure, the widths of objects and arrays are checked before their members are walked, the
 * login's body is refused by its length before it is read, and the answer stays small. Time is
 * measured in bench/ (refusalFlood.ts); here what makes the cost bounded: the answer's size, how
 * many errors it lists, and which check answered.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
});
afterAll(() => t.close());

/** A small answer: the figures the issue measured were 3.1 MB, 23 MB and 30 MB. */
const SMALL_ANSWER_BYTES = 4_096;
/** The widths the issue asks to refuse before walking (docs/decisions.md). */
const MAX_KEYS = 1_000;
const MAX_ITEMS = 10_000;

const post = (url: string, payload: string, as?: string) =>
  t.request({ method: 'POST', url, payload, as, headers: { 'content-type': 'application/json' } });

/** `{"username":"u","password":"p","k0":1,…}`: `count` unknown keys. */
function loginWithUnknownKeys(count: number): string {
  const body: Record<string, unknown> = { username: 'engineer', password: 'demo' };
  for (let i = 0; i < count; i++) body[`k${i}`] = 1;
  return JSON.stringify(body);
}

const zeros = (count: number) => `[${new Array(count).fill('0').join(',')}]`;
const assetCount = async () => (await t.request({ url: '/api/asset?fields=name', as: 'admin' })).json().length as number;

interface ErrorAnswer {
  response: string;
  message: string;
  errors: Record<string, string>;
}

describe('the bodies the issue measured', () => {
  it('refuses a 1 MB login of 95,000 unknown keys by its length (413 naming the limit), in a few bytes', async () => {
    const payload = loginWithUnknownKeys(95_000);
    expect(payload.length).toBeGreaterThan(1_000_000);
    const response = await post('/api/token/login', payload);
    expect(response.statusCode).toBe(413);
    expect(response.body.length).toBeLessThan(SMALL_ANSWER_BYTES);
    expect(response.json()).toEqual({ response: 'error', message: 'body is larger than the allowed 8 KB' });
  });

  it('still signs in with the longest username and password, every character escaped', async () => {
    // 200 and 1,024 characters, the schema's maxima, each sent as a \u escape: the body a person
    // could send at most. It must pass the length check and reach the password check (401).
    const escaped = (length: number) => '\\u00e9'.repeat(length);
    const payload = `{"username":"${escaped(200)}","password":"${escaped(1024)}"}`;
    const response = await post('/api/token/login', payload);
    expect(response.statusCode).toBe(401);
  });

  it('refuses a thermography note whose notes are 520,000 zeros, naming notes, in a small answer', async () => {
    const response = await post('/api/thermographyNote', `{"assetIdentification":"FEX-001","notes":${zeros(520_000)}}`, 'thermo.tech');
    expect(response.statusCode).toBe(400);
    expect(response.body.length).toBeLessThan(SMALL_ANSWER_BYTES);
    const body = response.json() as ErrorAnswer;
    expect(Object.keys(body.errors)).toEqual(['notes']);
    expect(body.message).toBe(`notes must hold at most ${MAX_ITEMS} items`);
  });

  it('refuses an asset whose checklists are 520,000 zeros, naming checklists, and stores nothing', async () => {
    const before = await assetCount();
    const response = await post('/api/asset', `{"name":"Pump 9","identification":"P-9","checklists":${zeros(520_000)}}`, 'admin');
    expect(response.statusCode).toBe(400);
    expect(response.body.length).toBeLessThan(SMALL_ANSWER_BYTES);
    expect(Object.keys((response.json() as ErrorAnswer).errors)).toEqual(['checklists']);
    expect(await assetCount()).toBe(before);
  });
});

describe('validation stops at the first failure', () => {
  it('names one unknown key of a login with many (Ajv), not every one', async () => {
    const response = await post('/api/token/login', loginWithUnknownKeys(300));
    expect(response.statusCode).toBe(400);
    const body = response.json() as ErrorAnswer;
    expect(Object.keys(body.errors)).toHaveLength(1);
    expect(body.message).toMatch(/^k\d+ is not allowed$/);
  });

  it('names one wrong item of an entity body with thousands (yup), not every one', async () => {
    // 9,000 numbers where ids (strings) belong: under the width bound, so yup sees them all.
    const numbers = `[${Array.from({ length: 9_000 }, (_, i) => i).join(',')}]`;
    const before = await assetCount();
    const response = await post('/api/asset', `{"name":"Pump 10","identification":"P-10","checklists":${numbers}}`, 'admin');
    expect(response.statusCode).toBe(400);
    expect(response.body.length).toBeLessThan(SMALL_ANSWER_BYTES);
    expect(Object.keys((response.json() as ErrorAnswer).errors)).toHaveLength(1);
    expect(await assetCount()).toBe(before);
  });

  it('names one failing field of an entity body with unknown keys and wrong values (yup)', async () => {
    const body: Record<string, unknown> = { name: 11, identification: 12, message: 13 };
    for (let i = 0; i < 900; i++) body[`extra${i}`] = 'x';
    const response = await post('/api/asset', JSON.stringify(body), 'admin');
    expect(response.statusCode).toBe(400);
    expect(Object.keys((response.json() as ErrorAnswer).errors)).toHaveLength(1);
  });
});

describe('widths are refused before the members are walked', () => {
  it(`refuses an object of more than ${MAX_KEYS} keys by its width, before a bad key inside it`, async () => {
    const body: Record<string, unknown> = {};
    for (let i = 0; i < MAX_KEYS; i++) body[`k${i}`] = 1;
    // A NUL in the last key would be named if the walk went through the members first.
    body['bad\u0000'] = 1;
    const response = await post('/api/script/run', JSON.stringify({ code: 'return 1', input: body }), 'admin');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { input: `input must hold at most ${MAX_KEYS} fields` } });
  });

  it(`refuses an array of more than ${MAX_ITEMS} items by its length, before a bad string inside it`, async () => {
    const items = [...new Array(MAX_ITEMS).fill(0), 'bad\u0000'];
    const response = await post('/api/script/run', JSON.stringify({ code: 'return 1', input: { list: items } }), 'admin');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errors: { 'input.list': `input.list must hold at most ${MAX_ITEMS} items` } });
  });

  it('accepts the widest object and array the bound allows', async () => {
    const wide: Record<string, unknown> = {};
    for (let i = 0; i < MAX_KEYS; i++) wide[`k${i}`] = i;
    const input = { wide, long: new Array(MAX_ITEMS).fill(1) };
    const response = await post('/api/script/run', JSON.stringify({ code: 'return Object.keys(input.wide).length + input.long.length', input }), 'admin');
    expect(response.statusCode).toBe(200);
    expect(JSON.stringify(response.json())).toContain(String(MAX_KEYS + MAX_ITEMS));
  });
});

describe('the answer stays small whatever the request named', () => {
  it('cuts a 100,000-character field name in the answer', async () => {
    const key = 'x'.repeat(100_000);
    const response = await post('/api/token/login', JSON.stringify({ username: 'a', password: 'b', [key]: 1 }).slice(0, 7_000) + '}');
    // The login refuses it as over-long JSON or by its length: never a 100 KB answer.
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.body.length).toBeLessThan(SMALL_ANSWER_BYTES);
    const asset = await post('/api/asset', JSON.stringify({ name: 'Pump 12', identification: 'P-12', [key]: 1 }), 'admin');
    expect(asset.statusCode).toBe(400);
    expect(asset.body.length).toBeLessThan(SMALL_ANSWER_BYTES);
    const answer = asset.json() as ErrorAnswer;
    const [field] = Object.keys(answer.errors);
    expect(field!.startsWith('xxxx')).toBe(true);
    expect(field!.endsWith('…')).toBe(true);
  });
});

describe('input checks come before access rules', () => {
  it('answers a repeated fields parameter on GET /user/{id} with a 400 naming fields, for a non-admin too', async () => {
    const self = (await t.request({ url: '/api/token/init', as: 'technician' })).json() as { _id: string };
    for (const as of ['technician', 'thermo.tech', 'admin']) {
      const response = await t.request({ url: `/api/user/${self._id}?fields=name&fields=email`, as });
      expect(response.statusCode, as).toBe(400);
      expect(response.json(), as).toEqual({ response: 'error', message: 'fields must be given once', errors: { fields: 'fields must be given once' } });
    }
  });
});
