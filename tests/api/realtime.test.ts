import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type NewAlertEvent, type NewInspectionEvent, type PushEventName } from '../../common/realtime';
import { createTestApp, type TestApp } from './helpers/testApp';
import { breachingSubmission, type BreachingSubmission } from '../helpers/breachingSubmission';

/** Live pushes over socket.io (DESIGN §6, docs/inspections.md "Live pushes") against a listening app. */
let t: TestApp;
let baseUrl: string;
let submission: BreachingSubmission;
const opened: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  submission = await breachingSubmission(async (path) => (await t.request({ method: 'GET', url: `/api${path}`, as: 'engineer' })).json());
});
afterEach(() => {
  while (opened.length) opened.pop()!.disconnect();
});
let closed = false;
afterAll(async () => {
  if (!closed) await t?.close();
});

/** A raw client, as the web app opens it but without reconnecting on its own. */
function open(auth: Record<string, unknown>): Socket {
  const socket = connectSocket(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth });
  opened.push(socket);
  return socket;
}

function outcome(socket: Socket): Promise<'connected' | string> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (error) => resolve(error.message));
  });
}

async function connectAs(username: string, token?: string): Promise<Socket> {
  const socket = open({ token: token ?? (await t.login(username)) });
  expect(await outcome(socket)).toBe('connected');
  return socket;
}

/** Every event a socket receives, in order. */
function recorder(socket: Socket) {
  const events: { event: string; payload: unknown; at: number }[] = [];
  socket.onAny((event: string, payload: unknown) => events.push({ event, payload, at: Date.now() }));
  return events;
}

