import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { sharedServices, twoProcesses } from '../helpers/sharedServices';
import { adminApi, ok } from '../administration/adminApi';
import { createFixture, submit, type Fixture } from './inspectionFixture';
import { loadConfig } from '../../../server/config';
import { files } from '../../../server/db/schema';
import { newId } from '../../../server/db/ids';
import { createJobScheduler } from '../../../server/jobs/scheduler';
import { FILE_CLEANUP_JOB, type SystemJob } from '../../../server/jobs/systemJobs';
import { jpegOfSize } from '../helpers/imageBytes';
import { PLAIN_JPEG } from '../thermography/thermographyApi';
import { multipartBody } from '../helpers/uploads';

/** docs/inspections.md: a photo of up to 5 MB. */
const PHOTO_LIMIT_BYTES = 5 * 1_048_576;

const MB = 1_048_576;
const HOUR = 60 * 60 * 1000;

let t: TestApp;
let fx: Fixture;
beforeAll(async () => {
  // A small hourly quota, so a test can reach it; the default is checked against the docs below.
  t = await createTestApp({ uploadQuotaBytesPerHour: 1 * MB });
  fx = await createFixture(t);
});
afterAll(() => t?.close());

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');
/** A real 8×8 JPEG: uploads are read down to their header's size (issue 39 §3). */
const JPEG = PLAIN_JPEG;

const multipart = (content: Buffer, filename = 'photo.jpg', field = 'file', type = 'image/jpeg') => multipartBody(content, filename, field, type);

/** A JPEG `size` bytes long. */
const jpegOf = (size: number) => jpegOfSize(size, JPEG);

const filesOf = async (username: string) => {
  const user = await t.app.services.users.findByUsername(username);
  return t.app.services.db.select({ _id: files._id, createdAt: files.createdAt }).from(files).where(eq(files.uploadedBy, user!._id));
};

const upload = (content: Buffer, as = 'technician', filename?: string, field?: string, type?: string) => {
  const body = multipart(content, filename, field, type);
  return t.request({ as, method: 'POST', url: '/api/file', payload: body.payload, headers: body.headers });
};

