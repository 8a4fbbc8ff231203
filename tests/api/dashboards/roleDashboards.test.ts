import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, like } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, ok, type Doc } from '../administration/adminApi';
import { dashboards, roles, scripts, serverSecrets, widgets } from '../../../server/db/schema';
import { seedDatabase } from '../../../server/seed/seed';

/** Issue 16 §9: every demo user lands on a useful dashboard (README "Demo users", docs/dashboards.md "Seeded"). */
const HOME_DASHBOARDS: Record<string, string> = {
  admin: 'Administration overview',
  engineer: 'Engineering overview',
  technician: 'Technician overview',
  'thermo.tech': 'Thermography round',
  'thermo.engineer': 'Thermography overview',
  'thermo.manager': 'Thermography overview',
  onsite: 'Plant room board',
};
const DEMO_USERNAMES = ['admin', 'engineer', 'technician', 'thermo.tech', 'thermo.engineer', 'thermo.manager', 'onsite'];

let t: TestApp;
let api: ReturnType<typeof adminApi>;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
});
afterAll(() => t.close());

/** The query a dashboard sends with its filters at their defaults (docs/dashboards.md "The data call"). */
/** The default values of the filters a section receives (spec §4: a widget gets its section's filters only). */
function defaultFilters(dashboard: Doc, section: Doc): string {
  const now = Date.now();
  const params = new URLSearchParams();
  for (const filter of (dashboard.filters as Doc[]).filter((candidate) => (section.filters as string[]).includes(candidate.name))) {
    if (filter.type === 'date-range') params.set(filter.name, `${now - Number(filter.options.defaultValue) * 86_400_000}|${now}`);
    else if (filter.options.defaultValue) params.set(filter.name, filter.options.defaultValue);
  }
  return params.toString();
}

/** What a user would see as "something to look at" in a widget of that type. */
function shownData(widget: Doc): boolean {
  const data = widget.data;
  switch (widget.type) {
    case 'string':
      return data !== null && String(data.value) !== '';
    case 'progress':
      return typeof data?.value === 'number';
    case 'html':
      return typeof data === 'string' && data.replace(/<[^>]*>/g, '').trim() !== '';
    case 'table':
      return Array.isArray(data?.data) && data.data.length > 0;
    case 'chart':
      return data?.chartData.labels.length > 0;
    case 'trend':
      return Array.isArray(data?.buckets) && data.buckets.length > 0;
    case 'kpi':
      return typeof data?.value === 'number';
    default:
      return false;
  }
}

async function homeDashboardOf(username: string): Promise<Doc> {
  const session = ok<Doc>(await api.get('/token/init', username));
  expect(session.dashboardId, `${username} has no dashboard`).toBeTruthy();
  return ok<Doc>(await api.get(`/dashboard/${session.dashboardId}`, username));
}

const dashboardNamed = async (name: string) => (await t.app.services.db.select().from(dashboards).where(eq(dashboards.name, name)))[0];
const roleDashboard = async (roleName: string) => (await t.app.services.db.select({ dashboard: roles.dashboard }).from(roles).where(eq(roles.name, roleName)))[0]?.dashboard;
/** What the next start does; a started server holds no cached sessions yet. */
async function reseed() {
  await seedDatabase(t.app.services.db, t.config);
  t.app.services.sessions.invalidate();
}

describe('every demo user has a home dashboard whose widgets answer data for them', () => {
  it.each(DEMO_USERNAMES)('%s', async (username) => {
    const dashboard = await homeDashboardOf(username);
    expect(dashboard.name).toBe(HOME_DASHBOARDS[username]);
    const items = (dashboard.sections as Doc[]).flatMap((section) => (section.items as Doc[]).map((item) => ({ item, query: defaultFilters(dashboard, section) })));
    expect(items.length).toBeGreaterThanOrEqual(3);
    for (const { item, query } of items) {
      const response = await api.get(`/widget/${item.widget}${query ? `?${query}` : ''}`, username);
      expect(response.statusCode, `${username}: ${response.body}`).toBe(200);
      const widget = response.json() as Doc;
      expect(shownData(widget), `${username}: '${widget.name}' shows nothing: ${JSON.stringify(widget.data)}`).toBe(true);
    }
  });

  it("the administrator's dashboard counts job runs that failed", async () => {
    const [job] = await api.list('job', {}, 'admin');
    const script = await api.create('script', { name: 'Failing job script', code: "throw new Error('no such printer');" });
    ok(await api.put(`/job/${job!._id}`, { ...job, _id: undefined, createdAt: undefined, updatedAt: undefined, script: script._id }));
    const run = ok<Doc>(await api.post(`/job/${job!._id}/run`, {}));
    expect(run.outcome).toBe('error');
    const dashboard = await homeDashboardOf('admin');
    const ids = (dashboard.sections as Doc[]).flatMap((section) => (section.items as Doc[]).map((item) => item.widget as string));
    const shown = await Promise.all(ids.map(async (id) => ok<Doc>(await api.get(`/widget/${id}`, 'admin'))));
    expect(shown.find((w) => w.name === 'Failed job runs')?.data.value).toBe('1');
    const jobs = shown.find((w) => w.name === 'Jobs')!;
    expect(jobs.data.data.find((row: Doc) => row._id === job!._id)?.outcome).toContain('no such printer');
  });

  it("reads job runs, jobs, scripts and tables only for those who manage them: the admin widgets fail for an engineer", async () => {
    const dashboard = await homeDashboardOf('admin');
    const items = (dashboard.sections as Doc[]).flatMap((section) => section.items as Doc[]);
    const shown = await Promise.all(items.map(async (item) => ok<Doc>(await api.get(`/widget/${item.widget}`, 'admin'))));
    const failedRuns = shown.find((w) => w.name === 'Failed job runs')!;
    const refused = await api.get(`/widget/${failedRuns._id}`, 'engineer');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain('needs the permission manage-job');
    const counts = shown.find((w) => w.name === 'Configuration at a glance')!;
    expect((await api.get(`/widget/${counts._id}`, 'engineer')).json().message).toMatch(/needs the permission manage-/);
  });

  it('the technician home shows "Before you start" once: as the title, not again inside the note', async () => {
    const dashboard = await homeDashboardOf('technician');
    const items = (dashboard.sections as Doc[]).flatMap((section) => section.items as Doc[]);
    const shown = await Promise.all(items.map(async (item) => ok<Doc>(await api.get(`/widget/${item.widget}`, 'technician'))));
    const note = shown.find((w) => w.name === 'Before you start')!;
    expect(note.type).toBe('html');
    expect(note.data).toContain('Isolate and lock out');
    expect(note.data).not.toContain('Before you start');
  });
});

