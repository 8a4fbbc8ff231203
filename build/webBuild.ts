import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_SCREEN_DIR, SERVER_SCREEN_ENTRY } from '../common/firstScreen';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = ['src', 'common', 'public', 'index.html', 'vite.config.ts', 'build/firstScreenBuild.ts', 'build/precacheSelection.ts', 'build/precompressPlugin.ts', 'package-lock.json'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(entry).reduce((max, name) => Math.max(max, newestMtime(path.join(entry, name))), stat.mtimeMs);
}

/**
 * Whether `root` holds the web app's sources. The container image (deploy/Dockerfile) ships the
 * built dist/ and only what the server runs (common/ among it), whose file times say nothing
 * about the build: there the shipped build is the one to serve, and nothing can rebuild it.
 */
export function hasWebSources(root: string = projectRoot): boolean {
  return existsSync(path.join(root, 'index.html')) && existsSync(path.join(root, 'src'));
}

/** True when dist/ is missing, or older than any file the web build reads while those sources are here. */
export function webBuildIsStale(root: string = projectRoot): boolean {
  const builtIndex = path.join(root, 'dist', 'index.html');
  if (!existsSync(builtIndex)) return true;
  if (!hasWebSources(root)) return false;
  // A build from before the server drew first screens (issue 20) lacks their drawer.
  if (!existsSync(path.join(root, SERVER_SCREEN_DIR, SERVER_SCREEN_ENTRY))) return true;
  const built = statSync(builtIndex).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(root, source)) > built);
}

/** How often a build that is still running says so: a first build takes a minute or more on a small machine. */
export const BUILD_PROGRESS_EVERY_MS = 15_000;

/** Vite's production build of the web app, as `npm run build` makes it. */
async function viteBuild(): Promise<void> {
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
}

/**
 * Runs `build`, saying what is going on: a line when it starts, one every BUILD_PROGRESS_EVERY_MS
 * while it runs (Vite prints nothing but warnings meanwhile, and a silent first `npm start` looked
 * stuck: issue 40), and one with the time it took.
 */
export async function buildWithProgress(log: (line: string) => void, build: () => Promise<void> = viteBuild): Promise<void> {
  const started = Date.now();
  const seconds = () => Math.round((Date.now() - started) / 1000);
  log('Building the web app (dist/ is missing or older than its sources); the first build takes a minute or two…');
  const progress = setInterval(() => log(`…still building the web app (${seconds()} s)`), BUILD_PROGRESS_EVERY_MS);
  try {
    await build();
  } finally {
    clearInterval(progress);
  }
  log(`Web app built in ${seconds()} s; starting the server…`);
}

/** Builds the SPA with Vite when its build is missing or stale; answers whether it built. */
export async function ensureWebBuild(log: (line: string) => void = console.log): Promise<boolean> {
  if (!webBuildIsStale()) return false;
  if (!hasWebSources()) throw new Error('dist/ is missing and the web app\'s sources are not here to build it: build the image again (deploy/Dockerfile)');
  await buildWithProgress(log);
  return true;
}
