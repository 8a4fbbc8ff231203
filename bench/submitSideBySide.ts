import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { freePort, startServerProcess, type ServerProcess } from '../tests/helpers/serverProcess';
import { createCatalogue, login, storedCount, submissionBodies, submitRound } from './inspectionSubmit';
import { cpuProfileTop } from './cpuProfileTop';

/**
 * Issue 39 §8: `POST /api/inspection` (bench/inspectionSubmit.ts: a 20-item checklist, 20
 * connections, one body in eight raising alerts) on PostgreSQL, this checkout against another one
 * — the commit before batch 2, 5c6c9b5 — side by side on one machine: both servers run at once,
 * each on a fresh database of the same PostgreSQL server seeded by its own code, and their rounds
 * alternate (old, new, new, old, …) so a machine that gets busier or quieter weighs on both alike.
 * It prints each one's submissions/s, p50 and p99 (medians over the rounds), the statements each
 * sends per submit (node-postgres queries, BEGIN and COMMIT included: bench/statementCounter.mjs),
 * the server's CPU time per submit (read from /proc: the figure a busy machine changes least), the
 * load average before and after, and the ratios new / old.
 *
 * The old tree is a checkout with its own dependencies (5c6c9b5's lockfile differs from today's):
 *
 *   git worktree add ../fo-5c6c9b5 5c6c9b5 && (cd ../fo-5c6c9b5 && npm ci)
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres OLD_TREE=../fo-5c6c9b5 npx tsx bench/submitSideBySide.ts
 *
 * Environment: DATABASE_URL (a PostgreSQL server; a database is made and dropped per tree),
 * OLD_TREE, ROUNDS per tree (default 4), ROUND_SECONDS per round (default 10), KEYED=1 (every submission
 * carries an Idempotency-Key of its own, as the phone sends it; the old commit ignores the header),
 * PROFILE_DIR=/tmp/prof (both servers run with --cpu-prof; the last round's self time is printed).
 */

const here = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const counterPreload = path.join(here, 'bench/statementCounter.mjs');
const WARM_UP_SECONDS = 4;

interface Side {
  label: 'old' | 'new';
  tree: string;
  commit: string;
  databaseUrl: string;
  server: ServerProcess;
  countFile: string;
  technician: string;
  engineer: string;
  assetId: string;
  bodies: string[];
  /** Requests per measured round: the warm-up's late rate × ROUND_SECONDS. */
  amount: number;
  profileDir: string | null;
  /** When the server process was started, and its last measured round (for the profile's window). */
  startedAt: number;
  lastRound: { from: number; to: number } | null;
}

