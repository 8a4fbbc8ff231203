import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('defaults to the embedded database with demo data on port 3000', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, host: '0.0.0.0', databaseUrl: null, seed: 'demo', demoPassword: 'demo', production: false });
    expect(config.dataDir).toMatch(/data$/);
  });

  it('switches to production seeding with DATABASE_URL or NODE_ENV=production', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://127.0.0.1/x' })).toMatchObject({ seed: 'production', databaseUrl: 'postgres://127.0.0.1/x' });
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe('production');
  });

  it('takes METRICS_TOKEN for GET /api/metrics; without it only this host may read them', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: 'a-long-random-token-1234' }).metricsToken).toBe('a-long-random-token-1234');
  });

  it("takes PUBLIC_HOSTS, the page hosts of the spec's host rule, lower-cased; none by default", () => {
    expect(loadConfig({}).publicHosts).toEqual([]);
    expect(loadConfig({ PUBLIC_HOSTS: 'Plant.Example.com, north.plant.example:8080,plant.example.com' }).publicHosts).toEqual(['plant.example.com', 'north.plant.example:8080']);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'long enough but has spaces' }, 'METRICS_TOKEN'],
    [{ PUBLIC_HOSTS: 'plant.example.com, https://plant.example.com' }, 'PUBLIC_HOSTS'],
    [{ PUBLIC_HOSTS: "plant.example.com; script-src 'unsafe-inline'" }, 'PUBLIC_HOSTS'],
    [{ PUBLIC_HOSTS: 'plant.example.com,' }, 'PUBLIC_HOSTS'],
  ])('refuses %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });
});
