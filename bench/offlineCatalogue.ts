import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../server/app';
import { demoAppConfig } from './demoAppConfig';
import { percentile, round1 } from './largeDatabase';

const WARM_UP = 3;
const REQUESTS = 30;

/**
 * Issue 20 (docs/offline.md): GET /api/inspection/offlineCatalogue as the demo technician (with
 * previous values) on the embedded demo, sequential calls in process after a warm-up: latency and
 * size of what the phone downloads when it refreshes its catalogue.
 */
export async function benchOfflineCatalogue() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-offline-'));
  const app = await buildApp(demoAppConfig({ dataDir }));
  try {
    const login = await app.inject({ method: 'POST', url: '/api/token/login', payload: { username: 'technician', password: 'demo' } });
    const { token } = login.json<{ token: string }>();
    let last = { bytes: 0, assets: 0, assetsWithPrevious: 0, previousInspections: 0 };
    const once = async () => {
      const started = performance.now();
      const response = await app.inject({ method: 'GET', url: '/api/inspection/offlineCatalogue', headers: { 'x-auth': token } });
      const elapsed = performance.now() - started;
      if (response.statusCode !== 200) throw new Error(`offlineCatalogue: ${response.statusCode} ${response.body.slice(0, 200)}`);
      const body = response.json<{ assets: unknown[]; previousInspections: Record<string, unknown[]> }>();
      const previous = Object.values(body.previousInspections);
      last = { bytes: response.rawPayload.length, assets: body.assets.length, assetsWithPrevious: previous.filter((p) => p.length > 0).length, previousInspections: previous.reduce((n, p) => n + p.length, 0) };
      return elapsed;
    };
    for (let i = 0; i < WARM_UP; i++) await once();
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i++) times.push(await once());
    times.sort((a, b) => a - b);
    return { p50Ms: round1(percentile(times, 50)), p95Ms: round1(percentile(times, 95)), requests: REQUESTS, ...last };
  } finally {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
