import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServerProcess } from '../tests/helpers/serverProcess';
import { login, round1 } from './largeDatabase';

const DEFAULT_SECONDS = 120;
const SAMPLE_EVERY_MS = 10_000;
const CONCURRENCY = 4;
/** A phone photo of a plant room: about 400 KB, incompressible like real JPEG data. */
const PHOTO_BYTES = 400 * 1024;
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

type Json = Record<string, unknown> & { _id: string };

function sizeOf(target: string): number {
  const stat = statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(target).reduce((sum, name) => sum + sizeOf(path.join(target, name)), 0);
}

const megabytes = (bytes: number) => round1(bytes / 1_048_576);

async function call(baseUrl: string, token: string, method: string, url: string, body?: unknown): Promise<Json> {
  const response = await fetch(`${baseUrl}/api${url}`, {
    method,
    headers: { 'x-auth': token, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as Json;
}

/** JPEG by its content (the server sniffs the first bytes), random after that. */
function photo(): Blob {
  const bytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(PHOTO_BYTES - 6), Buffer.from([0xff, 0xd9])]);
  return new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' });
}

async function upload(baseUrl: string, token: string): Promise<string> {
  const form = new FormData();
  form.append('file', photo(), 'round.jpg');
  const response = await fetch(`${baseUrl}/api/file`, { method: 'POST', headers: { 'x-auth': token }, body: form });
  if (!response.ok) throw new Error(`POST /file: ${response.status} ${await response.text()}`);
  return ((await response.json()) as Json)._id;
}

/**
 * Issue 16 §6: the embedded database's write-ahead log during a long session of inspection submits
 * with photos. The server runs as its own process on a fresh DATA_DIR (as `npm start` does); four
 * technicians' worth of clients upload a photo and submit an inspection that uses it, over and over,
 * and every 10 s the soak prints the size of DATA_DIR/pg_wal (and of DATA_DIR). PGlite runs
 * PostgreSQL single-user, where nothing checkpoints on its own: without our checkpoints the log
 * grows by every byte written. `npx tsx bench/walSoak.ts [seconds]`.
 */
export async function benchWalSoak(seconds = DEFAULT_SECONDS) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fo-bench-wal-'));
  const walDir = path.join(dataDir, 'pg_wal');
  // The soak is about the log, not the per-user upload quota: lift it for this process.
  const server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', UPLOAD_QUOTA_MB_PER_HOUR: '1000000' }, 180_000);
  try {
    const baseUrl = server.baseUrl;
    const admin = await login(baseUrl, 'admin');
    const technician = await login(baseUrl, 'technician');
    const suffix = randomBytes(3).toString('hex');
    const image = await call(baseUrl, admin, 'POST', '/attribute', { name: `Soak photo ${suffix}`, technicalName: `soak_photo_${suffix}`, type: 'image' });
    const reading = await call(baseUrl, admin, 'POST', '/attribute', { name: `Soak reading ${suffix}`, technicalName: `soak_reading_${suffix}`, type: 'number' });
    const checklist = await call(baseUrl, admin, 'POST', '/checklist', {
      name: `Soak round ${suffix}`,
      checklistItems: [image, reading].map((attribute, i) => ({ attribute: attribute._id, sequenceId: i + 1, threshold: null, showMandatoryIndicator: false })),
    });
    const asset = await call(baseUrl, admin, 'POST', '/asset', { name: `Soak pump ${suffix}`, identification: `SOAK-${suffix}`, checklists: [checklist._id] });

    const samples: { seconds: number; submits: number; uploadedMB: number; walMB: number; walFiles: number; dataDirMB: number }[] = [];
    let submits = 0;
    const startedAt = performance.now();
    const sample = () => {
      const walFiles = readdirSync(walDir).filter((name) => WAL_SEGMENT.test(name)).length;
      const row = { seconds: Math.round((performance.now() - startedAt) / 1000), submits, uploadedMB: megabytes(submits * PHOTO_BYTES), walMB: megabytes(sizeOf(walDir)), walFiles, dataDirMB: megabytes(sizeOf(dataDir)) };
      samples.push(row);
      console.log(JSON.stringify(row));
    };
    sample();
    const timer = setInterval(sample, SAMPLE_EVERY_MS);
    const until = startedAt + seconds * 1000;
    try {
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async (_, worker) => {
          for (let k = 0; performance.now() < until; k++) {
            const file = await upload(baseUrl, technician);
            await call(baseUrl, technician, 'POST', `/inspection?assetId=${asset._id}`, {
              inspectionData: { [checklist._id]: { [image._id]: file, [reading._id]: 40 + ((k * 7 + worker) % 21) } },
            });
            submits++;
          }
        }),
      );
    } finally {
      clearInterval(timer);
    }
    sample();
    return {
      seconds,
      submits,
      uploadedMB: megabytes(submits * PHOTO_BYTES),
      walMaxMB: Math.max(...samples.map((s) => s.walMB)),
      walMaxFiles: Math.max(...samples.map((s) => s.walFiles)),
      walEndMB: samples.at(-1)?.walMB ?? 0,
      dataDirEndMB: samples.at(-1)?.dataDirMB ?? 0,
      samples,
    };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { samples: _samples, ...summary } = await benchWalSoak(Number(process.argv[2] ?? DEFAULT_SECONDS));
  console.log(JSON.stringify(summary, null, 2));
}
