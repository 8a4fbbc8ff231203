import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../../common/realtime';
import { afterAnswer } from '../../server/realtime/pushesAfterAnswer';
import { createPushHub } from '../../server/realtime/pushHub';
import { createTestApp, type TestApp } from './helpers/testApp';
import { breachingSubmission, type BreachingSubmission } from '../helpers/breachingSubmission';

/**
 * Issue 21 "Fan-out": a request's pushes leave once its answer is out, each socket's frames written
 * together. What a user notices must not change: every push still comes, once, in the order the
 * server published them, to those allowed to read it — also when the request fails or its client
 * hangs up after the write — and a refused write pushes nothing.
 */
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
afterAll(async () => {
  await t?.close();
});

async function connectAs(username: string): Promise<Socket> {
  const socket = connectSocket(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: await t.login(username) } });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

/** Every event a socket receives, in order, as `event type-or-asset`. */
function recorder(socket: Socket) {
  const events: string[] = [];
  socket.onAny((event: string, payload: { _id?: string; type?: string }) => events.push(event === 'update-detail' ? `${event} ${payload.type} ${payload._id}` : `${event} ${payload._id}`));
  return events;
}

/**
 * Waits until a marker published after everything else has reached every socket: one socket keeps
 * order, so whatever was sent to it before has arrived too. (Technicians and engineers both read
 * inspections.)
 */
async function drained(sockets: Socket[]) {
  const marker = `marker-${Math.random()}`;
  const arrived = sockets.map(
    (socket) =>
      new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the marker did not arrive within 10 s')), 10_000);
        socket.on('update-detail', (payload: { _id: string }) => {
          if (payload._id !== marker) return;
          clearTimeout(timer);
          resolve();
        });
      }),
  );
  t.app.services.pushes.publish('update-detail', { type: 'inspection', _id: marker });
  await Promise.all(arrived);
  return marker;
}

describe("a submit's pushes, sent after its answer", () => {
  it('reach each socket once, in the order published, and only the allowed ones', async () => {
    const engineerTab = await connectAs('engineer');
    const engineerWall = await connectAs('engineer');
    const technician = await connectAs('technician');
    const [tab, wall, tech] = [recorder(engineerTab), recorder(engineerWall), recorder(technician)];

    const response = await t.request({ method: 'POST', url: submission.url, payload: submission.body, as: 'technician' });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { inspections: string[]; alerts: { _id: string }[] };
    const marker = await drained([engineerTab, engineerWall, technician]);

    const inspection = `new-inspection ${answer.inspections[0]}`;
    const alert = `new-alert ${answer.alerts[0]!._id}`;
    const isSchedule = (event: string) => event.startsWith('update-detail inspectionSchedule ');
    const withoutSchedules = (events: string[]) => events.filter((event) => !isSchedule(event));
    // DESIGN §6: the inspection, then its alert, to readers of alerts; the schedule it completed
    // (issue 17) after them; technicians do not read alerts.
    for (const events of [tab, wall]) {
      expect(withoutSchedules(events)).toEqual([inspection, alert, `update-detail inspection ${marker}`]);
      if (events.some(isSchedule)) expect(events.indexOf(alert)).toBeLessThan(events.findIndex(isSchedule));
      expect(events.filter(isSchedule)).toEqual([...new Set(events.filter(isSchedule))]);
    }
    expect(withoutSchedules(tech)).toEqual([inspection, `update-detail inspection ${marker}`]);
    expect(tech.filter(isSchedule)).toEqual(tab.filter(isSchedule));
  });

  it('pushes nothing for a submit that was refused', async () => {
    const engineer = await connectAs('engineer');
    const events = recorder(engineer);
    // The mandatory status left out: the submit is refused and nothing is stored.
    const [[checklistId, values]] = Object.entries(submission.body.inspectionData) as [[string, Record<string, unknown>]];
    const onlyTheBreach = Object.fromEntries(Object.entries(values).filter(([, value]) => value === 300));
    const response = await t.request({ method: 'POST', url: submission.url, payload: { inspectionData: { [checklistId]: onlyTheBreach } }, as: 'technician' });
    expect(response.statusCode, response.body).toBe(400);
    const marker = await drained([engineer]);
    expect(events).toEqual([`update-detail inspection ${marker}`]);
  });
});

