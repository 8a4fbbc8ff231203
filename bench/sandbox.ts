import { openDatabase } from '../server/db/client';
import { alertLevels, assets, inspections, users } from '../server/db/schema';
import { createScriptSandbox } from '../server/sandbox/sandbox';
import type { AuthUser } from '../server/auth/access';
import type { RunRequest } from '../server/sandbox/sandboxTypes';
import { ALL_PERMISSIONS } from '../common/permissions';

const INSPECTIONS = 10_000;
const ASSETS = 100;

const TRIVIAL = 'return { sum: input.a + input.b, who: user.name };';

/** A table script of the docs' kind: every inspection, names looked up, spec §3's definition. */
const TABLE = `
const rows = query.list('inspection', { fields: ['timestamp', 'asset', 'user', 'type'], orderBy: ['-timestamp'], limit: 10000 });
const assets = new Map(query.list('asset', { fields: ['name'], limit: 10000 }).map((a) => [a._id, a.name]));
const users = new Map(query.list('user').map((u) => [u._id, u.name]));
return {
  name: 'Inspections', keyField: '_id', type: 'inspection',
  fields: [{ heading: 'Time', dataField: 'timestamp' }, { heading: 'Asset', dataField: 'assetName' }, { heading: 'Inspector', dataField: 'userName' }],
  filters: [], sort: { timestamp: 'desc' },
  data: rows.map((r) => ({ _id: r._id, timestamp: r.timestamp, assetName: assets.get(r.asset) ?? '', userName: users.get(r.user) ?? '' })),
};`;

async function throughput(run: () => Promise<void>, seconds: number, concurrency: number) {
  const until = performance.now() + seconds * 1000;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await run();
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
  return { runs: latencies.length, runsPerSecond: Math.round((latencies.length / seconds) * 10) / 10, latencyP50Ms: pick(0.5), latencyP99Ms: pick(0.99) };
}

/**
 * Issue 5: runs per second of the sandbox (two QuickJS workers) for a trivial script and for a table
 * script over 10,000 inspections, on an in-memory embedded database seeded directly with rows.
 */
export async function benchSandbox(seconds = 8) {
  const database = await openDatabase({ dataDir: null });
  const sandbox = createScriptSandbox(database.db, { scriptTimeLimitMs: 10_000, scriptMemoryLimitMb: 64, scriptWorkers: 2, scriptRunsPerUser: 2 });
  try {
    const now = Date.now();
    await database.db.insert(alertLevels).values({ _id: 'level-1', name: 'High', color: '#f00', technicalName: 'high', rank: 1 }).onConflictDoNothing();
    await database.db.insert(users).values(Array.from({ length: 10 }, (_, i) => ({ _id: `bench-user-${i}`, name: `Inspector ${i}`, username: `bench${i}`, passwordHash: 'x' })));
    await database.db.insert(assets).values(Array.from({ length: ASSETS }, (_, i) => ({ _id: `bench-asset-${i}`, name: `Pump ${String(i).padStart(3, '0')}` })));
    for (let from = 0; from < INSPECTIONS; from += 1000) {
      await database.db.insert(inspections).values(
        Array.from({ length: 1000 }, (_, k) => {
          const i = from + k;
          return {
            _id: `bench-inspection-${i}`,
            timestamp: now - i * 60_000,
            user: `bench-user-${i % 10}`,
            asset: `bench-asset-${i % ASSETS}`,
            checklist: null,
            attributeData: [{ attribute: 'a1', value: i % 7 }],
          };
        }),
      );
    }
    const user: AuthUser = { _id: 'bench-user-0', name: 'Inspector 0', username: 'bench0', roleName: 'ROLE_SUPERUSER', permissions: new Set(ALL_PERMISSIONS) };
    const request = (code: string): RunRequest => ({ code, kind: 'preview', input: { a: 1, b: 2 }, user });
    const runOk = (code: string) => async () => {
      const result = await sandbox.run(request(code));
      if (!result.ok) throw new Error(result.error.message);
    };
    // Warm both workers.
    await Promise.all([runOk(TABLE)(), runOk(TABLE)()]);
    const check = await sandbox.run(request(TABLE));
    const rows = check.ok ? (check.value as { data: unknown[] }).data.length : 0;
    if (rows !== INSPECTIONS) throw new Error(`table script answered ${rows} rows`);
    const tableBytes = check.ok ? JSON.stringify(check.value).length : 0;

    return {
      workers: 2,
      trivial: { code: TRIVIAL, oneAtATime: await throughput(runOk(TRIVIAL), seconds, 1), fourAtATime: await throughput(runOk(TRIVIAL), seconds, 4) },
      table: {
        inspections: INSPECTIONS,
        rows,
        valueKB: Math.round(tableBytes / 1024),
        oneAtATime: await throughput(runOk(TABLE), seconds, 1),
        fourAtATime: await throughput(runOk(TABLE), seconds, 4),
      },
    };
  } finally {
    await sandbox.close();
    await database.close();
  }
}
