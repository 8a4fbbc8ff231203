import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../../helpers/serverProcess';

/**
 * Issue 17: a fresh demo (`npm start`) shows the next 8 weeks planned at once — the planner runs
 * when the server starts, not only on its hourly tick, before it announces its address — and
 * JOBS_ENABLED=false stops that too.
 * The demo history plans weekly windows up to about 37 days ahead itself; later weeks come from the
 * planner alone.
 */
const DAY = 86_400_000;
/** server/main.ts announces the address once the planner's run at start is over. */
const ANNOUNCEMENT = 'FacilityOps is running at';
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function plannedLater(baseUrl: string): Promise<{ assetName: string; checklistNames: string[]; generated: boolean }[]> {
  const login = await fetch(`${baseUrl}/api/token/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'engineer', password: 'demo' }) });
  const { token } = (await login.json()) as { token: string };
  const now = Date.now();
  const response = await fetch(`${baseUrl}/api/inspectionSchedule?start=${now + 38 * DAY}&end=${now + 55 * DAY}`, { headers: { 'x-auth': token } });
  return (await response.json()) as { assetName: string; checklistNames: string[]; generated: boolean }[];
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('the planner at start on the embedded demo', () => {
  it('plans the weekly checklist of the demo pumps beyond the history as soon as the server is up', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-planner-'));
    dirs.push(dataDir);
    const server = await startServerProcess({ DATA_DIR: dataDir });
    try {
      await server.printed(ANNOUNCEMENT);
      const weekly = (await plannedLater(server.baseUrl)).filter((s) => s.checklistNames.includes('Pump weekly check'));
      expect(weekly.length).toBeGreaterThan(0);
      expect(weekly.every((s) => s.generated)).toBe(true);
      expect(new Set(weekly.map((s) => s.assetName))).toContain('Chilled water pump 1');
    } finally {
      await server.stop();
    }
  });

  it('plans nothing at start with JOBS_ENABLED=false', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-planner-off-'));
    dirs.push(dataDir);
    const server = await startServerProcess({ DATA_DIR: dataDir, JOBS_ENABLED: 'false' });
    try {
      // Announced: a planner run at start would be over by now, as in the test above.
      await server.printed(ANNOUNCEMENT);
      expect(await plannedLater(server.baseUrl)).toEqual([]);
    } finally {
      await server.stop();
    }
  });
});
