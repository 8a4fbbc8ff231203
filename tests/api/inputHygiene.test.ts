import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';

/**
 * Issue 16 §1: the bad inputs that answered 500 each answer a 400 naming the field (404 for a
 * path id) and write nothing. The fuzzer (tests/api/fuzz) finds such cases on every route; these
 * pin the ones the issue names, with the answers a client sees.
 */
let t: TestApp;
let assetId: string;
beforeAll(async () => {
  // plant.example.com serves the web app with the spec's host rule (PUBLIC_HOSTS).
  t = await createTestApp({ jobsEnabled: false, publicHosts: ['plant.example.com'] });
  assetId = (await t.request({ url: '/api/asset?fields=name', as: 'admin' })).json()[0]._id;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.request({ url, as: 'admin', headers });
const send = (method: 'POST' | 'PUT', url: string, json: string) =>
  t.request({ method, url, as: 'admin', payload: json, headers: { 'content-type': 'application/json' } });
const q = (value: string) => encodeURIComponent(value);
const assetCount = async () => (await get('/api/asset?fields=name')).json().length as number;

/** A 400 in DESIGN §3's shape whose message and `errors` name the field. */
function expectFieldError(response: { statusCode: number; json: () => unknown }, field: string) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { response: string; message: string; errors: Record<string, string> };
  expect(body.response).toBe('error');
  expect(body.errors).toHaveProperty([field]);
  expect(body.message).toContain(field);
}

describe('text PostgreSQL cannot store', () => {
  it('refuses a NUL or a lone surrogate anywhere in a JSON body, naming the field, and writes nothing', async () => {
    const before = await assetCount();
    // Written as JSON escapes, the way a client's JSON.stringify sends them.
    expectFieldError(await send('POST', '/api/asset', '{"name":"Pump\\u0000 7","identification":"P-7"}'), 'name');
    expectFieldError(await send('POST', '/api/asset', '{"name":"Pump 7","identification":"P-\\ud800"}'), 'identification');
    expectFieldError(await send('PUT', `/api/asset/${assetId}`, '{"tags":["ok","bad\\u0000"]}'), 'tags.1');
    expectFieldError(await send('POST', '/api/script/run', '{"code":"return 1","input":{"a\\u0000b":1}}'), 'input.a\\u0000b');
    expect(await assetCount()).toBe(before);
  });

  it('answers 404 for a path id holding one', async () => {
    for (const url of ['/api/asset/%00', '/api/user/a%00b', '/api/table/%00']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().response).toBe('error');
    }
  });

  it('refuses one in a query value, also inside the JSON of filter', async () => {
    expectFieldError(await get(`/api/asset?fields=${q('name\u0000')}`), 'fields');
    expectFieldError(await get(`/api/asset?filter=${q('{"name":"a\\u0000"}')}`), 'filter.name');
    expectFieldError(await get(`/api/asset?filter=${q('{"q":"\\udc00"}')}`), 'filter.q');
  });

  it('answers a %-escape that is not UTF-8 in the address in the same error shape', async () => {
    const response = await get('/api/asset/%ED%A0%80');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ response: 'error' });
  });
});

describe('names that every JavaScript object already holds', () => {
  it('refuses __proto__ and constructor as orderBy, as the field of sort and as a key of filter', async () => {
    expectFieldError(await get('/api/asset?orderBy=__proto__'), 'orderBy');
    expectFieldError(await get('/api/asset?orderBy=-constructor'), 'orderBy');
    expectFieldError(await get(`/api/asset?sort=${q('["__proto__","ASC"]')}`), 'sort');
    expectFieldError(await get(`/api/asset?fields=${q('name,toString')}`), 'fields');
    expectFieldError(await get(`/api/asset?filter=${q('{"__proto__":1}')}`), 'filter.__proto__');
    expectFieldError(await get(`/api/asset?filter=${q('{"constructor":1}')}`), 'filter.constructor');
  });

  it('refuses them as keys of a JSON body, naming the field rather than calling the JSON invalid', async () => {
    expectFieldError(await send('POST', '/api/asset', '{"name":"P","__proto__":{"admin":true}}'), '__proto__');
    expectFieldError(await send('POST', '/api/widget', '{"name":"W","type":"string","options":{"toString":"x"}}'), 'options.toString');
  });

  it('refuses a body nested thousands deep, naming the field', async () => {
    expectFieldError(await send('POST', '/api/script/run', `{"code":"return 1","input":{"a":${'['.repeat(5000)}${']'.repeat(5000)}}}`), 'input');
  });
});

