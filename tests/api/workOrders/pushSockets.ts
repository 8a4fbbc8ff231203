import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { SOCKET_PATH } from '../../../common/realtime';
import { userRoom } from '../../../server/realtime/socketServer';
import type { TestApp } from '../helpers/testApp';

/** Sockets of demo users on a listening test app, each recording what it receives (tests/api/realtime.test.ts opens them the same way). */
export interface Recorded {
  socket: Socket;
  events: { event: string; payload: Record<string, unknown> }[];
}

export async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

export function socketsOf(baseUrl: string, t: TestApp) {
  const opened: Socket[] = [];
  return {
    async connect(username: string): Promise<Recorded> {
      const socket = connectSocket(baseUrl, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: await t.login(username) } });
      opened.push(socket);
      const events: Recorded['events'] = [];
      socket.onAny((event: string, payload: Record<string, unknown>) => events.push({ event, payload }));
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      return { socket, events };
    },
    closeAll() {
      while (opened.length) opened.pop()!.disconnect();
    },
  };
}

/** Waits until `recorded` has an event matching, or fails after `timeoutMs`. */
export async function eventually(recorded: Recorded, matches: (e: Recorded['events'][number]) => boolean, timeoutMs = 10_000): Promise<Recorded['events'][number]> {
  const started = Date.now();
  for (;;) {
    const found = recorded.events.find(matches);
    if (found) return found;
    if (Date.now() - started > timeoutMs) expect.fail(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(recorded.events.map((e) => e.event))}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Everything sent to these sockets before this call has arrived once it returns: a marker pushed
 * to each user's own room after the pushes in question (one socket keeps order).
 */
export async function settled(t: TestApp, sockets: readonly { recorded: Recorded; userId: string }[]): Promise<void> {
  const marker = `marker-${Math.random().toString(16).slice(2)}`;
  for (const { userId } of sockets) t.app.services.pushes.publishTo([userRoom(userId)], 'update-detail', { type: 'workOrder', _id: marker });
  await Promise.all(sockets.map(({ recorded }) => eventually(recorded, (e) => e.payload?._id === marker)));
  for (const { recorded } of sockets) recorded.events.splice(recorded.events.findIndex((e) => e.payload?._id === marker), 1);
}

export const newWorkOrders = (recorded: Recorded) => recorded.events.filter((e) => e.event === 'new-work-order');
export const workOrderDetails = (recorded: Recorded, id: string) => recorded.events.filter((e) => e.event === 'update-detail' && e.payload.type === 'workOrder' && e.payload._id === id);
