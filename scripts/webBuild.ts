import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(projectRoot, 'dist', 'index.html');
const SOURCES = ['src', 'common', 'public', 'index.html', 'vite.config.ts', 'scripts/bootPlugin.ts', 'scripts/precacheSelection.ts', 'scripts/precompressPlugin.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/** True when dist/ is missing or older than any file the web build reads. */
export function webBuildIsStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(projectRoot, source)) > built);
}

/** Builds the SPA with Vite when its build is missing or stale; answers whether it built. */
export async function ensureWebBuild(log: (line: string) => void = console.log): Promise<boolean> {
  if (!webBuildIsStale()) return false;
  log('Building the web app (dist/ is missing or older than its sources)…');
  const { build } = await import('vite');
  // Vite builds React's development bundle when NODE_ENV says so, and Vitest sets it to 'test':
  // the browser tests and a later `npm start` must get the same production build as `npm run build`.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ root: projectRoot, mode: 'production', logLevel: 'warn', configFile: path.join(projectRoot, 'vite.config.ts') });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
  }
  return true;
}