describe('numbers beyond what the database holds', () => {
  it('refuses range=[0,1e308] on the generic lists and on inspections and alerts', async () => {
    for (const url of ['/api/asset', '/api/inspection', '/api/alert']) expectFieldError(await get(`${url}?range=${q('[0,1e308]')}`), 'range');
    expectFieldError(await get(`/api/inspection?range=${q('[1e308,1e308]')}`), 'range');
  });

  it('refuses filter values a column cannot hold, naming the field', async () => {
    expectFieldError(await get(`/api/asset?filter=${q('{"createdAt":1e308}')}`), 'filter.createdAt');
    expectFieldError(await get(`/api/asset?filter=${q('{"createdAt":{"gt":1}}')}`), 'filter.createdAt');
    expectFieldError(await get(`/api/asset?filter=${q('{"updatedAt":9007199254740993}')}`), 'filter.updatedAt');
  });

  it('still filters by a number a column holds', async () => {
    const [asset] = (await get(`/api/asset?fields=createdAt&range=${q('[0,0]')}`)).json();
    const response = await get(`/api/asset?filter=${q(JSON.stringify({ createdAt: asset.createdAt }))}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().map((a: { _id: string }) => a._id)).toContain(asset._id);
  });

  it('matches a list column against any of a list of values, and nothing for an empty list', async () => {
    const tagged = (await get(`/api/asset?fields=tags`)).json().find((a: { tags: string[] }) => a.tags.length > 0);
    const anyOf = await get(`/api/asset?filter=${q(JSON.stringify({ tags: [tagged.tags[0], 'no such tag'] }))}`);
    expect(anyOf.statusCode).toBe(200);
    expect(anyOf.json().map((a: { _id: string }) => a._id)).toContain(tagged._id);
    const none = await get(`/api/asset?filter=${q('{"tags":[]}')}`);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json()).toEqual([]);
  });
});

describe('a repeated query parameter', () => {
  it('is a 400 naming it where the param takes one value', async () => {
    const response = await get('/api/asset?fields=name&fields=email');
    expectFieldError(response, 'fields');
    expect(response.json().message).toBe('fields must be given once');
    expectFieldError(await get('/api/alert?open=true&open=false'), 'open');
  });
});

describe('the Host header', () => {
  const connectSrc = (csp: unknown) => /connect-src ([^;]*)/.exec(String(csp))?.[1];

  it('puts the derived API host of a real host name into connect-src', async () => {
    const response = await get('/api/init/applicationInfo', { host: 'plant.example.com' });
    expect(connectSrc(response.headers['content-security-policy'])).toBe("'self' plant-api.example.com");
  });

  it('never copies a Host that is no host name into the CSP, and never answers 500 for it', async () => {
    for (const host of ['a;b', 'a b c', "x; script-src 'unsafe-inline'", 'plant.example.com, evil.example']) {
      const response = await get('/api/init/applicationInfo', { host });
      expect(response.statusCode, host).toBe(200);
      expect(new Set(connectSrc(response.headers['content-security-policy'])?.split(' ')), host).toEqual(new Set(["'self'"]));
    }
  });
});

describe('a long path parameter', () => {
  it('reaches an asset by an identification of the longest length the asset allows, escaped or not', async () => {
    // The asset schema allows 200 characters; '€' is 3 bytes of UTF-8, 9 characters once %-escaped.
    for (const identification of ['I'.repeat(200), '€'.repeat(200)]) {
      const created = await send('POST', '/api/asset', JSON.stringify({ name: `Long ${identification.slice(0, 1)}`, identification }));
      expect(created.statusCode, created.body).toBe(200);
      const found = await get(`/api/asset/identification/${encodeURIComponent(identification)}`);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().identification).toBe(identification);
      const group = await get(`/api/asset/identification/group/${encodeURIComponent(identification)}`);
      expect(group.statusCode, group.body).toBe(200);
      await t.request({ method: 'DELETE', url: `/api/asset/${created.json()._id}`, as: 'admin' });
    }
  });
});