function nextEvent<T>(socket: Socket, event: PushEventName | 'disconnect', timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeoutMs} ms`)), timeoutMs);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

async function userId(username: string): Promise<string> {
  const response = await t.request({ method: 'GET', url: '/api/token/init', as: username });
  return (response.json() as { _id: string })._id;
}

describe('signing in a socket', () => {
  it('refuses a socket without a token', async () => {
    expect(await outcome(open({}))).toBe('unauthorized');
  });

  it('refuses a socket with a token that is not one of ours', async () => {
    expect(await outcome(open({ token: 'not-a-jwt' }))).toBe('unauthorized');
    const [header, payload] = (await t.login('engineer')).split('.');
    expect(await outcome(open({ token: `${header}.${payload}.forged-signature` }))).toBe('unauthorized');
  });

  it('accepts an engineer with a valid token', async () => {
    expect((await connectAs('engineer')).connected).toBe(true);
  });
});

describe('pushes after a submit (POST /inspection)', () => {
  // Push latency is measured in bench/pushLatency.ts; here only that the pushes come, with a limit a busy machine keeps.
  it('sends new-inspection and new-alert to an engineer, and no new-alert to a technician', async () => {
    const engineer = await connectAs('engineer');
    const technician = await connectAs('technician');
    const technicianEvents = recorder(technician);
    const inspectionPush = nextEvent<NewInspectionEvent>(engineer, 'new-inspection', 10_000);
    const alertPush = nextEvent<NewAlertEvent>(engineer, 'new-alert', 10_000);

    const response = await t.request({ method: 'POST', url: submission.url, payload: submission.body, as: 'technician' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { inspections: string[]; alerts: { _id: string }[] };

    const [inspection, alert] = await Promise.all([inspectionPush, alertPush]);
    expect(inspection).toMatchObject({ _id: answer.inspections[0], asset: submission.assetId, checklist: submission.checklistId, assetName: submission.assetName });
    expect(alert).toMatchObject({
      _id: answer.alerts[0]!._id,
      asset: submission.assetId,
      inspection: answer.inspections[0],
      assetName: submission.assetName,
      levelName: submission.levelName,
    });

    // A marker the technician may read, sent after the submit's pushes: once it has arrived, so
    // has everything sent to the technician before it (one socket keeps order).
    const marker = new Promise((resolve) => technician.on('update-detail', (payload: { _id?: string }) => payload._id === 'marker' && resolve(payload)));
    t.app.services.pushes.publish('update-detail', { type: 'inspection', _id: 'marker' });
    await marker;
    // Technicians read inspection schedules: the schedule the submit completed (the AHU's month, issue 17) is pushed too.
    const isSchedulePush = (e: { event: string; payload: unknown }) => e.event === 'update-detail' && (e.payload as { type?: string }).type === 'inspectionSchedule';
    expect(technicianEvents.filter(isSchedulePush).length).toBeGreaterThan(0);
    expect(technicianEvents.filter((e) => !isSchedulePush(e)).map((e) => e.event)).toEqual(['new-inspection', 'update-detail']);
  });

  it('sends nothing to a socket that was refused', async () => {
    const refused = open({});
    const events = recorder(refused);
    expect(await outcome(refused)).toBe('unauthorized');
    const engineer = await connectAs('engineer');
    const seen = nextEvent(engineer, 'new-alert', 10_000);
    t.app.services.pushes.publish('new-alert', { _id: 'a1', asset: 'x', inspection: 'i1', level: 'l', timestamp: 1, assetName: 'Pump', levelName: 'High', color: '#f57c00' });
    await seen;
    expect(events).toEqual([]);
  });
});

describe('user changes reach connected sockets', () => {
  it('disconnects a deactivated user and refuses them on reconnect', async () => {
    const token = await t.login('onsite');
    const socket = await connectAs('onsite', token);
    const disconnected = nextEvent<string>(socket, 'disconnect', 10_000);
    const response = await t.request({ method: 'PUT', url: `/api/user/updateByUserAdministration/${await userId('onsite')}`, payload: { status: 'inactive' }, as: 'admin' });
    expect(response.statusCode, response.body).toBe(200);
    await disconnected;
    expect(await outcome(open({ token }))).toBe('unauthorized');
  });

  it('disconnects sockets of a changed password; the old token is refused, the new one accepted', async () => {
    const oldToken = await t.login('thermo.tech');
    const socket = await connectAs('thermo.tech', oldToken);
    const disconnected = nextEvent<string>(socket, 'disconnect', 10_000);
    const me = (await t.app.inject({ method: 'GET', url: '/api/token/init', headers: { 'x-auth': oldToken } })).json() as { _id: string; email: string };
    const change = await t.app.inject({
      method: 'PUT', url: `/api/user/${me._id}`, headers: { 'x-auth': oldToken }, payload: { email: me.email, currentPassword: 'demo', password: 'a-new-password-1' },
    });
    expect(change.statusCode, change.body).toBe(200);
    await disconnected;
    expect(await outcome(open({ token: oldToken }))).toBe('unauthorized');
    expect(await outcome(open({ token: String(change.headers['x-auth']) }))).toBe('connected');
  });

  it('after a role loses read-alert, its users reconnect without alert pushes', async () => {
    const engineer = await connectAs('engineer');
    const thermo = await connectAs('thermo.engineer');
    const dropped = Promise.all([nextEvent(engineer, 'disconnect', 10_000), nextEvent(thermo, 'disconnect', 10_000)]);
    const roles = (await t.request({ method: 'GET', url: '/api/role', as: 'admin' })).json() as { _id: string; name: string; permissions: string[] }[];
    const permissions = (await t.request({ method: 'GET', url: '/api/permission', as: 'admin' })).json() as { _id: string; name: string }[];
    const readAlert = permissions.find((p) => p.name === 'read-alert')!._id;
    const role = roles.find((r) => r.name === 'ROLE_THERMOGRAPHY_ENGINEER')!;
    const response = await t.request({ method: 'PUT', url: `/api/role/${role._id}`, payload: { permissions: role.permissions.filter((p) => p !== readAlert) }, as: 'admin' });
    expect(response.statusCode, response.body).toBe(200);
    // A role change concerns everybody holding it: every socket is dropped and signs in again.
    await dropped;

    const engineerAgain = await connectAs('engineer');
    const thermoAgain = await connectAs('thermo.engineer');
    const thermoEvents = recorder(thermoAgain);
    const engineerAlert = nextEvent(engineerAgain, 'new-alert', 10_000);
    const thermoMarker = nextEvent(thermoAgain, 'update-detail', 10_000);
    t.app.services.pushes.publish('new-alert', { _id: 'a2', asset: 'x', inspection: 'i2', level: 'l', timestamp: 2, assetName: 'Pump', levelName: 'High', color: '#f57c00' });
    t.app.services.pushes.publish('update-detail', { type: 'thermographyNote', _id: 'marker' });
    await Promise.all([engineerAlert, thermoMarker]);
    expect(thermoEvents.map((e) => e.event)).toEqual(['update-detail']);
  });
});

describe('shutting down', () => {
  // Runs last: it closes the app the other tests share.
  it('closes promptly with sockets connected, telling them the server went away', async () => {
    const socket = await connectAs('engineer');
    const reason = nextEvent<string>(socket, 'disconnect', 15_000);
    closed = true;
    // Promptly: well before socket.io's own ping time-out (20 s) would have dropped the client.
    await Promise.race([t.close(), new Promise((_, reject) => setTimeout(() => reject(new Error('the app did not close within 15 s')), 15_000))]);
    expect(await reason).toBe('io server disconnect');
  });
});

describe('token expiry', () => {
  it('drops a socket when the token it signed in with expires', async () => {
    const shortLived = await createTestApp({ tokenTtlSeconds: 2 });
    try {
      await shortLived.app.listen({ port: 0, host: '127.0.0.1' });
      const url = `http://127.0.0.1:${(shortLived.app.server.address() as AddressInfo).port}`;
      const socket = connectSocket(url, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: await shortLived.login('engineer') } });
      opened.push(socket);
      expect(await outcome(socket)).toBe('connected');
      const reason = await nextEvent<string>(socket, 'disconnect', 4000);
      expect(reason).toBe('io server disconnect');
    } finally {
      await shortLived.close();
    }
  });
});
