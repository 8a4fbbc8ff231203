import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';

let t: TestApp;
let distDir: string;
beforeAll(async () => {
  distDir = mkdtempSync(path.join(tmpdir(), 'fo-dist-'));
  writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><title>spa-index</title>');
  mkdirSync(path.join(distDir, 'assets'));
  writeFileSync(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  t = await createTestApp({ distDir });
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
    for (const url of ['/', '/login', '/home/userManagement', '/inspection/asset/identification/ASSET_ID-1?x=1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('spa-index');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves built assets with long caching, and nosniff on every answer', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
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
});