describe('image files', () => {
  it('takes a JPEG or PNG, typed by its content', async () => {
    const jpeg = ok(await upload(JPEG));
    expect(jpeg).toMatchObject({ contentType: 'image/jpeg', size: JPEG.length, name: 'photo.jpg' });
    const png = ok(await upload(PNG, 'technician', 'looks-like.jpg', 'file', 'image/jpeg'));
    expect(png.contentType).toBe('image/png');
  });

  it('refuses content that is not an image whatever its name (415), an empty or oversize file, another field', async () => {
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'technician', 'x.jpg');
    expect(html.statusCode).toBe(415);
    expect(html.json().message).toMatch(/JPEG, PNG or WebP/);
    expect((await upload(Buffer.alloc(0))).statusCode).toBe(400);
    const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(PHOTO_LIMIT_BYTES + 10)]);
    expect((await upload(big)).statusCode).toBe(413);
    expect((await upload(JPEG, 'technician', 'a.jpg', 'picture')).statusCode).toBe(400);
    expect((await t.request({ as: 'technician', method: 'POST', url: '/api/file', payload: { file: 'x' } })).statusCode).toBe(400);
  });

  it('is refused to users without update-inspection', async () => {
    expect((await upload(JPEG, 'onsite')).statusCode).toBe(403);
  });

  it('serves a file with nosniff to its uploader, to readers of its inspection once used, to nobody else', async () => {
    const file = ok(await upload(PNG));
    const get = (as: string) => t.request({ as, method: 'GET', url: `/api/file/${file._id}` });
    const mine = await get('technician');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['x-content-type-options']).toBe('nosniff');
    expect(mine.rawPayload.equals(PNG)).toBe(true);
    expect((await get('engineer')).statusCode).toBe(403);

    const body = ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.image!._id]: file._id } }));
    expect(body.inspections).toHaveLength(1);
    expect((await get('engineer')).statusCode).toBe(200);
    expect((await get('onsite')).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/file/${file._id}` })).statusCode).toBe(401);
    expect((await get('engineer')).headers['x-content-type-options']).toBe('nosniff');
  });

  it("an image value must be the caller's own unused upload", async () => {
    const engineers = ok(await upload(JPEG, 'engineer'));
    const other = await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.image!._id]: engineers._id } });
    expect(other.statusCode).toBe(400);
    const own = ok(await upload(JPEG));
    ok(await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.image!._id]: own._id } }));
    const reused = await submit(t, fx.asset._id, { [fx.checklist._id]: { [fx.attributes.image!._id]: own._id } });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/still unused/);
  });
});

describe('file names', () => {
  it('refuses a name holding a NUL or another control character with 400 naming file, and stores nothing', async () => {
    const before = (await filesOf('technician')).length;
    for (const name of ['photo\u0000.jpg', 'bell\u0007.jpg', 'line\u001b[31m.jpg']) {
      const response = await upload(JPEG, 'technician', name);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual({ file: 'file name must not contain control characters' });
    }
    expect(await filesOf('technician')).toHaveLength(before);
    expect(ok(await upload(JPEG, 'technician', 'façade – north.jpg')).name).toBe('façade – north.jpg');
  });
});

describe('upload quota', () => {
  it('is 200 MB per hour unless UPLOAD_QUOTA_MB_PER_HOUR says otherwise, naming it when invalid', () => {
    expect(loadConfig({}).uploadQuotaBytesPerHour).toBe(200 * MB);
    expect(loadConfig({ UPLOAD_QUOTA_MB_PER_HOUR: '50' }).uploadQuotaBytesPerHour).toBe(50 * MB);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB_PER_HOUR: 'lots' })).toThrow(/UPLOAD_QUOTA_MB_PER_HOUR/);
    expect(() => loadConfig({ UPLOAD_QUOTA_MB_PER_HOUR: '0' })).toThrow(/UPLOAD_QUOTA_MB_PER_HOUR/);
  });

  it('answers 429 saying when room frees up once a user has uploaded the quota within an hour, for that user only', async () => {
    // The admin's uploads only: 300 KB each under this app's 1 MB per hour.
    const photo = jpegOf(300 * 1024);
    const accepted: number[] = [];
    let refused = null;
    for (let i = 0; i < 10 && !refused; i++) {
      const response = await upload(photo, 'admin', `round-${i}.jpg`);
      if (response.statusCode === 200) accepted.push(i);
      else refused = response;
    }
    expect(accepted).toEqual([0, 1, 2]);
    expect(refused?.statusCode).toBe(429);
    const body = refused!.json();
    // Room frees up when the first of them leaves the hour: about an hour from now (generous for a slow run).
    expect(body.message).toMatch(/^Upload quota reached: 0\.9 MB of 1 MB uploaded in the last hour; room frees up at \d\d:\d\d UTC \(in (5\d|60) min\)$/);
    expect(body.errors).toEqual({ file: body.message });
    expect(Number(refused!.headers['retry-after'])).toBeGreaterThan(50 * 60);
    expect(await filesOf('admin')).toHaveLength(3);
    // Someone else's uploads are not counted against the admin, nor the admin's against them.
    expect((await upload(photo, 'engineer')).statusCode).toBe(200);
    // An hour later the first uploads no longer count.
    const mine = await filesOf('admin');
    await t.app.services.db.update(files).set({ createdAt: Date.now() - HOUR - 1000 }).where(inArray(files._id, mine.map((f) => f._id)));
    expect((await upload(photo, 'admin')).statusCode).toBe(200);
  });
});

/** Files written straight into the table, as old as a test needs them. */
async function storeFile(createdAt: number, owner: { ownerType: string; ownerId: string } | null = null, on: TestApp = t) {
  const user = await on.app.services.users.findByUsername('technician');
  const row = { _id: newId(), name: 'old.jpg', contentType: 'image/jpeg', size: JPEG.length, data: new Uint8Array(JPEG), uploadedBy: user!._id, createdAt, ...(owner ?? {}) };
  await on.app.services.db.insert(files).values(row);
  return row._id;
}

const stored = async (ids: string[], on: TestApp = t) => (await on.app.services.db.select({ _id: files._id }).from(files).where(inArray(files._id, ids))).map((f) => f._id).sort();

describe('clean-up of unused uploads', () => {
  it('deletes an upload no inspection used after 24 h, on the hourly tick, and keeps used and recent ones', async () => {
    const tick = Math.floor(Date.now() / HOUR) * HOUR + HOUR;
    const unused = await storeFile(tick - 25 * HOUR);
    const recent = await storeFile(tick - HOUR);
    const used = await storeFile(tick - 25 * HOUR, { ownerType: 'inspection', ownerId: 'an-inspection' });

    // Not at 12 minutes past: the clean-up runs at the start of each hour.
    await t.app.jobs.runTick(tick - 48 * 60 * 1000);
    expect(await stored([unused, recent, used])).toEqual([unused, recent, used].sort());

    const runs = await t.app.jobs.runTick(tick);
    expect(runs.find((run) => run.job === 'system:file-cleanup')).toMatchObject({ outcome: 'ok', tick, summary: { deletedFiles: 1, freedBytes: JPEG.length } });
    expect(await stored([unused, recent, used])).toEqual([recent, used].sort());
    expect((await t.app.jobs.runTick(tick)).filter((run) => run.job === 'system:file-cleanup')).toEqual([]);
    // A system job, not an administrator's: Job management does not list it.
    expect((await adminApi(t).list('job')).map((job) => job._id)).not.toContain('system:file-cleanup');
  });
});

/** Two server processes on one PostgreSQL (CI's second pass sets DATABASE_URL). */
const servers = await sharedServices('the clean-up job across two processes');

describe.skipIf(!servers)('clean-up with two app instances sharing PostgreSQL', () => {
  const processes = twoProcesses(servers, { jobsEnabled: false });

  it('runs once per tick, however many processes wake for it', async () => {
    let runs = 0;
    const counting: SystemJob = { ...FILE_CLEANUP_JOB, run: (db, tick) => ((runs += 1), FILE_CLEANUP_JOB.run(db, tick)) };
    const schedulerOf = (app: FastifyInstance) => createJobScheduler({ db: app.services.db, sandbox: () => null, pushes: app.services.pushes, systemJobs: [counting] });
    const [a, b] = [schedulerOf(processes.first.app), schedulerOf(processes.second)];
    const ticks = [1, 2, 3].map((n) => Date.UTC(2031, 0, 6, n));
    const unused = await Promise.all(ticks.map((tick) => storeFile(tick - 25 * HOUR, null, processes.first)));
    for (const tick of ticks) await Promise.all([a.runTick(tick), b.runTick(tick), a.runTick(tick)]);
    expect(runs).toBe(ticks.length);
    expect(await stored(unused, processes.first)).toEqual([]);
  });
});
