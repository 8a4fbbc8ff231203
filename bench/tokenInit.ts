import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startServerProcess } from '../tests/helpers/serverProcess';

/** GET /api/token/init under 50 concurrent connections on the embedded database. */
export async function benchTokenInit(durationSeconds = 10) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-init-'));
  // The embedded demo, even when DATABASE_URL is set for the PostgreSQL variants of other benches.
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' });
  try {
    const login = await fetch(`${server.baseUrl}/api/token/login`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'engineer', password: 'demo' }),
    });
    const { token } = (await login.json()) as { token: string };
    const result = await autocannon({
      url: `${server.baseUrl}/api/token/init`,
      connections: 50,
      duration: durationSeconds,
      headers: { 'x-auth': token },
    });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
    return {
      requestsPerSecond: Math.round(result.requests.average),
      latencyP50Ms: result.latency.p50,
      latencyP99Ms: result.latency.p99,
      requests: result.requests.total,
      targets: { latencyP99Ms: 25 },
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
