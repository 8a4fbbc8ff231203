import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'fo-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>spa-index</title>');
  // The page a drawn first screen goes into (build/firstScreenBuild.ts: index.html with its entry held back).
  writeFileSync(path.join(distDir, 'home.html'), '<!doctype html><title>spa-home</title>');
  // A file earlier builds wrote (their inline boot script's CSP hash), left behind by a deploy: never read.
  writeFileSync(path.join(distDir, 'inline-script-hashes.json'), JSON.stringify(['sha256-MeZS89WlF0u+o0hCvHTBt4q1WHU+U+sJKgbdRUc36mY=']));
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
  writeFileSync(path.join(distDir, 'assets', 'app-abc123.js.gz'), gzipSync('console.log(1)'));
  writeFileSync(path.join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(distDir, 'manifest.webmanifest'), JSON.stringify({ name: 'FacilityOps', start_url: '/inspection' }));
  // The page hosts that serve the web app with the spec's host rule (PUBLIC_HOSTS).
  t = await createTestApp({ distDir, publicHosts: ['plant.example.com', 'north.plant.example:8080'] });
});
afterAll(async () => {
  await t.close();
  rmSync(distDir, { recursive: true, force: true });
});

describe('HTTP conventions', () => {
  it('answers unknown /api paths with a JSON 404, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const response = await t.app.inject({ method, url: '/api/no/such/thing' });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({ response: 'error' });
    }
  });

  it('serves index.html for every other GET path (history mode)', async () => {
    for (const url of ['/', '/login', '/home/userManagement', '/inspection/workOrder/w1?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('spa-index');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves index.html for the pages the server draws, when it does not draw them (no session cookie): the page that holds the entry only goes with a drawn screen', async () => {
    for (const url of ['/inspection', '/inspection/', '/inspection?from=scan', '/inspection/asset/identification/SKD-001', '/onsite', '/onsite/']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('spa-index');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves built assets with long caching, and nosniff on every answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the precompressed copy of an asset to a browser that accepts it, the plain file otherwise', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    expect(br.headers['content-type']).toMatch(/javascript/);
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serves the service worker and the web manifest uncached, with their own content types (issue 20)', async () => {
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.body).toContain('addEventListener');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.json()).toEqual({ name: 'FacilityOps', start_url: '/inspection' });
  });

  it('never answers a missing worker file with the page (the SPA fallback would be taken for a script)', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/workbox-1a2b3c.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('spa-index');
    // A query string does not hide the real file.
    const withQuery = await t.app.inject({ method: 'GET', url: '/sw.js?v=2' });
    expect(withQuery.statusCode).toBe(200);
    expect(withQuery.headers['content-type']).toMatch(/javascript/);
  });

  it('matches route paths case-insensitively', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/INIT/applicationinfo' });
    expect(response.statusCode).toBe(200);
    expect(response.json().applicationName).toBeTruthy();
  });

  it('answers a non-GET to a web path with a JSON 404 rather than the page', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/home' });
    expect(response.statusCode).toBe(404);
  });

  it('accepts cross-host calls only from the page whose derived API host this is (spec §7 host rule)', async () => {
    const preflight = (origin: string) => t.app.inject({
      method: 'OPTIONS', url: '/api/token/init',
      headers: { host: 'plant-api.example.com', origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-auth' },
    });
    const own = await preflight('https://plant.example.com');
    expect(own.headers['access-control-allow-origin']).toBe('https://plant.example.com');
    expect(String(own.headers['access-control-allow-headers'])).toContain('x-auth');
    const foreign = await preflight('https://evil.example.com');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const sameOrigin = await t.app.inject({ method: 'GET', url: '/api/init/applicationInfo' });
    expect(sameOrigin.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("lets the derived page send Idempotency-Key and read the replay's headers (docs/offline.md)", async () => {
    const headers = { host: 'plant-api.example.com', origin: 'https://plant.example.com' };
    const preflight = await t.app.inject({
      method: 'OPTIONS', url: '/api/inspection',
      headers: { ...headers, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-auth,idempotency-key,content-type' },
    });
    expect(String(preflight.headers['access-control-allow-headers'])).toContain('idempotency-key');
    const answer = await t.app.inject({ method: 'GET', url: '/api/init/applicationInfo', headers });
    const exposed = String(answer.headers['access-control-expose-headers']).toLowerCase();
    expect(exposed).toContain('idempotent-replayed');
    expect(exposed).toContain('retry-after');
  });

  it('allows no inline script or handler on a page the server did not draw (a drawn page allows its own one by its hash: serverScreen.test.ts)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/inspection' });
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(scriptSrc).toBe(`'self' 'wasm-unsafe-eval'`);
    expect(String(page.headers['content-security-policy'])).toContain("script-src-attr 'none'");
  });

  it('lets the page connect to its derived API host and nowhere else', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/home', headers: { host: 'plant.example.com' } });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/connect-src 'self' plant-api\.example\.com(;|$)/);
    expect(csp).toContain("script-src 'self'");
  });

  it('names the derived API host of each configured Host asked for, in turn (the headers are kept per Host)', async () => {
    const connectSrc = async (host: string) => {
      const page = await t.app.inject({ method: 'GET', url: '/api/init/applicationInfo', headers: { host } });
      return /connect-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    };
    for (const round of [1, 2]) {
      expect(await connectSrc('plant.example.com'), `round ${round}`).toBe("'self' plant-api.example.com");
      expect(await connectSrc('north.plant.example:8080'), `round ${round}`).toBe("'self' north-api.plant.example:8080");
      expect(await connectSrc('a b c'), `round ${round}`).toBe("'self' 'self'");
    }
  });
});


