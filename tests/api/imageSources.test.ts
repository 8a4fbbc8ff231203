import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { adminApi, ok, type Doc } from './administration/adminApi';

/**
 * Issue 16 §3: the CSP let images come from any http(s) host, so stored HTML could call out with an
 * <img> beacon. Images now come from the app itself, data:, blob: (uploaded photos shown from
 * memory) and the configured company logo's origin only.
 */
let t: TestApp;
let api: ReturnType<typeof adminApi>;
let logo: Doc;

beforeAll(async () => {
  // plant.example.com serves the web app with the spec's host rule (PUBLIC_HOSTS): its derived API host serves images too.
  t = await createTestApp({ publicHosts: ['plant.example.com'] });
  api = adminApi(t);
  logo = (await api.list('config')).find((row) => row.key === 'companyLogoURL') as Doc;
});
afterAll(() => t.close());

async function imgSrc(): Promise<string[]> {
  const page = await t.app.inject({ method: 'GET', url: '/home', headers: { host: 'plant.example.com' } });
  const csp = String(page.headers['content-security-policy']);
  return (/(?:^|;)\s*img-src ([^;]*)/.exec(csp)?.[1] ?? '').trim().split(/\s+/);
}

describe('CSP img-src', () => {
  it('allows the app itself, data:, blob: and its derived API host — no other host', async () => {
    expect(logo.value).toBe('/logo.svg');
    expect(await imgSrc()).toEqual(["'self'", 'data:', 'blob:', 'plant-api.example.com']);
  });

  it("adds the configured logo's origin, and only an origin", async () => {
    ok(await api.put(`/config/${logo._id}`, { value: 'https://cdn.plant.example:8443/brand/logo.png?v=2' }));
    await expect.poll(imgSrc, { timeout: 10_000 }).toEqual(["'self'", 'data:', 'blob:', 'plant-api.example.com', 'https://cdn.plant.example:8443']);

    // A URL that would write CSP of its own is no origin.
    ok(await api.put(`/config/${logo._id}`, { value: "http://a;script-src *;img-src *" }));
    await expect.poll(imgSrc, { timeout: 10_000 }).toEqual(["'self'", 'data:', 'blob:', 'plant-api.example.com']);
    const page = await t.app.inject({ method: 'GET', url: '/home' });
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self' 'wasm-unsafe-eval';");

    ok(await api.put(`/config/${logo._id}`, { value: '/logo.svg' }));
    await expect.poll(imgSrc, { timeout: 10_000 }).toEqual(["'self'", 'data:', 'blob:', 'plant-api.example.com']);
  });
});
