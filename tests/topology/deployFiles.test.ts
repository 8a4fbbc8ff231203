import { execFile } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { localNginxConfig } from '../helpers/nginxConfig';
import { webBuildIsStale } from '../../build/webBuild';

/**
 * deploy/ as operators get it (issue 21). Container images cannot be pulled on our machines and
 * docker's compose plugin is not installed: the compose file is read as YAML and its topology
 * checked; the nginx config is checked by nginx itself (and run by proxyTopology.test.ts).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const run = promisify(execFile);

interface Service {
  build?: { context: string; dockerfile: string };
  image?: string;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  stop_grace_period?: string;
}

const compose = parse(read('deploy/compose.yaml')) as { services: Record<string, Service> };
const APPS = ['app1', 'app2', 'app3'];

describe('deploy/compose.yaml', () => {
  it('runs nginx, three app processes, PostgreSQL and Redis', () => {
    expect(Object.keys(compose.services).sort()).toEqual([...APPS, 'nginx', 'postgres', 'redis'].sort());
  });

  it.each(APPS)('gives %s the shared database, Redis, secret and proxy trust, and checks its readiness', (name) => {
    const app = compose.services[name]!;
    expect(app.build).toEqual({ context: '..', dockerfile: 'deploy/Dockerfile' });
    const env = app.environment ?? {};
    expect(env.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\/\w+$/);
    expect(env.REDIS_URL).toBe('redis://redis:6379');
    for (const variable of ['TRUST_PROXY', 'JWT_SECRET', 'ADMIN_PASSWORD', 'DRAIN_DELAY_MS']) expect(env[variable], variable).toBeTruthy();
    expect(app.healthcheck?.test.join(' ')).toContain('/api/health/ready');
    expect(app.depends_on).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    // Only nginx is reachable from outside: the client address the app trusts is nginx's to say.
    expect(app.ports).toBeUndefined();
  });

  it('mounts deploy/nginx.conf into nginx, whose upstreams are exactly the app services', () => {
    const nginx = compose.services.nginx!;
    expect(nginx.volumes).toContain('./nginx.conf:/etc/nginx/nginx.conf:ro');
    expect(Object.keys(nginx.depends_on ?? {}).sort()).toEqual(APPS);
    const blocks = [...read('deploy/nginx.conf').matchAll(/upstream \w+ \{([^}]*)\}/g)].map(([, body]) => [...body!.matchAll(/server (\S+?)[\s;]/g)].map(([, address]) => address));
    expect(blocks).toHaveLength(2);
    for (const servers of blocks) expect(servers).toEqual(APPS.map((app) => `${app}:3000`));
  });
});

const hasNginx = await run('which', ['nginx']).then(() => true, () => process.env.CI === 'true');

describe('deploy/nginx.conf', () => {
  it.skipIf(!hasNginx)('passes nginx -t with the app processes\' addresses substituted', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fo-nginx-t-'));
    chmodSync(dir, 0o755);
    try {
      const conf = path.join(dir, 'nginx.conf');
      writeFileSync(conf, localNginxConfig(read('deploy/nginx.conf'), { upstreams: ['127.0.0.1:3001', '127.0.0.1:3002', '127.0.0.1:3003'], listen: '127.0.0.1:8080', dir }));
      const { stderr } = await run('nginx', ['-t', '-p', dir, '-c', conf]);
      expect(stderr).toContain('syntax is ok');
      expect(stderr).toContain('test is successful');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('takes bodies as large as the largest the app accepts (a 7 MB thermography data URL, docs/thermography.md)', () => {
    const [, size, unit] = /client_max_body_size (\d+)([km]?);/.exec(read('deploy/nginx.conf')) ?? [];
    const bytes = Number(size) * (unit === 'm' ? 1_048_576 : unit === 'k' ? 1024 : 1);
    expect(bytes).toBeGreaterThanOrEqual(7 * 1_048_576);
  });
});

describe('deploy/Dockerfile', () => {
  const dockerfile = read('deploy/Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);
  const runtime = stages.at(-1)!;

  it('builds in one stage and runs from another, as a user other than root, with npm start', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(stages[0]).toMatch(/RUN npm ci/);
    expect(stages[0]).toMatch(/RUN npm run build/);
    expect(runtime).toMatch(/RUN npm ci --omit=dev|COPY --from=\w+ \/app\/node_modules/);
    const user = /^USER (\S+)/m.exec(runtime)?.[1];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
    expect(runtime).toMatch(/^CMD \["npm", "start"\]/m);
  });

  it('ships the built web app without its sources, so `npm start` serves it without building', () => {
    expect(runtime).toMatch(/COPY --from=build \/app\/dist \.\/dist/);
    // And the server's build of the first screens it draws (issue 20), beside it.
    expect(runtime).toMatch(/COPY --from=build \/app\/dist-server \.\/dist-server/);
    expect(runtime).not.toMatch(/\/app\/src\b|index\.html/);
  });
});

describe('the web build at `npm start` (build/webBuild.ts)', () => {
  /** A tree like the image's: dist/ built, then common/ and package-lock.json touched later. */
  function imageLikeTree(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'fo-image-tree-'));
    mkdirSync(path.join(dir, 'dist'));
    mkdirSync(path.join(dir, 'common'));
    writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html>');
    writeFileSync(path.join(dir, 'common', 'shared.ts'), 'export {};');
    writeFileSync(path.join(dir, 'package-lock.json'), '{}');
    const built = new Date(Date.now() - 3_600_000);
    utimesSync(path.join(dir, 'dist', 'index.html'), built, built);
    return dir;
  }

  it('serves the shipped build of a tree without the web app\'s sources, whatever its file times', () => {
    const dir = imageLikeTree();
    try {
      expect(webBuildIsStale(dir)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("rebuilds a checkout whose build lacks the server's drawer of first screens (dist-server/drawScreen.mjs), however new dist/ is", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'fo-checkout-'));
    try {
      mkdirSync(path.join(dir, 'src'));
      writeFileSync(path.join(dir, 'src', 'main.tsx'), '');
      writeFileSync(path.join(dir, 'index.html'), '');
      const before = new Date(Date.now() - 3_600_000);
      for (const file of ['src/main.tsx', 'src', 'index.html']) utimesSync(path.join(dir, file), before, before);
      mkdirSync(path.join(dir, 'dist'));
      writeFileSync(path.join(dir, 'dist', 'index.html'), '<!doctype html>');
      expect(webBuildIsStale(dir)).toBe(true);
      mkdirSync(path.join(dir, 'dist-server'));
      writeFileSync(path.join(dir, 'dist-server', 'drawScreen.mjs'), 'export {};');
      expect(webBuildIsStale(dir)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('still rebuilds a checkout whose sources are newer than dist/', () => {
    const dir = imageLikeTree();
    try {
      // Its drawer built with it: only the file times say it is stale.
      mkdirSync(path.join(dir, 'dist-server'));
      writeFileSync(path.join(dir, 'dist-server', 'drawScreen.mjs'), 'export {};');
      utimesSync(path.join(dir, 'dist-server', 'drawScreen.mjs'), new Date(Date.now() - 3_600_000), new Date(Date.now() - 3_600_000));
      mkdirSync(path.join(dir, 'src'));
      writeFileSync(path.join(dir, 'src', 'main.tsx'), '');
      writeFileSync(path.join(dir, 'index.html'), '');
      expect(webBuildIsStale(dir)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
