import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';

/** Issue 16 §7: JSON answers over ~1 KB travel compressed; socket.io's polling answers say nosniff. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.request({ url, as: 'admin', headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('compressed JSON answers', () => {
  it('sends a large answer brotli-compressed to a client that accepts br, decoding to the same JSON', async () => {
    const plain = await get('/api/docs');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    const br = await get('/api/docs', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
  });

  it('sends a list gzip-compressed to a client that accepts only gzip, paged lists keeping their Content-Range', async () => {
    for (const url of ['/api/inspection?range=[0,199]', '/api/asset', '/api/asset?range=[0,9]']) {
      const plain = await get(url);
      expect(plain.rawPayload.length, url).toBeGreaterThan(1024);
      const gz = await get(url, 'gzip');
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString()), url).toEqual(plain.json());
      expect(gz.headers['content-range'], url).toBe(plain.headers['content-range']);
    }
    expect((await get('/api/asset?range=[0,9]', 'gzip')).headers['content-range']).toMatch(/^asset 0-9\/\d+$/);
  });

  it('leaves a small answer as it is', async () => {
    const small = await get('/api/init/applicationInfo', 'gzip, br');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('socket.io long-polling', () => {
  it('answers with X-Content-Type-Options: nosniff, errors included', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/socket.io/`;
    const handshake = await fetch(`${base}?EIO=4&transport=polling`);
    expect(handshake.status).toBe(200);
    expect(handshake.headers.get('x-content-type-options')).toBe('nosniff');
    const refused = await fetch(`${base}?EIO=4&transport=carrier-pigeon`);
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
