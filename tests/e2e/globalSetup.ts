import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { ensureWebBuild } from '../../build/webBuild';
import { startServerProcess } from '../helpers/serverProcess';
import { findChromium } from './chromium';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    chromiumPath: string;
  }
}

/**
 * Builds the web app if stale, starts it as `npm start` would on a free port with a temporary
 * DATA_DIR, and hands the address to the browser tests. Without Chromium the browser tests are
 * skipped with a loud warning — except under CI=true, where that is a failure.
 */
export default async function setup(project: TestProject) {
  const chromiumPath = findChromium();
  if (!chromiumPath) {
    const message = 'Chromium was not found (/usr/bin/chromium): install it with `apt-get install -y chromium`.';
    if (process.env.CI === 'true') throw new Error(`${message} CI=true requires the browser tests.`);
    console.warn(`\n${'!'.repeat(78)}\n!! ${message}\n!! THE BROWSER (E2E) TESTS ARE SKIPPED.\n${'!'.repeat(78)}\n`);
    project.provide('chromiumPath', '');
    project.provide('baseUrl', '');
    return;
  }
  mkdirSync('test-results', { recursive: true });
  await ensureWebBuild();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-e2e-'));
  const server = await startServerProcess({ DATA_DIR: dataDir }, 120_000);
  // Announced once the schedule planner's run at start is over (server/main.ts): the schedule tests see its weeks.
  await server.printed('FacilityOps is running at');
  project.provide('chromiumPath', chromiumPath);
  project.provide('baseUrl', server.baseUrl);
  return async () => {
    await server.stop('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
}
