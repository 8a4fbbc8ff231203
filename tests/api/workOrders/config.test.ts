import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok, type Doc } from '../administration/adminApi';
import { configEntries } from '../../../server/db/schema';
import { configEntry, saveConfig } from '../calendar/calendarFixture';
import { calls, orderBody, refusedWith, workOrderWorld, type WorkOrderWorld } from './workOrderFixture';

/**
 * GET /workOrder/config (spec §3 Work order config) from the workOrder.* config entries
 * (docs/work-orders.md, "Config entries"): their defaults, their checks when an administrator
 * saves them, and a 409 naming the entry for one that went wrong in the database.
 */
let t: TestApp;
let world: WorkOrderWorld;
let api: ReturnType<typeof calls>;

beforeAll(async () => {
  t = await createTestApp({ jobsEnabled: false });
  world = await workOrderWorld(t, 'Wcfg');
  api = calls(t);
});
afterAll(() => t?.close());

describe('GET /workOrder/config', () => {
  it('serves DESIGN §11’s defaults: statuses, priorities, the form’s columns, three filters, newest start first', async () => {
    const config = ok<Doc>(await api.config('technician'));
    expect(config.statusValues).toEqual(['Open', 'In Progress', 'On Hold', 'Completed']);
    expect(config.priorityValues).toEqual(['High', 'Medium', 'Low']);
    expect(config.fields.map((f: Doc) => f.heading)).toEqual(['Title', 'Asset', 'Assigned To', 'Priority', 'Status', 'Start Date', 'End Date']);
    expect(config.fields.map((f: Doc) => f.dataField)).toEqual(['title', 'asset', 'assignedTo', 'priority', 'status', 'startTimestamp', 'endTimestamp']);
    expect(config.sort).toEqual([{ startTimestamp: 'desc' }]);
    expect(config.filters.map((f: Doc) => [f.name, f.key])).toEqual([['Status', 'status'], ['Priority', 'priority'], ['Assigned To', 'assignedTo']]);
  });

  it('offers every value in a filter configured without values: the statuses, the priorities, the assignees’ ids', async () => {
    const config = ok<Doc>(await api.config());
    const byKey = new Map(config.filters.map((f: Doc) => [f.key, f.values]));
    expect(byKey.get('status')).toEqual(['Open', 'In Progress', 'On Hold', 'Completed']);
    expect(byKey.get('priority')).toEqual(['High', 'Medium', 'Low']);
    expect(byKey.get('assignedTo')).toEqual(config.users.map((u: Doc) => u._id));
  });

  it('names the users orders may be given to — active, holding update-workorder — and the current assets, by name', async () => {
    const config = ok<Doc>(await api.config());
    expect(config.users).toEqual([
      { _id: world.users.admin, name: 'Ada Admin' },
      { _id: world.users.engineer, name: 'Eric Engineer' },
      { _id: world.users['thermo.tech'], name: 'Tara Thermography' },
      { _id: world.users.technician, name: 'Tom Technician' },
    ]);
    const names = config.assets.map((a: Doc) => a.name as string);
    expect(names).toContain('Wcfg pump');
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    for (const asset of config.assets) expect(Object.keys(asset).sort()).toEqual(['_id', 'name']);
    const admin = adminApi(t);
    const gone = await admin.create('asset', { name: 'Wcfg gone', identification: 'WCFG-GONE' });
    ok(await admin.del(`/asset/${gone._id}`));
    expect(ok<Doc>(await api.config()).assets.map((a: Doc) => a.name)).not.toContain('Wcfg gone');
  });

  it('is read by read-workorder or manage-workorder holders only', async () => {
    for (const as of ['thermo.engineer', 'thermo.manager', 'onsite']) expect((await api.config(as)).statusCode).toBe(403);
    for (const as of ['thermo.tech', 'admin']) expect((await api.config(as)).statusCode).toBe(200);
  });
});

