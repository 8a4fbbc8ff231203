import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { freePort } from '../tests/helpers/serverProcess';
import { projectRoot } from '../build/webBuild';

/** Milliseconds from spawning `npm start`'s entry to the first 200 of /api/init/applicationInfo. */
async function timeToFirst200(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'build/start.ts'], {
    cwd: projectRoot,
    // `npm start` as a first-time user runs it: the embedded demo, whatever DATABASE_URL the bench run has.
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/init/applicationInfo`);
        if (response.status === 200) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchStartup(runs = 3) {
  const cold: number[] = [];
  const warm: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-start-'));
    try {
      cold.push(await timeToFirst200(dataDir));
      warm.push(await timeToFirst200(dataDir));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return {
    coldStartMs: Math.round(median(cold)),
    warmStartMs: Math.round(median(warm)),
    runs: { cold: cold.map(Math.round), warm: warm.map(Math.round) },
    targets: { coldStartMs: 5000, warmStartMs: 2000 },
  };
}
