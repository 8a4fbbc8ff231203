import { count, eq } from 'drizzle-orm';
import type { Response as InjectResponse } from 'light-my-request';
import { expect } from 'vitest';
import type { TestApp } from '../helpers/testApp';
import { adminApi, idsBy, ok, type Doc } from '../administration/adminApi';
import { workOrderActivity, workOrders } from '../../../server/db/schema';

/**
 * Work order calls as the screens make them (docs/work-orders.md), and what the tests compare
 * with — written here by hand from spec §5 and DESIGN §11, never taken from the server's code.
 */

/** Spec §5's work order form messages, word for word, in the form's order. */
export const SPEC_MESSAGES = [
  ['title', 'Title is required'],
  ['asset', 'Asset is required'],
  ['assignedTo', 'Assignee is required'],
  ['priority', 'Priority is required'],
  ['status', 'Status is required'],
  ['startTimestamp', 'Start Date is required'],
  ['endTimestamp', 'End Date is required'],
] as const;

/** DESIGN §11 defaults. */
export const STATUSES = ['Open', 'In Progress', 'On Hold', 'Completed'];
export const PRIORITIES = ['High', 'Medium', 'Low'];

export const DAY = 86_400_000;
export const JUNE_2031 = Date.UTC(2031, 5, 1);

let counter = 0;

export interface WorkOrderWorld {
  t: TestApp;
  users: Record<string, string>;
  /** Two assets of this test file's own. */
  pump: Doc;
  fan: Doc;
}

/** Ids of the demo users, and two assets named for this file. */
export async function workOrderWorld(t: TestApp, tag: string): Promise<WorkOrderWorld> {
  const api = adminApi(t);
  const users = idsBy(await api.list('user'), 'username');
  const pump = await api.create('asset', { name: `${tag} pump`, identification: `${tag}-PUMP` });
  const fan = await api.create('asset', { name: `${tag} fan`, identification: `${tag}-FAN` });
  return { t, users, pump, fan };
}

/** A body the form would send: every required field, valid. */
export function orderBody(world: WorkOrderWorld, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    title: `Order ${counter}`,
    asset: world.pump._id,
    assignedTo: world.users.technician,
    priority: 'Medium',
    status: 'Open',
    startTimestamp: JUNE_2031 + counter * DAY,
    endTimestamp: JUNE_2031 + counter * DAY + 4 * 3_600_000,
    ...overrides,
  };
}

export function calls(t: TestApp) {
  const send = (as: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.request({ as, method, url: `/api${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    create: (body: unknown, as = 'engineer') => send(as, 'POST', '/workOrder', body),
    update: (id: string, body: unknown, as = 'engineer') => send(as, 'PUT', `/workOrder/${id}`, body),
    read: (id: string, as = 'engineer') => send(as, 'GET', `/workOrder/${id}`),
    remove: (id: string, as = 'engineer') => send(as, 'DELETE', `/workOrder/${id}`),
    record: (id: string, payload: unknown, as = 'technician') => send(as, 'POST', `/workOrder/${id}/activity`, payload),
    list: (query = '', as = 'engineer') => send(as, 'GET', `/workOrder${query}`),
    mine: (as = 'technician') => send(as, 'GET', '/workOrder/my'),
    config: (as = 'engineer') => send(as, 'GET', '/workOrder/config'),
  };
}

/** POST /workOrder, asserting 200; the order as the server answers it. */
export async function createOrder(world: WorkOrderWorld, overrides: Record<string, unknown> = {}): Promise<Doc> {
  return ok(await calls(world.t).create(orderBody(world, overrides)));
}

/** The order as read back, sent again with `changes` (what the dialog and the technician's screen send). */
export async function asRead(world: WorkOrderWorld, id: string, changes: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const order = ok<Doc>(await calls(world.t).read(id));
  return { ...order, ...changes };
}

/** DESIGN §3: 400 (or another status) with the message, and `errors` naming the field with it. */
export function refusedWith(response: InjectResponse, status: number, field: string, message?: string | RegExp) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { response: string; message: string; errors?: Record<string, string> };
  expect(body.response).toBe('error');
  expect(Object.keys(body.errors ?? {})).toEqual([field]);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  expect(body.errors?.[field]).toBe(body.message);
}

export async function storedOrders(t: TestApp): Promise<number> {
  const [row] = await t.app.services.db.select({ n: count() }).from(workOrders);
  return row?.n ?? 0;
}

export async function storedActivity(t: TestApp, orderId: string): Promise<number> {
  const [row] = await t.app.services.db.select({ n: count() }).from(workOrderActivity).where(eq(workOrderActivity.workOrder, orderId));
  return row?.n ?? 0;
}
