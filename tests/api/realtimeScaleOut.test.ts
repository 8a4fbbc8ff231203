import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SOCKET_PATH, type NewAlertEvent } from '../../common/realtime';
import { sharedServices, twoProcesses } from './helpers/sharedServices';
import { breachingSubmission } from '../helpers/breachingSubmission';

const servers = await sharedServices('pushes across two server processes');

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** Pushes across two server processes on one PostgreSQL and one Redis (DESIGN §1, §6). */
describe.skipIf(!servers)('live pushes across two processes sharing PostgreSQL and Redis', () => {
  const processes = twoProcesses(servers);
  let secondUrl: string;
  const opened: Socket[] = [];

  beforeAll(async () => {
    await listen(processes.first.app);
    secondUrl = await listen(processes.second);
  });
  afterEach(() => {
    while (opened.length) opened.pop()!.disconnect();
  });

  async function connectToSecond(username: string): Promise<Socket> {
    const socket = connectSocket(secondUrl, {
      path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: await processes.first.login(username) },
    });
    opened.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  }

  it("delivers a submit's new-alert on the first process to an engineer connected to the second", async () => {
    const engineer = await connectToSecond('engineer');
    const submission = await breachingSubmission(async (path) => (await processes.first.request({ method: 'GET', url: `/api${path}`, as: 'engineer' })).json());
    const received = new Promise<NewAlertEvent>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no new-alert on the second process within 10 s')), 10_000);
      engineer.once('new-alert', (alert: NewAlertEvent) => {
        clearTimeout(timer);
        resolve(alert);
      });
    });
    const response = await processes.first.request({ method: 'POST', url: submission.url, payload: submission.body, as: 'technician' });
    expect(response.statusCode, response.body).toBe(200);
    const alert = await received;
    expect(alert).toMatchObject({ asset: submission.assetId, assetName: submission.assetName, levelName: submission.levelName });
  });

  it('disconnects, on the second process, a user deactivated through the first', async () => {
    const socket = await connectToSecond('onsite');
    const disconnected = new Promise((resolve) => socket.once('disconnect', resolve));
    const init = await processes.first.request({ method: 'GET', url: '/api/token/init', as: 'onsite' });
    const id = (init.json() as { _id: string })._id;
    const response = await processes.first.request({ method: 'PUT', url: `/api/user/updateByUserAdministration/${id}`, payload: { status: 'inactive' }, as: 'admin' });
    expect(response.statusCode, response.body).toBe(200);
    await disconnected;
  });
});