describe('a demo database seeded by an earlier version', () => {
  it('gets the new dashboards on start, tied to roles without one; a deleted one stays deleted and edits stay', async () => {
    const { db } = t.app.services;
    const newDashboards = ['Administration overview', 'Thermography overview', 'Thermography round'];
    // As the first version left it: its three dashboards and their widgets, no ledger; since then an
    // administrator deleted the on-site board and gave the thermography engineers the engineering one.
    await db.delete(dashboards).where(inArray(dashboards.name, [...newDashboards, 'Plant room board']));
    await db.update(roles).set({ dashboard: null }).where(inArray(roles.name, ['ROLE_SUPERUSER', 'ROLE_THERMOGRAPHY_TECHNICIAN', 'ROLE_THERMOGRAPHY_ENGINEER_MANAGER', 'ROLE_ONSITE']));
    const engineering = (await dashboardNamed('Engineering overview'))!;
    await db.update(roles).set({ dashboard: engineering._id }).where(eq(roles.name, 'ROLE_THERMOGRAPHY_ENGINEER'));
    const used = new Set((await db.select().from(dashboards)).flatMap((d) => d.sections.flatMap((s) => s.items.map((i) => i.widget))));
    for (const widget of await db.select({ _id: widgets._id }).from(widgets)) if (!used.has(widget._id)) await db.delete(widgets).where(eq(widgets._id, widget._id));
    await db.delete(serverSecrets).where(like(serverSecrets.key, 'seeded-demo-dashboard:%'));

    await reseed();

    expect(await dashboardNamed('Plant room board')).toBeUndefined();
    expect(await dashboardNamed('Engineering overview')).toEqual(engineering);
    expect(await roleDashboard('ROLE_SUPERUSER')).toBe((await dashboardNamed('Administration overview'))?._id);
    expect(await roleDashboard('ROLE_THERMOGRAPHY_ENGINEER_MANAGER')).toBe((await dashboardNamed('Thermography overview'))?._id);
    expect(await roleDashboard('ROLE_THERMOGRAPHY_TECHNICIAN')).toBe((await dashboardNamed('Thermography round'))?._id);
    expect(await roleDashboard('ROLE_THERMOGRAPHY_ENGINEER')).toBe(engineering._id);
    expect(await roleDashboard('ROLE_ONSITE')).toBeNull();
    // The added dashboards work for their users at once.
    for (const username of ['admin', 'thermo.manager', 'thermo.tech']) {
      const dashboard = await homeDashboardOf(username);
      for (const section of dashboard.sections as Doc[]) {
        const query = defaultFilters(dashboard, section);
        for (const item of section.items as Doc[]) ok(await api.get(`/widget/${item.widget}${query ? `?${query}` : ''}`, username));
      }
    }

    // An administrator edits one and deletes another: the next start leaves both as they are.
    const admin = (await dashboardNamed('Administration overview'))!;
    const edited = { name: admin.name, filters: admin.filters, sections: admin.sections.slice(0, 1) };
    ok(await api.put(`/dashboard/${admin._id}`, edited));
    const round = (await dashboardNamed('Thermography round'))!;
    ok(await api.del(`/dashboard/${round._id}`));
    const before = await dashboardNamed('Administration overview');

    await reseed();

    expect(await dashboardNamed('Administration overview')).toEqual(before);
    expect(before?.sections).toHaveLength(1);
    expect(await dashboardNamed('Thermography round')).toBeUndefined();
  });

  it("gets the trend widget's section on the Engineering overview once, after 'Right now' (issue 44 §5)", async () => {
    const { db } = t.app.services;
    const titles = async () => [...(await dashboardNamed('Engineering overview'))!.sections].sort((a, b) => a.sequenceId - b.sequenceId).map((section) => section.title);
    expect(await titles()).toEqual(['Right now', 'Condition monitoring', 'Maintenance KPIs', 'Over the period']);
    // As a version before the trend widget left it: no such section, widget or script.
    const engineering = (await dashboardNamed('Engineering overview'))!;
    const without = engineering.sections.filter((section) => section.title !== 'Condition monitoring').map((section, index) => ({ ...section, sequenceId: index + 1 }));
    await db.update(dashboards).set({ sections: without }).where(eq(dashboards._id, engineering._id));
    await db.delete(widgets).where(eq(widgets.name, 'Chiller supply temperature (30 days)'));
    await db.delete(scripts).where(eq(scripts.name, 'Chiller supply temperature (30 days) widget'));
    await db.delete(serverSecrets).where(like(serverSecrets.key, 'seeded-demo-dashboard:Engineering overview:section:%'));

    await reseed();
    expect(await titles()).toEqual(['Right now', 'Condition monitoring', 'Maintenance KPIs', 'Over the period']);
    const section = (await dashboardNamed('Engineering overview'))!.sections.find((s) => s.title === 'Condition monitoring')!;
    expect(section.filters).toEqual([]);
    const trend = ok<Doc>(await api.get(`/widget/${section.items[0]!.widget}`, 'engineer'));
    expect(trend).toMatchObject({ name: 'Chiller supply temperature (30 days)', type: 'trend' });

    // Removed by an administrator, it stays removed.
    await db.update(dashboards).set({ sections: without }).where(eq(dashboards._id, engineering._id));
    await reseed();
    expect(await titles()).toEqual(['Right now', 'Maintenance KPIs', 'Over the period']);
  });

  it("gets the KPI section on the Engineering overview once, after 'Condition monitoring', over the last 90 days (issue 45)", async () => {
    const { db } = t.app.services;
    const engineering = (await dashboardNamed('Engineering overview'))!;
    // As a version before the KPIs left it: no such section, no KPI period filter.
    const without = engineering.sections.filter((section) => section.title !== 'Maintenance KPIs').map((section, index) => ({ ...section, sequenceId: index + 1 }));
    const filters = engineering.filters.filter((filter) => filter.name !== 'kpiPeriod');
    await db.update(dashboards).set({ sections: without, filters }).where(eq(dashboards._id, engineering._id));
    await db.delete(serverSecrets).where(like(serverSecrets.key, 'seeded-demo-dashboard:Engineering overview:section:%'));

    await reseed();
    const upgraded = (await dashboardNamed('Engineering overview'))!;
    expect([...upgraded.sections].sort((a, b) => a.sequenceId - b.sequenceId).map((section) => section.title)).toEqual(['Right now', 'Condition monitoring', 'Maintenance KPIs', 'Over the period']);
    const kpis = upgraded.sections.find((section) => section.title === 'Maintenance KPIs')!;
    // The dashboard has no KPI period: the widgets take their default, the last 90 days.
    expect(kpis.filters).toEqual([]);
    expect(kpis.items).toHaveLength(8);
    const mtbf = ok<Doc>(await api.get(`/widget/${kpis.items[0]!.widget}`, 'engineer'));
    expect(mtbf).toMatchObject({ name: 'Mean time between failures', type: 'kpi', data: { kpi: 'mtbf' } });
    expect(mtbf.data.scope.end - mtbf.data.scope.start).toBe(90 * 86_400_000);
  });

  it("replaces the note's old code that repeated its title, unless an administrator has changed it", async () => {
    const { db } = t.app.services;
    const oldCode = `return '<p style="margin:0 0 6px"><b>Before you start</b></p>' +
  '<ul style="margin:0;padding-left:20px;line-height:1.7">' +
  '<li>Isolate and lock out before opening a panel.</li>' +
  '<li>Readings past a limit raise an alert at once: add a comment saying what you saw.</li>' +
  '<li>No signal in the basement? Your inspection is kept on the phone until you can submit.</li></ul>';`;
    const noteScript = scripts.name;
    await db.update(scripts).set({ code: oldCode }).where(eq(noteScript, 'Before you start widget'));
    await reseed();
    const [replaced] = await db.select({ code: scripts.code }).from(scripts).where(eq(noteScript, 'Before you start widget'));
    expect(replaced?.code).toContain('Isolate and lock out');
    expect(replaced?.code).not.toContain('<b>Before you start</b>');

    const custom = "return '<b>Before you start</b> call the control room.';";
    await db.update(scripts).set({ code: custom }).where(eq(noteScript, 'Before you start widget'));
    await reseed();
    const [kept] = await db.select({ code: scripts.code }).from(scripts).where(eq(noteScript, 'Before you start widget'));
    expect(kept?.code).toBe(custom);
  });
});
