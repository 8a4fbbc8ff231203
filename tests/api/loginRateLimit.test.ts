import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { loginAttempts } from '../../server/db/schema';
import { createLoginRateLimit } from '../../server/auth/loginRateLimit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login rate limit', () => {
  const limits = { perUsername: 2, perAddress: 100, windowMs: 60_000 };

  it('blocks a username after its failures and lets it in again once the window has passed', async () => {
    const limit = createLoginRateLimit(t.app.services.db, limits);
    const start = 1_000_000;
    await limit.recordFailure('Eve', '10.9.0.1', start);
    expect(await limit.isBlocked('eve', '10.9.0.2', start + 1)).toBe(false);
    await limit.recordFailure('eve', '10.9.0.1', start + 2);
    expect(await limit.isBlocked('EVE', '10.9.0.2', start + 3)).toBe(true);
    expect(await limit.isBlocked('eve', '10.9.0.2', start + limits.windowMs + 3)).toBe(false);
  });

  it('drops the counts of closed windows', async () => {
    const limit = createLoginRateLimit(t.app.services.db, limits);
    await t.app.services.db.delete(loginAttempts);
    const start = 5_000_000;
    for (let i = 0; i < 5; i++) await limit.recordFailure(`made-up-${i}`, '10.9.1.1', start);
    expect(await t.app.services.db.select().from(loginAttempts)).toHaveLength(6);
    await limit.recordFailure('someone', '10.9.1.2', start + limits.windowMs + 1);
    const keys = (await t.app.services.db.select().from(loginAttempts)).map((row) => row.key).sort();
    expect(keys).toEqual(['addr:10.9.1.2', 'user:someone']);
  });
});
