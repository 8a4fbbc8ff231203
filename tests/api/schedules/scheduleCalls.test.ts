import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { count, eq } from 'drizzle-orm';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok, type Doc } from '../administration/adminApi';
import { inspectionSchedules } from '../../../server/db/schema';
import { breachingSubmission, type BreachingSubmission } from '../../helpers/breachingSubmission';

/**
 * The four inspection schedule calls (spec §7, DESIGN §12): reads of a period, spec §5's checks
 * in its order and words, 409 for a schedule holding inspections, update-detail pushes.
 */
const DAY = 86_400_000;
/** Spec §5, word for word. */
const START_NOT_SET = 'Start date is not set';
const END_NOT_SET = 'End date is not set';
const END_BEFORE_START = 'End date should be the same or should be after the start date';
const NO_ASSET = 'Please select an asset';
const NO_CHECKLIST = 'Please select at least one checklist';

const MARCH = Date.UTC(2031, 2, 1);
const END_OF_MARCH = Date.UTC(2031, 3, 1) - 1;

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let pump: Doc;
let fan: Doc;
let pumpCheck: Doc;
let filterCheck: Doc;
let fanCheck: Doc;
const pushes: { event: string; payload: unknown }[] = [];

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  api = adminApi(t);
  pumpCheck = await api.create('checklist', { name: 'Sc pump check' });
  filterCheck = await api.create('checklist', { name: 'Sc filter check' });
  fanCheck = await api.create('checklist', { name: 'Sc fan check' });
  pump = await api.create('asset', { name: 'Sc pump', identification: 'SC-PUMP', checklists: [pumpCheck._id, filterCheck._id] });
  fan = await api.create('asset', { name: 'Sc fan', identification: 'SC-FAN', checklists: [fanCheck._id] });
  const publish = t.app.services.pushes.publish.bind(t.app.services.pushes);
  t.app.services.pushes.publish = (event, payload) => {
    pushes.push({ event, payload });
    publish(event, payload);
  };
});
afterAll(() => t?.close());

const create = (body: unknown, as = 'engineer') => t.request({ method: 'POST', url: '/api/inspectionSchedule', payload: body as object, as });
const update = (id: string, body: unknown, as = 'engineer') => t.request({ method: 'PUT', url: `/api/inspectionSchedule/${id}`, payload: body as object, as });
const remove = (id: string, as = 'engineer') => t.request({ method: 'DELETE', url: `/api/inspectionSchedule/${id}`, as });
const list = (query: string, as = 'engineer') => t.request({ method: 'GET', url: `/api/inspectionSchedule${query}`, as });
const period = (start: number, end: number) => `?start=${start}&end=${end}`;
const schedulesStored = async () => (await t.app.services.db.select({ n: count() }).from(inspectionSchedules))[0]?.n ?? 0;

async function schedule(start: number, end: number, checklistIds: string[] = [pumpCheck._id], assetId: string = pump._id): Promise<Doc> {
  return ok(await create({ assetId, checklistIds, start, end }));
}

/** The 400 of a spec §5 rule: the message, and the field it names. */
function refused(response: Awaited<ReturnType<typeof create>>, message: string, field: string) {
  expect(response.statusCode, response.body).toBe(400);
  expect(response.json()).toEqual({ response: 'error', message, errors: { [field]: message } });
}