interface RoundFigures {
  submissionsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  statementsPerSubmit: number;
  /** CPU time the server process spent per submit: what a busy machine changes least. */
  cpuMicrosPerSubmit: number;
  /** Per submit, by the statement's first words. */
  statements: string[];
  load: string;
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** CPU time (user + system) a process has used so far, from /proc (Linux), as bench/tokenInit.ts reads it. */
function cpuMicros(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / CLOCK_TICKS_PER_SECOND;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const round1 = (n: number) => Math.round(n * 10) / 10;
const load1 = () => loadavg()[0]!.toFixed(2);

function commitOf(tree: string): string {
  return execFileSync('git', ['-C', tree, 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).trim();
}

/** A child that exits with 0, or an error with its output. */
function runToEnd(command: string, args: string[], cwd: string, env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} in ${cwd} exited ${code}:\n${output}`))));
  });
}

/**
 * The demo seed on `databaseUrl`, written by the tree's own code (its bench/demoAppConfig.ts), as
 * bench/largeDatabase.ts does. A script file rather than `-e`: worker threads the seed starts
 * inherit node's flags.
 */
function seedWithTree(tree: string, databaseUrl: string, work: string): Promise<void> {
  const script = path.join(work, `seed-${randomBytes(3).toString('hex')}.mjs`);
  const module = (file: string) => JSON.stringify(pathToFileURL(path.join(tree, file)).href);
  writeFileSync(
    script,
    [
      `const { buildApp } = await import(${module('server/app.ts')});`,
      `const { demoAppConfig } = await import(${module('bench/demoAppConfig.ts')});`,
      'const app = await buildApp(demoAppConfig({ databaseUrl: process.env.SEED_DATABASE_URL }));',
      'await app.close();',
      'process.exit(0);',
    ].join('\n'),
  );
  return runToEnd(process.execPath, ['--import', 'tsx', script], tree, { SEED_DATABASE_URL: databaseUrl });
}

async function createDatabase(serverUrl: string): Promise<string> {
  const name = `fo_bench_side_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(serverUrl: string, databaseUrl: string) {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}

/** Statements the server has sent so far, in all and by their first words (bench/statementCounter.mjs answers SIGUSR2 in its file). */
async function statementsSoFar(side: Side): Promise<{ total: number; byText: Map<string, number> }> {
  const previous = existsSync(side.countFile) ? readFileSync(side.countFile, 'utf8').split('\n')[0] : '';
  side.server.child.kill('SIGUSR2');
  const deadline = Date.now() + 5000;
  for (;;) {
    const lines = existsSync(side.countFile) ? readFileSync(side.countFile, 'utf8').split('\n') : [];
    if (lines.length > 1 && lines[0] !== previous && lines.at(-1) === '') {
      const byText = new Map(lines.slice(1, -1).map((line) => [line.slice(line.indexOf('\t') + 1), Number(line.slice(0, line.indexOf('\t')))]));
      return { total: Number(lines[0]!.split(' ')[1]), byText };
    }
    if (Date.now() > deadline) throw new Error(`${side.label}: no statement count`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Statements per submit by their first words, over one round: the most frequent first. */
function perSubmit(before: Map<string, number>, after: Map<string, number>, submissions: number): string[] {
  return [...after]
    .map(([text, count]) => [text, (count - (before.get(text) ?? 0)) / submissions] as const)
    .filter(([, share]) => share >= 0.01)
    .sort((a, b) => b[1] - a[1])
    .map(([text, share]) => `${share.toFixed(2)}  ${text}`);
}

async function prepare(label: Side['label'], tree: string, serverUrl: string, work: string, keyed: boolean, seconds: number): Promise<Side> {
  const databaseUrl = await createDatabase(serverUrl);
  let server: ServerProcess | null = null;
  try {
    await seedWithTree(tree, databaseUrl, work);
    const countFile = path.join(work, `${label}.statements`);
    const profileDir = process.env.PROFILE_DIR ? path.join(process.env.PROFILE_DIR, label) : null;
    if (profileDir) mkdirSync(profileDir, { recursive: true });
    const nodeArgs = ['--import', counterPreload, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])];
    const startedAt = performance.now();
    server = await startServerProcess({ DATABASE_URL: databaseUrl, REDIS_URL: '', PORT: String(await freePort()), STATEMENT_COUNT_FILE: countFile }, 90_000, { cwd: tree, nodeArgs });
    const catalogue = await createCatalogue(server.baseUrl, await login(server.baseUrl, 'admin'));
    const technician = await login(server.baseUrl, 'technician');
    const engineer = await login(server.baseUrl, 'engineer');
    const bodies = submissionBodies(catalogue);
    const warmup = await submitRound(server.baseUrl, technician, catalogue.assetId, bodies, { duration: WARM_UP_SECONDS, keyed });
    const amount = Math.max(200, Math.round(warmup.lateRate * seconds));
    return { label, tree, commit: commitOf(tree), databaseUrl, server, countFile, technician, engineer, assetId: catalogue.assetId, bodies, amount, profileDir, startedAt, lastRound: null };
  } catch (error) {
    // Not yet among the sides the caller cleans up: its server and database go here.
    await server?.stop('SIGTERM');
    await dropDatabase(serverUrl, databaseUrl);
    throw error;
  }
}

/** One measured round; checks that every 2xx was stored once and nothing failed. */
async function measuredRound(side: Side, keyed: boolean): Promise<RoundFigures> {
  const loadBefore = load1();
  const stored = () => storedCount(side.server.baseUrl, side.engineer, 'inspection', side.assetId);
  const before = { inspections: await stored(), statements: await statementsSoFar(side) };
  const from = performance.now();
  const cpuBefore = cpuMicros(side.server.child.pid!);
  const round = await submitRound(side.server.baseUrl, side.technician, side.assetId, side.bodies, { amount: side.amount, keyed });
  side.lastRound = { from, to: performance.now() };
  const cpu = cpuMicros(side.server.child.pid!) - cpuBefore;
  const after = await statementsSoFar(side);
  if (round.non2xx > 0 || round.errors > 0 || round.timeouts > 0) throw new Error(`${side.label}: ${round.non2xx} non-2xx answers, ${round.errors} errors, ${round.timeouts} timeouts`);
  const storedNow = (await stored()) - before.inspections;
  if (storedNow !== round.ok) throw new Error(`${side.label}: stored ${storedNow} inspections for ${round.ok} 2xx answers`);
  return {
    submissionsPerSecond: round1(round.ok / (round.ms / 1000)),
    latencyP50Ms: round.latency.p50,
    latencyP99Ms: round.latency.p99,
    statementsPerSubmit: Math.round(((after.total - before.statements.total) / round.ok) * 100) / 100,
    cpuMicrosPerSubmit: Math.round(cpu / round.ok),
    statements: perSubmit(before.statements.byText, after.byText, round.ok),
    load: `${loadBefore} → ${load1()}`,
  };
}

const summary = (rounds: RoundFigures[]) => ({
  submissionsPerSecond: round1(median(rounds.map((r) => r.submissionsPerSecond))),
  latencyP50Ms: median(rounds.map((r) => r.latencyP50Ms)),
  latencyP99Ms: median(rounds.map((r) => r.latencyP99Ms)),
  statementsPerSubmit: Math.round(median(rounds.map((r) => r.statementsPerSubmit)) * 100) / 100,
  cpuMicrosPerSubmit: median(rounds.map((r) => r.cpuMicrosPerSubmit)),
  statementsOfTheLastRound: rounds.at(-1)?.statements,
  perRound: rounds.map((r) => `${r.submissionsPerSecond}/s p99 ${r.latencyP99Ms} ms, ${r.cpuMicrosPerSubmit} µs CPU per submit (load ${r.load})`),
});

/** Self time over the last measured round, from the server's --cpu-prof file. */
function profileSummary(side: Side) {
  if (!side.profileDir || !side.lastRound) return undefined;
  // The main thread's (thread 0): tsx's loader and worker threads write their own.
  const file = readdirSync(side.profileDir).filter((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name)).sort().at(-1);
  if (!file) return 'no profile written';
  const micros = (at: number) => Math.round((at - side.startedAt) * 1000);
  const { samples, byFunction, byPackage } = cpuProfileTop(path.join(side.profileDir, file), 0, 25, { fromMicros: micros(side.lastRound.from), toMicros: micros(side.lastRound.to) });
  return { file: path.join(side.profileDir, file), samples, byFunction, byPackage };
}

export async function benchSubmitSideBySide(options: { oldTree: string; serverUrl: string; rounds?: number; seconds?: number; keyed?: boolean }) {
  const { oldTree, serverUrl, rounds = 4, seconds = 10, keyed = false } = options;
  if (!existsSync(path.join(oldTree, 'node_modules'))) throw new Error(`${oldTree} has no node_modules: git worktree add ${oldTree} 5c6c9b5 && (cd ${oldTree} && npm ci)`);
  const work = mkdtempSync(path.join(tmpdir(), 'fo-side-by-side-'));
  const uptimeBefore = execFileSync('uptime', { encoding: 'utf8' }).trim();
  const sides: Side[] = [];
  try {
    sides.push(await prepare('old', path.resolve(oldTree), serverUrl, work, keyed, seconds));
    sides.push(await prepare('new', here, serverUrl, work, keyed, seconds));
    const [oldSide, newSide] = sides as [Side, Side];
    const figures: Record<Side['label'], RoundFigures[]> = { old: [], new: [] };
    // old, new, new, old, old, new, …: each tree goes first as often as second.
    for (let index = 0; index < rounds; index += 1) {
      const order = index % 2 === 0 ? [oldSide, newSide] : [newSide, oldSide];
      for (const side of order) {
        figures[side.label].push(await measuredRound(side, keyed));
        // Stopped right after its last round, so its profile ends with it.
        if (index === rounds - 1) await side.server.stop('SIGTERM');
      }
    }
    const old = summary(figures.old);
    const now = summary(figures.new);
    return {
      url: 'POST /api/inspection?assetId=…, 20-item checklist, 20 connections, PostgreSQL',
      keyed,
      rounds,
      secondsPerRound: seconds,
      old: { tree: oldSide.tree, commit: oldSide.commit, ...old, profile: profileSummary(oldSide) },
      new: { tree: newSide.tree, commit: newSide.commit, ...now, profile: profileSummary(newSide) },
      ratio: {
        submissionsPerSecond: Math.round((now.submissionsPerSecond / old.submissionsPerSecond) * 100) / 100,
        latencyP99: Math.round((now.latencyP99Ms / old.latencyP99Ms) * 100) / 100,
        cpuPerSubmit: Math.round((now.cpuMicrosPerSubmit / old.cpuMicrosPerSubmit) * 100) / 100,
      },
      uptimeBefore,
      uptimeAfter: execFileSync('uptime', { encoding: 'utf8' }).trim(),
    };
  } finally {
    for (const side of sides) {
      await side.server.stop('SIGTERM');
      await dropDatabase(serverUrl, side.databaseUrl).catch((error: unknown) => console.error(`dropping ${side.databaseUrl}:`, error));
    }
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const serverUrl = process.env.DATABASE_URL?.trim();
  const oldTree = process.env.OLD_TREE?.trim();
  if (!serverUrl || !oldTree) throw new Error('usage: DATABASE_URL=postgres://… OLD_TREE=<checkout of 5c6c9b5 with node_modules> npx tsx bench/submitSideBySide.ts');
  const result = await benchSubmitSideBySide({
    oldTree,
    serverUrl,
    rounds: Number(process.env.ROUNDS ?? 4),
    seconds: Number(process.env.ROUND_SECONDS ?? 10),
    keyed: process.env.KEYED === '1',
  });
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `new / old: ${result.ratio.submissionsPerSecond} × the submissions/s (${result.new.submissionsPerSecond} vs ${result.old.submissionsPerSecond}), ` +
      `p99 ${result.new.latencyP99Ms} vs ${result.old.latencyP99Ms} ms, statements per submit ${result.new.statementsPerSubmit} vs ${result.old.statementsPerSubmit}, ` +
      `server CPU per submit ${result.new.cpuMicrosPerSubmit} vs ${result.old.cpuMicrosPerSubmit} µs`,
  );
}
