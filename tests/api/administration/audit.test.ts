import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { ROLE_NAMES } from '../../../common/permissions';
import { adminApi, expectError, idsBy, ok, type Doc } from './adminApi';

/** Who changed which administration record when, field by field, newest first. */
let t: TestApp;
let api: ReturnType<typeof adminApi>;
let userIds: Record<string, string>;
let roleIds: Record<string, string>;

interface Entry {
  _id: string;
  entity: string;
  recordId: string;
  action: string;
  userId: string | null;
  userName: string;
  at: number;
  changes: { field: string; from: unknown; to: unknown }[];
}

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  userIds = idsBy(await api.list('user'), 'username');
  roleIds = idsBy(await api.list('role'));
});
afterAll(() => t.close());

const history = async (entity: string, id: string, as = 'admin') => ok<Entry[]>(await api.get(`/${entity}/${id}/history`, as));
const byField = (entry: Entry) => Object.fromEntries(entry.changes.map((change) => [change.field, [change.from, change.to]]));

describe('history of an administration record', () => {
  it('records the creation with every field, by whom and when', async () => {
    const startedAt = Date.now();
    const created = await api.create('attribute', { name: 'Audit gauge', type: 'select', options: { values: ['a', 'b'] } });
    const [entry, ...rest] = await history('attribute', created._id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ entity: 'attribute', recordId: created._id, action: 'create', userId: userIds.admin, userName: 'Ada Admin' });
    expect(entry!.at).toBeGreaterThanOrEqual(startedAt);
    expect(entry!.at).toBeLessThanOrEqual(Date.now());
    expect(byField(entry!)).toMatchObject({ name: [null, 'Audit gauge'], type: [null, 'select'], options: [null, { values: ['a', 'b'] }] });
    expect(entry!.changes.map((c) => c.field)).not.toContain('createdAt');
    expect(entry!.changes.map((c) => c.field)).not.toContain('_id');
  });

  it('lists updates newest first, each with only the changed fields, old → new', async () => {
    const created = await api.create('attribute', { name: 'Audit dial', type: 'number', description: 'first' });
    ok(await api.put(`/attribute/${created._id}`, { description: 'second' }));
    ok(await api.put(`/attribute/${created._id}`, { description: 'third', isMandatory: true }));
    const entries = await history('attribute', created._id);
    expect(entries.map((e) => e.action)).toEqual(['update', 'update', 'create']);
    expect(entries[0]!.changes).toEqual([
      { field: 'description', from: 'second', to: 'third' },
      { field: 'isMandatory', from: false, to: true },
    ]);
    expect(entries[1]!.changes).toEqual([{ field: 'description', from: 'first', to: 'second' }]);
    const times = entries.map((e) => e.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('records cleared options when the type changes', async () => {
    const created = await api.create('attribute', { name: 'Audit colour', type: 'color', options: { values: ['red'] } });
    ok(await api.put(`/attribute/${created._id}`, { type: 'string' }));
    const [latest] = await history('attribute', created._id);
    expect(byField(latest!)).toEqual({ type: ['color', 'string'], options: [{ values: ['red'] }, { values: [] }] });
  });

  it('writes nothing for an update that changes nothing, or one that fails', async () => {
    const created = await api.create('checklist', { name: 'Audit checklist', frequency: 'Daily' });
    ok(await api.put(`/checklist/${created._id}`, { frequency: 'Daily' }));
    expectError(await api.put(`/checklist/${created._id}`, { frequency: 3 }), 400, 'frequency');
    expectError(await api.put(`/checklist/${created._id}`, { checklistItems: [{ attribute: 'missing', sequenceId: 1 }] }), 400);
    await api.create('checklist', { name: 'Audit checklist 2' });
    expectError(await api.put(`/checklist/${created._id}`, { name: 'audit CHECKLIST 2' }), 409);
    expect((await history('checklist', created._id)).map((e) => e.action)).toEqual(['create']);
  });

  it('keeps the history of a deleted record, with its last values', async () => {
    const created = await api.create('asset', { name: 'Audit pump', identification: 'AUD-1', tags: ['audit'] });
    ok(await api.put(`/asset/${created._id}`, { identification: 'AUD-2' }));
    ok(await api.del(`/asset/${created._id}`));
    const entries = await history('asset', created._id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(byField(entries[0]!)).toMatchObject({ name: ['Audit pump', null], identification: ['AUD-2', null], tags: [['audit'], null] });
  });

  it('names whoever made the change', async () => {
    const created = await api.create('config', { key: 'auditKey', value: 'v1' });
    // A second administrator: a new user with the superuser role and a reset password.
    const admin2 = ok<Doc>(await api.post('/user', { username: 'audit.admin', name: 'Second Admin', role: roleIds[ROLE_NAMES.superuser] }));
    const { password } = ok<{ password: string }>(await api.post(`/user/${admin2._id}/resetPassword`, {}));
    const token = await t.login('audit.admin', password);
    const put = await t.app.inject({ method: 'PUT', url: `/api/config/${created._id}`, headers: { 'x-auth': token }, payload: { value: 'v2' } });
    expect(put.statusCode).toBe(200);
    const [latest, first] = await history('config', created._id);
    expect(latest).toMatchObject({ action: 'update', userId: admin2._id, userName: 'Second Admin', changes: [{ field: 'value', from: 'v1', to: 'v2' }] });
    expect(first).toMatchObject({ action: 'create', userId: userIds.admin, userName: 'Ada Admin' });
  });

  it.each([
    ['permission', { name: 'audit-permission' }],
    ['role', { name: 'Audit role' }],
    ['script', { name: 'Audit script' }],
    ['table', { name: 'Audit table' }],
    ['dashboard', { name: 'Audit dashboard' }],
  ])('is kept for %s too', async (entity, body) => {
    const created = await api.create(entity, body);
    const [entry] = await history(entity, created._id);
    expect(entry).toMatchObject({ entity, recordId: created._id, action: 'create', userName: 'Ada Admin' });
    expect(byField(entry!).name).toEqual([null, body.name]);
  });

  it('answers an empty history for an id that never existed', async () => {
    expect(await history('asset', 'never-existed')).toEqual([]);
  });

  it('needs the entity\'s manage permission, even where reading the record does not', async () => {
    const created = await api.create('asset', { name: 'Audit protected asset', identification: 'AUD-2' });
    // The technician may read assets (read-asset) but not their history.
    expect((await api.get(`/asset/${created._id}`, 'technician')).statusCode).toBe(200);
    expectError(await api.get(`/asset/${created._id}/history`, 'technician'), 403);
    expectError(await api.get(`/config/${created._id}/history`, 'engineer'), 403);
    expectError(await api.get(`/user/${userIds.engineer}/history`, 'engineer'), 403);
  });
});

describe('history of a user', () => {
  it('records creation, updates and password resets without ever holding a password', async () => {
    const created = ok<Doc>(await api.post('/user', { username: 'audit.user', name: 'Audit User' }));
    ok(await api.put(`/user/updateByUserAdministration/${created._id}`, { email: 'audit@plant.example', role: roleIds[ROLE_NAMES.technician] }));
    ok(await api.post(`/user/${created._id}/resetPassword`, {}));
    ok(await api.put(`/user/updateByUserAdministration/${created._id}`, { status: 'inactive' }));

    const response = await api.get(`/user/${created._id}/history`);
    const entries = ok<Entry[]>(response);
    expect(entries.map((e) => e.action)).toEqual(['update', 'resetPassword', 'update', 'create']);
    expect(entries[0]!.changes).toEqual([{ field: 'status', from: 'active', to: 'inactive' }]);
    expect(entries[1]!.changes).toEqual([{ field: 'password', from: null, to: null }]);
    expect(byField(entries[2]!)).toEqual({ email: ['', 'audit@plant.example'], role: [null, roleIds[ROLE_NAMES.technician]] });
    expect(byField(entries[3]!)).toMatchObject({ username: [null, 'audit.user'], name: [null, 'Audit User'] });
    for (const entry of entries) expect(entry).toMatchObject({ userId: userIds.admin, userName: 'Ada Admin' });
    expect(response.body).not.toMatch(/argon2|passwordHash|tokenVersion/i);
  });

  it('records a deleted user', async () => {
    const created = ok<Doc>(await api.post('/user', { username: 'audit.gone' }));
    ok(await api.del(`/user/${created._id}`));
    const entries = await history('user', created._id);
    expect(entries.map((e) => e.action)).toEqual(['delete', 'create']);
    expect(byField(entries[0]!).username).toEqual(['audit.gone', null]);
  });
});
