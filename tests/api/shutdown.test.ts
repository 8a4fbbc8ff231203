import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess } from '../helpers/serverProcess';

const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-shutdown-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function signIn(baseUrl: string, password = 'demo') {
  const response = await fetch(`${baseUrl}/api/token/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'engineer', password }),
  });
  return { status: response.status, body: (await response.json()) as { token?: string } };
}

describe.skipIf(Boolean(process.env.DATABASE_URL))('the server process on the embedded database', () => {
  it('prints the address and demo users, finishes in-flight writes on SIGTERM, and keeps them across a restart', { timeout: 120_000 }, async () => {
    // info: Fastify logs each request as it arrives, the signal that the write below is in flight.
    const first = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    expect(first.output()).toContain(`running at http://127.0.0.1:`);
    for (const username of ['admin', 'engineer', 'technician', 'thermo.tech', 'thermo.engineer', 'thermo.manager', 'onsite']) {
      expect(first.output()).toContain(username);
    }
    const { body } = await signIn(first.baseUrl);
    const me = (await (await fetch(`${first.baseUrl}/api/token/init`, { headers: { 'x-auth': body.token! } })).json()) as { _id: string };
    // The profile write is in flight (argon2 verifying and hashing) when the signal arrives: the
    // signal waits for the server's own log of the request, not for a guessed delay.
    const write = fetch(`${first.baseUrl}/api/user/${me._id}`, {
      method: 'PUT', headers: { 'content-type': 'application/json', 'x-auth': body.token! },
      body: JSON.stringify({ email: 'eric@plant.example', currentPassword: 'demo', password: 'after-restart' }),
    });
    await expect.poll(() => first.output().split('\n').some((line) => line.includes('incoming request') && line.includes(`/api/user/${me._id}`)), { timeout: 10_000, interval: 2 }).toBe(true);
    const exitCode = await first.stop('SIGTERM');
    const written = await write;
    expect(written.status).toBe(200);
    // Its connection closes with the answer: kept alive, it would hold the exit for the keep-alive timeout (72 s).
    expect(written.headers.get('connection')).toBe('close');
    expect(exitCode).toBe(0);

    const second = await startServerProcess({ DATA_DIR: dataDir });
    try {
      expect((await signIn(second.baseUrl, 'demo')).status).toBe(401);
      const again = await signIn(second.baseUrl, 'after-restart');
      expect(again.status).toBe(200);
      const user = (await (await fetch(`${second.baseUrl}/api/token/init`, { headers: { 'x-auth': again.body.token! } })).json()) as { email: string };
      expect(user.email).toBe('eric@plant.example');
    } finally {
      expect(await second.stop('SIGINT')).toBe(0);
    }
  });
});
