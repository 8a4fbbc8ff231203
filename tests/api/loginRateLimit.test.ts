import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { sharedServices, twoProcesses } from './helpers/sharedServices';
import { loadConfig } from '../../server/config';
import { loginAttempts } from '../../server/db/schema';
import * as passwords from '../../server/auth/passwords';

/**
 * The login limits as documented (docs/decisions.md "Login failures", DESIGN §4), on the default
 * configuration: the numbers below are written by hand, so raising the defaults fails here.
 */
const PER_USERNAME = 10;
const PER_ADDRESS = 50;
const WINDOW_MS = 15 * 60 * 1000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  await t.app.services.db.delete(loginAttempts);
});
afterAll(() => t.close());

const login = (username: string, password: string, remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/token/login', payload: { username, password }, remoteAddress });

/** Counts the passwords the server actually checks (each one an argon2 verification). */
const countVerifications = () => vi.spyOn(passwords, 'verifyPassword');

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

describe('login limits', () => {
  it('defaults to 10 failures per username and 50 per address in 15 minutes', () => {
    expect(loadConfig({}).loginLimits).toEqual({ perUsername: PER_USERNAME, perAddress: PER_ADDRESS, windowMs: WINDOW_MS });
    expect(t.config.loginLimits).toEqual(loadConfig({}).loginLimits);
  });

  it.each([100, 1000])('checks at most 10 passwords of a burst of %i concurrent wrong ones, then refuses the right one', async (size) => {
    const verifications = countVerifications();
    // Each attempt from its own address: only the username's limit can stop the burst.
    const responses = await Promise.all(
      Array.from({ length: size }, (_, i) => login('engineer', `guess-${i}`, `10.40.${Math.floor(i / 250)}.${i % 250}`)),
    );
    const statuses = tally(responses.map((r) => r.statusCode));
    expect(verifications.mock.calls.length).toBeLessThanOrEqual(PER_USERNAME);
    expect(verifications.mock.calls.length).toBeGreaterThan(0);
    expect(statuses).toEqual({ 401: verifications.mock.calls.length, 429: size - verifications.mock.calls.length });
    const right = await login('engineer', 'demo', '10.41.0.1');
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ response: 'error', message: 'Too many failed sign-in attempts, try again later' });
    expect(verifications.mock.calls.length).toBeLessThanOrEqual(PER_USERNAME);
  });

  it('refuses the right password after 10 failures, one at a time, for that username only', async () => {
    for (let i = 0; i < PER_USERNAME; i++) {
      expect((await login('thermo.manager', 'bad', `10.42.0.${i}`)).statusCode).toBe(401);
    }
    expect((await login('Thermo.Manager', 'demo', '10.42.1.1')).statusCode).toBe(429);
    expect((await login('onsite', 'demo', '10.42.1.1')).statusCode).toBe(200);
  });

  it('a success clears the username\'s count', async () => {
    for (let i = 0; i < PER_USERNAME - 1; i++) expect((await login('onsite', 'bad', '10.43.0.1')).statusCode).toBe(401);
    expect((await login('onsite', 'demo', '10.43.0.1')).statusCode).toBe(200);
    for (let i = 0; i < PER_USERNAME - 1; i++) expect((await login('onsite', 'bad', '10.43.0.1')).statusCode).toBe(401);
    expect((await login('onsite', 'demo', '10.43.0.1')).statusCode).toBe(200);
  });

  it('lets a username in again once its 15-minute window has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    for (let i = 0; i < PER_USERNAME; i++) expect((await login('technician', 'bad', '10.44.0.1')).statusCode).toBe(401);
    vi.setSystemTime(start + WINDOW_MS - 1000);
    expect((await login('technician', 'demo', '10.44.0.2')).statusCode).toBe(429);
    vi.setSystemTime(start + WINDOW_MS + 1000);
    expect((await login('technician', 'demo', '10.44.0.2')).statusCode).toBe(200);
  });

  it('drops the counts of closed windows, so made-up usernames do not pile up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    for (let i = 0; i < 5; i++) await login(`made-up-${i}`, 'bad', '10.45.0.1');
    expect(await t.app.services.db.select().from(loginAttempts)).toHaveLength(6);
    vi.setSystemTime(start + WINDOW_MS + 1);
    await login('someone', 'bad', '10.45.0.2');
    const keys = (await t.app.services.db.select().from(loginAttempts)).map((row) => row.key).sort();
    expect(keys).toEqual(['addr:10.45.0.2', 'user:someone']);
  });
});