describe('GET /inspectionSchedule?start&end', () => {
  it('answers the schedules overlapping the period, by start, with the asset and checklist names', async () => {
    const inside = await schedule(MARCH + 2 * DAY, MARCH + 9 * DAY - 1, [filterCheck._id, pumpCheck._id]);
    const overStart = await schedule(MARCH - 3 * DAY, MARCH + DAY - 1);
    const overEnd = await schedule(END_OF_MARCH - 1000, END_OF_MARCH + 5 * DAY);
    const endsAtStart = await schedule(MARCH - 7 * DAY, MARCH);
    const around = await schedule(MARCH - DAY, END_OF_MARCH + DAY, [fanCheck._id], fan._id);
    await schedule(MARCH - 7 * DAY, MARCH - 1);
    await schedule(END_OF_MARCH + 1, END_OF_MARCH + DAY);

    const answer = ok(await list(period(MARCH, END_OF_MARCH)));
    expect(answer.map((s: Doc) => s._id)).toEqual([endsAtStart._id, overStart._id, around._id, inside._id, overEnd._id]);
    const shown = answer.find((s: Doc) => s._id === inside._id);
    expect(shown).toEqual({
      _id: inside._id,
      asset: pump._id,
      assetName: 'Sc pump',
      checklists: [filterCheck._id, pumpCheck._id],
      checklistNames: ['Sc filter check', 'Sc pump check'],
      start: MARCH + 2 * DAY,
      end: MARCH + 9 * DAY - 1,
      inspections: [],
      generated: false,
      edited: false,
    });
  });

  it('reads this UTC month without start and end, and refuses a half, reversed or over-long period', async () => {
    const now = new Date();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    const thisMonth = await schedule(monthStart + 12 * 3_600_000, monthStart + 13 * 3_600_000, [fanCheck._id], fan._id);
    expect(ok(await list('')).map((s: Doc) => s._id)).toContain(thisMonth._id);

    const refusals: [string, string][] = [
      [`?start=${MARCH}`, 'end'],
      [`?end=${MARCH}`, 'start'],
      [period(MARCH, MARCH - 1), 'end'],
      [period(MARCH, MARCH + 401 * DAY), 'end'],
      ['?start=march&end=april', 'start'],
      [`?start=${MARCH}&end=1e400`, 'end'],
      [`?start=${MARCH}&end=99999999999999999`, 'end'],
    ];
    for (const [query, field] of refusals) {
      const response = await list(query);
      expect(response.statusCode, `${query}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    // A year view with its leading and trailing weeks fits.
    expect((await list(period(MARCH, MARCH + 400 * DAY))).statusCode).toBe(200);
  });

  it('pages with range, answering Content-Range like the other lists', async () => {
    const quiet = Date.UTC(2032, 5, 1);
    const made = [];
    for (let day = 0; day < 5; day++) made.push((await schedule(quiet + day * DAY, quiet + day * DAY + 3_600_000))._id);
    const first = await list(`${period(quiet, quiet + 10 * DAY)}&range=[0,1]`);
    expect(ok(first).map((s: Doc) => s._id)).toEqual(made.slice(0, 2));
    expect(first.headers['content-range']).toBe('inspectionSchedule 0-1/5');
    const last = await list(`${period(quiet, quiet + 10 * DAY)}&range=[4,9]`);
    expect(ok(last).map((s: Doc) => s._id)).toEqual(made.slice(4));
    expect(last.headers['content-range']).toBe('inspectionSchedule 4-4/5');
    const whole = await list(period(quiet, quiet + 10 * DAY));
    expect(ok(whole)).toHaveLength(5);
    expect(whole.headers['content-range']).toBeUndefined();
    expect((await list(`${period(quiet, quiet + DAY)}&range=[3,1]`)).statusCode).toBe(400);
  });
});

describe('POST /inspectionSchedule', () => {
  const start = Date.UTC(2031, 6, 6);
  const end = start + DAY - 1;

  it("checks spec §5's rules in its order and words, and saves nothing on failure", async () => {
    const before = await schedulesStored();
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, START_NOT_SET, 'start'],
      [{ start: null, end: null, assetId: '', checklistIds: [] }, START_NOT_SET, 'start'],
      [{ end, assetId: pump._id, checklistIds: [pumpCheck._id] }, START_NOT_SET, 'start'],
      [{ start }, END_NOT_SET, 'end'],
      [{ start, end: null, assetId: '', checklistIds: [] }, END_NOT_SET, 'end'],
      [{ start, end: start - 1, assetId: '', checklistIds: [] }, END_BEFORE_START, 'end'],
      [{ start, end }, NO_ASSET, 'assetId'],
      [{ start, end, assetId: '   ', checklistIds: [] }, NO_ASSET, 'assetId'],
      [{ start, end, assetId: pump._id }, NO_CHECKLIST, 'checklistIds'],
      [{ start, end, assetId: pump._id, checklistIds: [] }, NO_CHECKLIST, 'checklistIds'],
    ];
    for (const [body, message, field] of cases) refused(await create(body), message, field);
    expect(await schedulesStored()).toBe(before);
  });

  it('takes an end equal to the start ("the same")', async () => {
    const made = await schedule(start, start);
    expect([made.start, made.end]).toEqual([start, start]);
  });

  it('answers the schedule as the list shows it', async () => {
    const made = await schedule(start, end, [pumpCheck._id, filterCheck._id]);
    expect(made).toMatchObject({ asset: pump._id, assetName: 'Sc pump', checklistNames: ['Sc pump check', 'Sc filter check'], start, end, inspections: [], generated: false, edited: false });
    expect(ok(await list(period(start, end))).map((s: Doc) => s._id)).toContain(made._id);
  });

  it('refuses an asset that does not exist or is archived, and checklists not on the asset, naming the field', async () => {
    const before = await schedulesStored();
    const field = async (body: Record<string, unknown>) => {
      const response = await create({ start, end, ...body });
      expect(response.statusCode, response.body).toBe(400);
      return Object.keys(response.json().errors);
    };
    expect(await field({ assetId: 'no-such-asset', checklistIds: [pumpCheck._id] })).toEqual(['assetId']);
    expect(await field({ assetId: pump._id, checklistIds: [pumpCheck._id, fanCheck._id] })).toEqual(['checklistIds.1']);
    expect(await field({ assetId: pump._id, checklistIds: ['no-such-checklist'] })).toEqual(['checklistIds.0']);
    expect(await field({ assetId: pump._id, checklistIds: [pumpCheck._id, 5] })).toEqual(['checklistIds.1']);
    expect(await field({ assetId: pump._id, checklistIds: pumpCheck._id })).toEqual(['checklistIds']);
    expect(await field({ assetId: 42, checklistIds: [pumpCheck._id] })).toEqual(['assetId']);
    expect(await field({ start: '2031-07-06', assetId: pump._id, checklistIds: [pumpCheck._id] })).toEqual(['start']);
    expect(await field({ assetId: pump._id, checklistIds: [pumpCheck._id], colour: 'red' })).toEqual(['colour']);
    const message = (await create({ start, end, assetId: pump._id, checklistIds: [fanCheck._id] })).json().message as string;
    expect(message).toContain('Sc fan check');
    expect(message).toContain('Sc pump');

    const retired = await api.create('asset', { name: 'Sc retired', identification: 'SC-RETIRED', checklists: [pumpCheck._id] });
    await schedule(start, end, [pumpCheck._id], retired._id);
    expect(ok(await api.del(`/asset/${retired._id}`))).toMatchObject({ archived: true });
    expect(await field({ assetId: retired._id, checklistIds: [pumpCheck._id] })).toEqual(['assetId']);
    expect(await schedulesStored()).toBe(before + 1);
  });
});

describe('PUT and DELETE /inspectionSchedule/{id}', () => {
  const start = Date.UTC(2031, 8, 7);

  it('changes a schedule and marks it edited; a schedule holding inspections answers 409 and stays as it was', async () => {
    const made = await schedule(start, start + 7 * DAY - 1);
    const moved = ok(await update(made._id, { assetId: pump._id, checklistIds: [filterCheck._id], start: start + DAY, end: start + 8 * DAY - 1 }));
    expect(moved).toMatchObject({ _id: made._id, checklists: [filterCheck._id], checklistNames: ['Sc filter check'], start: start + DAY, end: start + 8 * DAY - 1, edited: true });

    refused(await update(made._id, { assetId: pump._id, checklistIds: [filterCheck._id], start: start + DAY }), END_NOT_SET, 'end');

    await t.app.services.db.update(inspectionSchedules).set({ inspections: ['done-inspection'] }).where(eq(inspectionSchedules._id, made._id));
    const locked = await update(made._id, { assetId: pump._id, checklistIds: [pumpCheck._id], start, end: start + DAY });
    expect(locked.statusCode, locked.body).toBe(409);
    expect(locked.json().response).toBe('error');
    const [stored] = await t.app.services.db.select().from(inspectionSchedules).where(eq(inspectionSchedules._id, made._id));
    expect(stored).toMatchObject({ checklists: [filterCheck._id], start: start + DAY, inspections: ['done-inspection'] });

    // It may still be deleted.
    expect(ok(await remove(made._id))).toMatchObject({ _id: made._id });
    expect(ok(await list(period(start, start + 8 * DAY))).map((s: Doc) => s._id)).not.toContain(made._id);
    expect((await remove(made._id)).statusCode).toBe(404);
    expect((await update(made._id, { assetId: pump._id, checklistIds: [pumpCheck._id], start, end: start })).statusCode).toBe(404);
  });

  it('keeps references an update does not change, even once archived', async () => {
    const retired = await api.create('checklist', { name: 'Sc retiring check' });
    const holder = await api.create('asset', { name: 'Sc holder', identification: 'SC-HOLDER', checklists: [pumpCheck._id, retired._id] });
    const made = await schedule(start, start + DAY, [retired._id], holder._id);
    await t.request({ method: 'PUT', url: `/api/asset/${holder._id}`, payload: { checklists: [pumpCheck._id] }, as: 'admin' });
    // Dragged to another day: still the checklist it was made with.
    expect(ok(await update(made._id, { assetId: holder._id, checklistIds: [retired._id], start: start + DAY, end: start + 2 * DAY }))).toMatchObject({ start: start + DAY });
    // A checklist the asset does not carry cannot be added.
    const added = await update(made._id, { assetId: holder._id, checklistIds: [retired._id, fanCheck._id], start, end: start + DAY });
    expect(Object.keys(added.json().errors)).toEqual(['checklistIds.1']);
  });

  it('lets technicians read schedules but not write them', async () => {
    const made = await schedule(start, start + DAY);
    expect((await list(period(start, start + DAY), 'technician')).statusCode).toBe(200);
    const before = await schedulesStored();
    expect((await create({ assetId: pump._id, checklistIds: [pumpCheck._id], start, end: start }, 'technician')).statusCode).toBe(403);
    expect((await update(made._id, { assetId: pump._id, checklistIds: [pumpCheck._id], start, end: start }, 'technician')).statusCode).toBe(403);
    expect((await remove(made._id, 'technician')).statusCode).toBe(403);
    expect((await list(period(start, start + DAY), 'onsite')).statusCode).toBe(403);
    expect(await schedulesStored()).toBe(before);
    expect(ok(await list(period(start, start + DAY))).find((s: Doc) => s._id === made._id)).toMatchObject({ start, end: start + DAY, edited: false });
  });
});

describe('when a schedule may lie (docs/schedules-calendar.md: bounds)', () => {
  // The written bounds: between 2000-01-01 and 2100-01-01 (UTC), at most 3,655 days long.
  const EARLIEST = Date.UTC(2000, 0, 1);
  const LATEST = Date.UTC(2100, 0, 1);
  const OUT_OF_RANGE = (field: string) => `${field} must lie between 2000-01-01 and 2100-01-01 (UTC)`;
  const TOO_LONG = 'end must be at most 3655 days after start';
  const body = (start: number, end: number) => ({ assetId: pump._id, checklistIds: [pumpCheck._id], start, end });

  it.each([
    ['starting in 1969', Date.UTC(1969, 11, 31, 20), Date.UTC(2025, 0, 1), 'start', OUT_OF_RANGE('start')],
    ['starting a millisecond before 2000', EARLIEST - 1, EARLIEST + DAY, 'start', OUT_OF_RANGE('start')],
    ['ending after 2100', Date.UTC(2099, 11, 1), LATEST + 1, 'end', OUT_OF_RANGE('end')],
    ['spanning 56 years', Date.UTC(2000, 0, 1), Date.UTC(2056, 0, 1), 'end', TOO_LONG],
    ['a millisecond longer than 3,655 days', Date.UTC(2040, 0, 1), Date.UTC(2040, 0, 1) + 3655 * DAY + 1, 'end', TOO_LONG],
  ])('refuses a schedule %s with 400 naming the field, on POST and PUT, storing nothing', async (_what, start, end, field, message) => {
    const kept = await schedule(Date.UTC(2045, 0, 1), Date.UTC(2045, 0, 2) - 1);
    const stored = await schedulesStored();
    refused(await create(body(start, end)), message, field);
    refused(await update(kept._id, body(start, end)), message, field);
    expect(await schedulesStored()).toBe(stored);
    const readBack = ok<Doc[]>(await list(period(Date.UTC(2045, 0, 1), Date.UTC(2045, 0, 2)))).find((s) => s._id === kept._id);
    expect(readBack).toMatchObject({ start: Date.UTC(2045, 0, 1), end: Date.UTC(2045, 0, 2) - 1 });
    ok(await remove(kept._id));
  });

  it('takes a schedule from 2000-01-01 lasting 3,655 days, and one ending on 2100-01-01', async () => {
    const first = await schedule(EARLIEST, EARLIEST + 3655 * DAY);
    const last = await schedule(LATEST - DAY, LATEST);
    expect([first.start, first.end, last.start, last.end]).toEqual([EARLIEST, EARLIEST + 3655 * DAY, LATEST - DAY, LATEST]);
    for (const made of [first, last]) ok(await remove(made._id));
  });
});

describe('pushes', () => {
  const start = Date.UTC(2031, 10, 2);
  const schedulePushes = () => pushes.filter((p) => p.event === 'update-detail' && (p.payload as { type: string }).type === 'inspectionSchedule').map((p) => (p.payload as { _id: string })._id);

  it('pushes update-detail naming the schedule on every write, and none for a refused one', async () => {
    pushes.length = 0;
    const made = await schedule(start, start + DAY);
    await update(made._id, { assetId: pump._id, checklistIds: [pumpCheck._id], start, end: start + 2 * DAY });
    await create({ start });
    await remove(made._id);
    await remove(made._id);
    expect(schedulePushes()).toEqual([made._id, made._id, made._id]);
  });

  describe('an inspection completing a schedule', () => {
    let submission: BreachingSubmission;
    let baseUrl: string;
    const sockets: Socket[] = [];

    beforeAll(async () => {
      submission = await breachingSubmission(async (path) => (await t.request({ method: 'GET', url: `/api${path}`, as: 'engineer' })).json());
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    afterAll(() => {
      for (const socket of sockets) socket.disconnect();
    });

    async function socketOf(username: string): Promise<{ socket: Socket; events: { event: string; payload: { type?: string; _id?: string } }[] }> {
      const socket = connectSocket(baseUrl, { path: '/socket.io', transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: await t.login(username) } });
      sockets.push(socket);
      const events: { event: string; payload: { type?: string; _id?: string } }[] = [];
      socket.onAny((event: string, payload: { type?: string; _id?: string }) => events.push({ event, payload }));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return { socket, events };
    }

    it('pushes update-detail for the schedule to those who read schedules, so an open calendar turns it green', async () => {
      const now = Date.now();
      const open = ok(await create({ assetId: submission.assetId, checklistIds: [submission.checklistId], start: now - DAY, end: now + DAY }));
      const technician = await socketOf('technician');
      const thermography = await socketOf('thermo.engineer');
      pushes.length = 0;

      const answer = ok(await t.request({ method: 'POST', url: submission.url, payload: submission.body, as: 'technician' }));
      expect(schedulePushes()).toContain(open._id);
      const shown = ok(await list(period(now - DAY, now + DAY))).find((s: Doc) => s._id === open._id);
      expect(shown.inspections).toEqual(answer.inspections);

      // The technician's role reads schedules; the thermography engineer's does not.
      await expect.poll(() => technician.events.some((e) => e.event === 'update-detail' && e.payload.type === 'inspectionSchedule' && e.payload._id === open._id)).toBe(true);
      const marker = new Promise((resolve) => thermography.socket.once('update-detail', resolve));
      t.app.services.pushes.publish('update-detail', { type: 'alert', _id: 'marker' });
      await marker;
      expect(thermography.events.filter((e) => e.payload?.type === 'inspectionSchedule')).toEqual([]);
    });
  });
});
