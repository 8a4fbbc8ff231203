import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../tests/helpers/serverProcess';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

/** The seed's real FLIR files (server/seed/thermography), taken in turn: large and small sensors, portrait and landscape. */
const FIXTURES = ['flir-t420', 'flir-ax8', 'flir-one', 'flir-i7'] as const;
const fixture = (name: string) => readFileSync(new URL(`../server/seed/thermography/${name}.jpg`, import.meta.url));

/** Three tools a thermographer places on most findings: a spot, a box with its own emissivity, a line; two ΔT rows. */
function toolsFor(width: number, height: number) {
  const [cx, cy] = [Math.floor(width / 2), Math.floor(height / 2)];
  return {
    tools: [
      { id: 's', kind: 'spot', label: 'Sp1', x: cx, y: cy },
      { id: 'b', kind: 'box', label: 'Bx1', x: Math.floor(width / 8), y: Math.floor(height / 8), width: Math.floor(width / 3), height: Math.floor(height / 3), emissivity: 0.8 },
      { id: 'l', kind: 'line', label: 'Li1', x1: 0, y1: height - 1, x2: width - 1, y2: Math.floor(height / 2) },
    ],
    deltaTs: [
      { id: 'd1', from: 'b', to: 's' },
      { id: 'd2', from: 's', to: 'ambient' },
    ],
  };
}

/**
 * Issue 43 §4: the thermography report of one inspection holding `notes` notes, each with a real
 * radiometric picture, three tools and two ΔT rows, downloaded from a server process on the
 * embedded database (GET /api/thermography/report, PDF and DOCX): the first download (the
 * renderer and FLIR reader threads start) and the median of `repeats` after it. Target < 10 s.
 */
export async function benchThermographyReport(notes = 20, repeats = 3) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-thermo-report-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', JOBS_ENABLED: 'false' }, 120_000);
  try {
    const login = async (username: string) => {
      const response = await fetch(`${server.baseUrl}/api/token/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password: 'demo' }) });
      return ((await response.json()) as { token: string }).token;
    };
    const [technician, engineer] = [await login('thermo.tech'), await login('thermo.engineer')];
    const call = async (token: string, method: string, url: string, body?: unknown) => {
      const response = await fetch(`${server.baseUrl}/api${url}`, {
        method,
        headers: { 'x-auth': token, ...(body instanceof FormData || body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
      return response;
    };
    const created = (await (
      await call(technician, 'POST', '/thermographyNote', {
        assetIdentification: 'PNL-002',
        notes: Array.from({ length: notes }, (_, i) => ({ imageNumber: String(i + 1), identification: `Breaker Q${i + 1}`, ambientTemperature: 22, note: 'Bench finding' })),
      })
    ).json()) as { inspection: string; notes: string[] };
    for (const [i, id] of created.notes.entries()) {
      const form = new FormData();
      form.append('thermalImage', new Blob([fixture(FIXTURES[i % FIXTURES.length]!)], { type: 'image/jpeg' }), 'IR.jpg');
      await call(engineer, 'POST', `/thermographyNote/${id}/thermalImage?extractMoreInfo=true`, form);
      const radiometry = (await (await call(engineer, 'GET', `/thermographyNote/${id}/radiometry`)).json()) as { width: number; height: number };
      await call(engineer, 'PUT', `/thermographyNote/${id}`, {
        severityLevel: 'ABCD'[i % 4],
        loadPercent: 55,
        observations: [{ v: 'Warm connection' }],
        recommendations: [{ v: 'Retorque at the next shutdown' }],
        ...toolsFor(radiometry.width, radiometry.height),
      });
    }
    const results: Record<string, unknown> = { notes };
    for (const format of ['pdf', 'doc'] as const) {
      const download = async () => {
        const started = performance.now();
        const response = await call(engineer, 'GET', `/thermography/report?inspection=${created.inspection}&reportFormat=${format}&timeZone=UTC`);
        const bytes = (await response.arrayBuffer()).byteLength;
        return { ms: performance.now() - started, bytes };
      };
      const first = await download();
      const runs = [];
      for (let i = 0; i < repeats; i++) runs.push(await download());
      results[format] = { firstMs: Math.round(first.ms), medianMs: Math.round(median(runs.map((run) => run.ms))), megabytes: Number((first.bytes / 1_048_576).toFixed(1)) };
    }
    return results;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  console.log(JSON.stringify(await benchThermographyReport(), null, 2));
}