describe('the workOrder.* config entries', () => {
  it('are seeded, the demo’s rule opening orders for critical alerts for the inspector, the engineer when there is none, due in 24 h', async () => {
    for (const key of ['workOrder.statusValues', 'workOrder.priorityValues', 'workOrder.fields', 'workOrder.filters', 'workOrder.sort', 'workOrder.autoCreate']) {
      expect((await configEntry(t, key)).description).not.toBe('');
    }
    expect(JSON.parse((await configEntry(t, 'workOrder.autoCreate')).value)).toEqual({ levels: ['critical'], assignTo: 'inspector', fallbackAssignee: 'engineer', dueHours: 24 });
  });

  const refusedBecause = async (key: string, value: unknown, words: string) => {
    const before = (await configEntry(t, key)).value;
    const response = await saveConfig(t, key, value);
    refusedWith(response, 400, 'value');
    expect(response.json().message).toContain(words);
    expect((await configEntry(t, key)).value).toBe(before);
  };

  it('refuses a status list that is not JSON, empty, holds a value twice or blank, or lacks Completed (the terminal status)', async () => {
    await refusedBecause('workOrder.statusValues', '["Open", ', 'must be JSON');
    await refusedBecause('workOrder.statusValues', [], 'at least one');
    await refusedBecause('workOrder.statusValues', { Open: true }, 'must be a list');
    await refusedBecause('workOrder.statusValues', ['Open', 'Open', 'Completed'], '"Open" twice');
    await refusedBecause('workOrder.statusValues', ['Open', ' ', 'Completed'], '1 must be a non-blank text');
    await refusedBecause('workOrder.statusValues', ['Open', 'Done'], 'Completed');
    await refusedBecause('workOrder.priorityValues', ['High', 3], '1 must be a non-blank text');
  });

  it('refuses columns, filters and sorts naming what a work order does not have', async () => {
    await refusedBecause('workOrder.fields', [{ heading: 'Colour', dataField: 'colour' }], '0.dataField must be one of');
    await refusedBecause('workOrder.fields', [{ heading: 'Title', dataField: 'title', width: 3 }], '0.width is not allowed');
    await refusedBecause('workOrder.fields', [{ dataField: 'title' }], '0.heading');
    await refusedBecause('workOrder.filters', [{ name: 'Colour', key: 'colour', values: [] }], '0.key must be one of');
    await refusedBecause('workOrder.filters', [{ name: 'A', key: 'status' }, { name: 'B', key: 'status' }], 'status twice');
    await refusedBecause('workOrder.sort', [{ title: 'up' }], '0.title must be one of asc, desc');
    await refusedBecause('workOrder.sort', [{ colour: 'asc' }], 'colour');
    await refusedBecause('workOrder.sort', [{ title: 'asc', status: 'desc' }], 'one field');
  });

  it('refuses a rule naming levels, users or priorities that do not exist, or an impossible due time', async () => {
    await refusedBecause('workOrder.autoCreate', { levels: ['catastrophic'] }, '"catastrophic"');
    await refusedBecause('workOrder.autoCreate', { levels: 'critical' }, 'levels must be a list');
    await refusedBecause('workOrder.autoCreate', { assignTo: 'inspector' }, 'levels is required');
    await refusedBecause('workOrder.autoCreate', { levels: [], colour: 'red' }, 'colour is not allowed');
    await refusedBecause('workOrder.autoCreate', { levels: ['critical'], fallbackAssignee: 'nobody' }, '"nobody"');
    await refusedBecause('workOrder.autoCreate', { levels: ['critical'], assignTo: 'ghost' }, '"ghost"');
    await refusedBecause('workOrder.autoCreate', { levels: ['critical'], priorities: { critical: 'Urgent' } }, 'Urgent');
    await refusedBecause('workOrder.autoCreate', { levels: ['critical'], dueHours: 0 }, 'dueHours');
  });

  it('accepts good values, and the config and the checks follow them', async () => {
    const statusBefore = (await configEntry(t, 'workOrder.statusValues')).value;
    const priorityBefore = (await configEntry(t, 'workOrder.priorityValues')).value;
    try {
      ok(await saveConfig(t, 'workOrder.statusValues', ['New', 'Waiting for parts', 'Completed']));
      ok(await saveConfig(t, 'workOrder.priorityValues', ['P1', 'P2']));
      const config = ok<Doc>(await api.config());
      expect(config.statusValues).toEqual(['New', 'Waiting for parts', 'Completed']);
      expect(config.priorityValues).toEqual(['P1', 'P2']);
      ok(await api.create(orderBody(world, { status: 'Waiting for parts', priority: 'P2' })));
      refusedWith(await api.create(orderBody(world, { status: 'Open', priority: 'P2' })), 400, 'status');
      // A rule may now name the new priorities only.
      ok(await saveConfig(t, 'workOrder.autoCreate', { levels: ['critical'], priorities: { critical: 'P1' } }));
    } finally {
      ok(await saveConfig(t, 'workOrder.statusValues', statusBefore));
      ok(await saveConfig(t, 'workOrder.priorityValues', priorityBefore));
      ok(await saveConfig(t, 'workOrder.autoCreate', { levels: ['critical'], assignTo: 'inspector', fallbackAssignee: 'engineer', dueHours: 24 }));
    }
  });

  it('answers 409 naming the entry that went wrong in the database; a missing entry is its default', async () => {
    const db = t.app.services.db;
    const fields = await configEntry(t, 'workOrder.fields');
    const statuses = await configEntry(t, 'workOrder.statusValues');
    try {
      await db.update(configEntries).set({ value: '[{"heading": "Title"' }).where(eq(configEntries._id, fields._id));
      const refused = await api.config();
      refusedWith(refused, 409, 'workOrder.fields', /workOrder\.fields.*must be JSON/);
      await db.update(configEntries).set({ value: '["Open"]' }).where(eq(configEntries._id, statuses._id));
      refusedWith(await api.create(orderBody(world)), 409, 'workOrder.statusValues', /Completed/);
      await db.delete(configEntries).where(eq(configEntries._id, fields._id));
      await db.update(configEntries).set({ value: '   ' }).where(eq(configEntries._id, statuses._id));
      const config = ok<Doc>(await api.config());
      expect(config.fields).toHaveLength(7);
      expect(config.statusValues).toEqual(['Open', 'In Progress', 'On Hold', 'Completed']);
    } finally {
      await db.insert(configEntries).values(fields as typeof configEntries.$inferInsert).onConflictDoNothing();
      await db.update(configEntries).set({ value: statuses.value }).where(eq(configEntries._id, statuses._id));
    }
  });

  it('ignores keys it does not know when reading (lenient), though saving refuses them', async () => {
    const db = t.app.services.db;
    const rule = await configEntry(t, 'workOrder.fields');
    try {
      await db.update(configEntries).set({ value: '[{"heading": "Title", "dataField": "title", "width": 200}]' }).where(eq(configEntries._id, rule._id));
      expect(ok<Doc>(await api.config()).fields).toEqual([{ heading: 'Title', dataField: 'title' }]);
    } finally {
      await db.update(configEntries).set({ value: rule.value }).where(eq(configEntries._id, rule._id));
    }
  });
});

describe('a production start', () => {
  it('seeds the entries with the rule off', async () => {
    const production = await createTestApp({ seed: 'production', adminPassword: 'a-strong-password', jobsEnabled: false });
    try {
      const [entry] = await production.app.services.db.select().from(configEntries).where(eq(configEntries.key, 'workOrder.autoCreate'));
      expect(JSON.parse(entry!.value)).toEqual({ levels: [] });
      const statuses = await production.app.services.db.select().from(configEntries).where(eq(configEntries.key, 'workOrder.statusValues'));
      expect(JSON.parse(statuses[0]!.value)).toEqual(['Open', 'In Progress', 'On Hold', 'Completed']);
    } finally {
      await production.close();
    }
  });
});