describe('pushes held until the answer is out', () => {
  // A small server with only the holding rule, so a handler can fail or be left by its client on cue.
  let server: FastifyInstance;
  let url: string;
  const sent: string[] = [];
  let releaseHandler: () => void = () => undefined;
  let handlerWaiting: () => void = () => undefined;

  beforeAll(async () => {
    server = Fastify({ forceCloseConnections: true });
    server.post<{ Querystring: { fail?: string } }>('/write', async (request, reply) => {
      afterAnswer(reply.raw, () => sent.push('committed change'));
      await new Promise<void>((resolve) => {
        releaseHandler = resolve;
        handlerWaiting();
      });
      afterAnswer(reply.raw, () => sent.push('second change'));
      if (request.query.fail) throw new Error('a step after the commit failed');
      return { ok: true };
    });
    await server.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(server.server.address() as AddressInfo).port}/write`;
  });
  afterEach(() => {
    sent.length = 0;
  });
  afterAll(async () => {
    await server?.close();
  });

  const handlerStarted = () => new Promise<void>((resolve) => (handlerWaiting = resolve));

  it('sends nothing while the request is being answered, then everything once', async () => {
    const started = handlerStarted();
    const answered = fetch(url, { method: 'POST' });
    await started;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
    releaseHandler();
    expect((await answered).status).toBe(200);
    await expect.poll(() => sent).toEqual(['committed change', 'second change']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual(['committed change', 'second change']);
  });

  it('still sends, once, what a request that then failed published', async () => {
    const started = handlerStarted();
    const answered = fetch(`${url}?fail=1`, { method: 'POST' });
    await started;
    releaseHandler();
    expect((await answered).status).toBe(500);
    await expect.poll(() => sent).toEqual(['committed change', 'second change']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual(['committed change', 'second change']);
  });

  it('still sends, once, what a request published when its client hung up before the answer', async () => {
    const started = handlerStarted();
    const abort = new AbortController();
    const answered = fetch(url, { method: 'POST', signal: abort.signal }).catch((error: unknown) => error);
    await started;
    abort.abort();
    await answered;
    // The client is gone: what was published so far goes out now, later pushes at once.
    await expect.poll(() => sent).toEqual(['committed change']);
    releaseHandler();
    await expect.poll(() => sent).toEqual(['committed change', 'second change']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual(['committed change', 'second change']);
  });
});

describe("the push hub's publisher for an answer", () => {
  /** A socket.io server reduced to what the hub calls: `to(rooms).emit(event, payload)`, recorded. */
  function recordingServer() {
    const emitted: string[] = [];
    const server = { to: (rooms: string | string[]) => ({ emit: (event: string, payload: { _id: string }) => emitted.push(`${[rooms].flat().join('+')} ${event} ${payload._id}`) }) };
    return { emitted, server: server as unknown as Parameters<ReturnType<typeof createPushHub>['attach']>[0] };
  }
  /** A response that has not closed yet, closed on cue. */
  function openResponse() {
    const raw = Object.assign(new EventEmitter(), { closed: false });
    return { reply: { raw: raw as unknown as ServerResponse }, close: () => ((raw.closed = true), raw.emit('close')) };
  }

  it("holds what a handler publishes for its answer until that answer closes, in order, while the hub's own pushes go at once", () => {
    const hub = createPushHub();
    const { emitted, server } = recordingServer();
    hub.attach(server);
    const answer = openResponse();
    const forAnswer = hub.forAnswer(answer.reply);
    forAnswer.publish('update-detail', { type: 'alert', _id: 'a1' });
    forAnswer.publishTo(['user:u1'], 'update-detail', { type: 'workOrder', _id: 'w1' });
    hub.publish('update-detail', { type: 'alert', _id: 'job' });
    expect(emitted).toEqual([expect.stringMatching(/ update-detail job$/)]);
    answer.close();
    expect(emitted.slice(1)).toEqual([expect.stringMatching(/ update-detail a1$/), 'user:u1 update-detail w1']);
    // Published after the answer is out (work that outlived it): at once.
    forAnswer.publish('update-detail', { type: 'alert', _id: 'a2' });
    expect(emitted).toHaveLength(4);
    answer.close();
    expect(emitted).toHaveLength(4);
  });

  it('keeps two answers apart: each one releases only its own pushes', () => {
    const hub = createPushHub();
    const { emitted, server } = recordingServer();
    hub.attach(server);
    const first = openResponse();
    const second = openResponse();
    hub.forAnswer(first.reply).publish('update-detail', { type: 'alert', _id: 'first' });
    hub.forAnswer(second.reply).publish('update-detail', { type: 'alert', _id: 'second' });
    second.close();
    expect(emitted).toEqual([expect.stringMatching(/ second$/)]);
    first.close();
    expect(emitted).toEqual([expect.stringMatching(/ second$/), expect.stringMatching(/ first$/)]);
  });
});