describe('the API host derived only from configuration (issue 39 §4)', () => {
  const csp = async (host: string) => String((await t.app.inject({ method: 'GET', url: '/home', headers: { host } })).headers['content-security-policy']);
  const sourcesOf = (policy: string, directive: string) => new Set(new RegExp(`(?:^|;)\\s*${directive} ([^;]*)`).exec(policy)?.[1]?.trim().split(/\s+/));

  it('puts nothing a forged Host says into the CSP: no derived API host, nor the host itself', async () => {
    for (const host of ['evil.example', 'EVIL.example', 'evil.example:8443', 'evil-api.example', 'plant.example.com.evil.example', 'plant.evil.example']) {
      const policy = await csp(host);
      expect(policy, host).not.toMatch(/evil/i);
      expect(sourcesOf(policy, 'connect-src'), host).toEqual(new Set(["'self'"]));
      expect(sourcesOf(policy, 'img-src'), host).toEqual(new Set(["'self'", 'data:', 'blob:']));
    }
  });

  it("names a configured page host's derived API host, however the Host header is cased", async () => {
    for (const host of ['plant.example.com', 'Plant.Example.COM']) {
      const policy = await csp(host);
      expect(sourcesOf(policy, 'connect-src'), host).toEqual(new Set(["'self'", 'plant-api.example.com']));
      expect(sourcesOf(policy, 'img-src'), host).toContain('plant-api.example.com');
    }
    // The port is part of the configured host: the same name on another port is another page.
    expect(sourcesOf(await csp('north.plant.example:8080'), 'connect-src')).toEqual(new Set(["'self'", 'north-api.plant.example:8080']));
    expect(sourcesOf(await csp('north.plant.example:9090'), 'connect-src')).toEqual(new Set(["'self'"]));
  });

  it('lets only a configured page call across hosts, whatever pair of Host and Origin a request brings', async () => {
    const allowed = async (origin: string, host: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/init/applicationInfo', headers: { host, origin } })).headers['access-control-allow-origin'];
    expect(await allowed('https://plant.example.com', 'plant-api.example.com')).toBe('https://plant.example.com');
    expect(await allowed('http://north.plant.example:8080', 'north-api.plant.example:8080')).toBe('http://north.plant.example:8080');
    // A page host nobody configured, with the API host its rule would give (both resolving to this server).
    expect(await allowed('https://evil.example', 'evil-api.example')).toBeUndefined();
    // A configured page calling another page's API host.
    expect(await allowed('https://plant.example.com', 'north-api.plant.example:8080')).toBeUndefined();
  });
});