describe('many users behind one address (a plant\'s NAT)', () => {
  const NAT = '10.50.0.1';

  async function sprayMadeUpUsernames(count: number) {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) statuses.push((await login(`sprayed-${i}`, 'Winter2024!', NAT)).statusCode);
    return statuses;
  }

  it('after 50 failures from the address, a sprayer gets 429 while the administrator still signs in', async () => {
    const statuses = await sprayMadeUpUsernames(PER_ADDRESS + 10);
    expect(statuses.slice(0, PER_ADDRESS).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(PER_ADDRESS).every((s) => s === 429)).toBe(true);

    const admin = await login('admin', 'demo', NAT);
    expect(admin.statusCode).toBe(200);
    expect(admin.json().token).toBeTruthy();
    expect((await login('engineer', 'demo', NAT)).statusCode).toBe(200);
    // The administrator again: a success leaves nothing behind that would lock the next one out.
    expect((await login('admin', 'demo', NAT)).statusCode).toBe(200);
    expect((await sprayMadeUpUsernames(1))[0]).toBe(429);
  });

  it('from an address past its limit, a username gets one guess: after it, even its right password waits', async () => {
    await sprayMadeUpUsernames(PER_ADDRESS);
    const verifications = countVerifications();
    expect((await login('technician', 'Winter2024!', NAT)).statusCode).toBe(429);
    expect((await login('technician', 'demo', NAT)).statusCode).toBe(429);
    expect(verifications.mock.calls.length).toBe(1);
    // From elsewhere the username's own limit (10) still has room: one failure is not a lock.
    expect((await login('technician', 'demo', '10.50.0.2')).statusCode).toBe(200);
  });

  it('a burst of 100 concurrent guesses for one username from an address past its limit checks one password', async () => {
    await sprayMadeUpUsernames(PER_ADDRESS);
    const verifications = countVerifications();
    const responses = await Promise.all(Array.from({ length: 100 }, (_, i) => login('thermo.tech', `guess-${i}`, NAT)));
    expect(verifications.mock.calls.length).toBe(1);
    expect(responses.every((r) => r.statusCode === 429)).toBe(true);
  });

  it('keeps the per-username limit strict behind the NAT too', async () => {
    for (let i = 0; i < PER_USERNAME; i++) expect((await login('thermo.engineer', 'bad', NAT)).statusCode).toBe(401);
    expect((await login('thermo.engineer', 'demo', NAT)).statusCode).toBe(429);
    expect((await login('thermo.engineer', 'demo', '10.50.0.3')).statusCode).toBe(429);
  });
});

/** Two server instances on one PostgreSQL, as behind a load balancer: the counts are the database's. */
const servers = await sharedServices('login limits across two processes');

describe.skipIf(!servers)('two processes on one PostgreSQL', () => {
  const processes = twoProcesses(servers);

  it('agree on the count: a burst split between them checks at most 10 passwords', async () => {
    const verifications = countVerifications();
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) => (i % 2 ? processes.second : processes.first.app).inject({
        method: 'POST', url: '/api/token/login', payload: { username: 'engineer', password: `guess-${i}` }, remoteAddress: `10.60.0.${i}`,
      })),
    );
    expect(verifications.mock.calls.length).toBeLessThanOrEqual(PER_USERNAME);
    expect(responses.filter((r) => r.statusCode === 401)).toHaveLength(verifications.mock.calls.length);
    expect((await processes.second.inject({ method: 'POST', url: '/api/token/login', payload: { username: 'engineer', password: 'demo' } })).statusCode).toBe(429);
  });
});
