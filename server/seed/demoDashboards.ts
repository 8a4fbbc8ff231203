import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { dashboards, roles, scripts, tableDefinitions, widgets } from '../db/schema';
import { ROLE_NAMES, type RoleName } from '../../common/permissions';
import type { DashboardFilter, DashboardSection } from '../../common/resources/dashboard';
import type { WidgetNavigation, WidgetOptionValue, WidgetType } from '../../common/resources/widget';

/** Shared by the widget scripts: the building filter as asset ids, and the period filter. */
const HELPERS = `const DAY = 86400000;
const now = Date.now();
const period = input.period || { start: now - 7 * DAY, end: now };
// input.building narrows every count to the assets tagged with it.
const assetWhere = (where) => {
  if (!input.building) return where;
  const ids = query.list('asset', { where: { tags: input.building }, fields: ['_id'], limit: 10000 }).map((a) => a._id);
  return { ...where, asset: { in: ids } };
};
const startOfDay = (t) => { const d = new Date(t); d.setHours(0, 0, 0, 0); return d.getTime(); };
const startOfWeek = (t) => { const d = new Date(startOfDay(t)); return d.getTime() - d.getDay() * DAY; };
const names = (entity) => { const map = {}; for (const r of query.list(entity, { fields: ['name'], limit: 10000 })) map[r._id] = r.name; return map; };`;

interface DemoWidget {
  name: string;
  type: WidgetType;
  description: string;
  code: string;
  options?: Record<string, WidgetOptionValue>;
  /** The demo table it opens, by name. */
  navigation?: { type: WidgetNavigation['type']; table: string };
}

const OPEN_ALERTS: DemoWidget = {
  name: 'Open alerts',
  type: 'string',
  description: 'Unresolved alerts (of the chosen building)',
  code: `${HELPERS}
const open = query.count('alert', { where: assetWhere({ resolvedAt: null }) });
return { value: open, caption: open === 1 ? 'alert needs attention' : 'alerts need attention' };`,
  options: { color: '#ef5350' },
  navigation: { type: 'alert', table: 'Alerts' },
};

const OPEN_ALERTS_BY_LEVEL: DemoWidget = {
  name: 'Open alerts by level',
  type: 'chart',
  description: "Unresolved alerts per alert level, in the levels' colours",
  code: `${HELPERS}
const levels = query.list('alertLevel', { fields: ['name', 'color', 'rank'], orderBy: ['rank'] });
const counts = {};
for (const g of query.groupBy('alert', { by: 'level', where: assetWhere({ resolvedAt: null }), count: true })) counts[g.key] = g.count;
const shown = levels.filter((l) => counts[l._id]);
return {
  type: 'doughnut',
  chartData: {
    labels: shown.map((l) => l.name),
    datasets: [{ label: 'Open alerts', data: shown.map((l) => counts[l._id]), backgroundColor: shown.map((l) => l.color) }],
  },
  chartOptions: { plugins: { legend: { position: 'right' } } },
  // A click opens the open alerts of that level, whenever they were raised.
  navigation: shown.map((l) => ({ status: 'open', dateRange: '0|' + now, search: l.name })),
};`,
  navigation: { type: 'alert', table: 'Alerts' },
};

const WEEK_VS_SCHEDULE: DemoWidget = {
  name: 'Inspections this week vs schedule',
  type: 'progress',
  description: 'Inspection schedules of this week that have their inspection',
  code: `${HELPERS}
const weekStart = startOfWeek(now);
const weekEnd = weekStart + 7 * DAY - 1;
const due = query.list('inspectionSchedule', { where: assetWhere({ start: { lte: weekEnd }, end: { gte: weekStart } }), fields: ['inspections'], limit: 10000 });
const done = due.filter((s) => s.inspections.length > 0).length;
return { value: done, max: Math.max(due.length, 1), caption: done + ' of ' + due.length + ' scheduled this week' };`,
  options: { color: '#66bb6a' },
};

const TODAY_NOTE: DemoWidget = {
  name: 'Today at a glance',
  type: 'html',
  description: 'A short summary of today, as HTML',
  code: `${HELPERS}
const today = startOfDay(now);
const inspected = query.count('inspection', { where: assetWhere({ timestamp: { gte: today } }) });
const raised = query.count('alert', { where: assetWhere({ timestamp: { gte: today } }) });
const resolved = query.count('alert', { where: assetWhere({ resolvedAt: { gte: today } }) });
return '<h3 style="margin:0 0 8px">Today' + (input.building ? ' in ' + input.building : '') + '</h3>' +
  '<ul style="margin:0;padding-left:20px;line-height:1.8">' +
  '<li><b>' + inspected + '</b> ' + (inspected === 1 ? 'inspection' : 'inspections') + ' submitted</li>' +
  '<li><b>' + raised + '</b> ' + (raised === 1 ? 'alert' : 'alerts') + ' raised</li>' +
  '<li><b>' + resolved + '</b> ' + (resolved === 1 ? 'alert' : 'alerts') + ' resolved</li></ul>';`,
};

const ALERT_TREND: DemoWidget = {
  name: 'Alert trend',
  type: 'chart',
  description: 'Alerts raised per day of the period',
  code: `${HELPERS}
const first = startOfDay(period.start);
const days = Math.min(Math.max(Math.ceil((period.end - first + 1) / DAY), 1), 120);
const counts = new Array(days).fill(0);
for (const a of query.list('alert', { where: assetWhere({ timestamp: { gte: first, lte: period.end } }), fields: ['timestamp'], limit: 10000 })) {
  const day = Math.floor((a.timestamp - first) / DAY);
  if (day >= 0 && day < days) counts[day]++;
}
const label = (i) => { const d = new Date(first + i * DAY); return (d.getMonth() + 1) + '/' + d.getDate(); };
return {
  type: 'bar',
  chartData: { labels: counts.map((_, i) => label(i)), datasets: [{ label: 'Alerts raised', data: counts }] },
  chartOptions: { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } }, plugins: { legend: { display: false } } },
  navigation: counts.map((_, i) => ({ status: 'all', dateRange: (first + i * DAY) + '|' + (first + (i + 1) * DAY - 1) })),
};`,
  options: { color: '#ffa726' },
  navigation: { type: 'alert', table: 'Alerts' },
};

const TOP_ASSETS: DemoWidget = {
  name: 'Top assets by alerts',
  type: 'chart',
  description: 'The five assets with the most alerts in the period',
  code: `${HELPERS}
const top = query.groupBy('alert', { by: 'asset', where: assetWhere({ timestamp: { gte: period.start, lte: period.end } }), count: true, limit: 5 });
const assetNames = names('asset');
const labels = top.map((g) => assetNames[g.key] || 'Unknown asset');
return {
  type: 'bar',
  chartData: { labels, datasets: [{ label: 'Alerts', data: top.map((g) => g.count) }] },
  chartOptions: { indexAxis: 'y', scales: { x: { beginAtZero: true, ticks: { precision: 0 } } }, plugins: { legend: { display: false } } },
  navigation: labels.map((name) => ({ status: 'all', dateRange: period.start + '|' + period.end, search: name })),
};`,
  options: { color: '#42a5f5' },
  navigation: { type: 'alert', table: 'Alerts' },
};

const LATEST_INSPECTIONS: DemoWidget = {
  name: 'Latest inspections',
  type: 'table',
  description: 'The ten latest inspections of the period',
  code: `${HELPERS}
const rows = query.list('inspection', { where: assetWhere({ timestamp: { gte: period.start, lte: period.end } }), fields: ['timestamp', 'asset', 'checklist', 'user'], orderBy: ['-timestamp'], limit: 10 });
const assetNames = names('asset');
const checklistNames = names('checklist');
const userNames = names('user');
return {
  fields: [
    { heading: 'Time', dataField: 'timestamp' },
    { heading: 'Asset', dataField: 'asset' },
    { heading: 'Checklist', dataField: 'checklist' },
    { heading: 'Inspected by', dataField: 'user' },
  ],
  data: rows.map((r) => ({
    _id: r._id, timestamp: r.timestamp, asset: assetNames[r.asset] || '', checklist: checklistNames[r.checklist] || '', user: userNames[r.user] || '',
    navigation: { dateRange: period.start + '|' + period.end, search: assetNames[r.asset] || '' },
  })),
};`,
  navigation: { type: 'inspection', table: 'Inspections' },
};

const MY_INSPECTIONS_TODAY: DemoWidget = {
  name: 'My inspections today',
  type: 'string',
  description: "The signed-in user's inspections since midnight",
  code: `${HELPERS}
const mine = query.count('inspection', { where: { user: user._id, timestamp: { gte: startOfDay(now) } } });
return { value: mine, caption: mine === 1 ? 'inspection today' : 'inspections today' };`,
  options: { color: '#29b6f6' },
};

const MY_LATEST: DemoWidget = {
  name: 'My latest inspections',
  type: 'table',
  description: "The signed-in user's five latest inspections",
  code: `${HELPERS}
const rows = query.list('inspection', { where: { user: user._id }, fields: ['timestamp', 'asset', 'checklist'], orderBy: ['-timestamp'], limit: 5 });
const assetNames = names('asset');
const checklistNames = names('checklist');
return {
  fields: [{ heading: 'Time', dataField: 'timestamp' }, { heading: 'Asset', dataField: 'asset' }, { heading: 'Checklist', dataField: 'checklist' }],
  data: rows.map((r) => ({ _id: r._id, timestamp: r.timestamp, asset: assetNames[r.asset] || '', checklist: checklistNames[r.checklist] || '' })),
};`,
};

const SAFETY_NOTE: DemoWidget = {
  name: 'Before you start',
  type: 'html',
  description: 'A safety reminder for technicians',
  code: `return '<p style="margin:0 0 6px"><b>Before you start</b></p>' +
  '<ul style="margin:0;padding-left:20px;line-height:1.7">' +
  '<li>Isolate and lock out before opening a panel.</li>' +
  '<li>Readings past a limit raise an alert at once: add a comment saying what you saw.</li>' +
  '<li>No signal in the basement? Your inspection is kept on the phone until you can submit.</li></ul>';`,
};

const ALERTS_TODAY: DemoWidget = {
  name: 'Alerts raised today',
  type: 'string',
  description: 'Alerts raised since midnight',
  code: `${HELPERS}
const today = query.count('alert', { where: { timestamp: { gte: startOfDay(now) } } });
return { value: today, caption: today === 1 ? 'alert raised today' : 'alerts raised today' };`,
  options: { color: '#ffa726' },
};

const DEMO_WIDGETS = [
  OPEN_ALERTS, OPEN_ALERTS_BY_LEVEL, WEEK_VS_SCHEDULE, TODAY_NOTE, ALERT_TREND, TOP_ASSETS, LATEST_INSPECTIONS,
  MY_INSPECTIONS_TODAY, MY_LATEST, SAFETY_NOTE, ALERTS_TODAY,
];

interface DemoItem {
  widget: DemoWidget;
  width: number;
  height: number;
}

interface DemoDashboard {
  name: string;
  role: RoleName;
  filters: DashboardFilter[];
  sections: { title: string; filters: string[]; items: DemoItem[] }[];
}

const PERIOD: DashboardFilter = { name: 'period', type: 'date-range', options: { label: 'Period', defaultValue: '7', values: '1,7,30,90' } };
const BUILDING: DashboardFilter = { name: 'building', type: 'select', options: { label: 'Building', defaultValue: '', values: 'Building A,Building B' } };

export const DEMO_DASHBOARDS: readonly DemoDashboard[] = [
  {
    name: 'Engineering overview',
    role: ROLE_NAMES.engineer,
    filters: [PERIOD, BUILDING],
    sections: [
      {
        title: 'Right now',
        filters: ['building'],
        items: [
          { widget: OPEN_ALERTS, width: 3, height: 300 },
          { widget: OPEN_ALERTS_BY_LEVEL, width: 3, height: 300 },
          { widget: WEEK_VS_SCHEDULE, width: 3, height: 300 },
          { widget: TODAY_NOTE, width: 3, height: 300 },
        ],
      },
      {
        title: 'Over the period',
        filters: ['period', 'building'],
        items: [
          { widget: ALERT_TREND, width: 6, height: 320 },
          { widget: TOP_ASSETS, width: 6, height: 320 },
          { widget: LATEST_INSPECTIONS, width: 12, height: 420 },
        ],
      },
    ],
  },
  {
    name: 'Technician overview',
    role: ROLE_NAMES.technician,
    filters: [],
    sections: [
      {
        title: 'My work',
        filters: [],
        items: [
          { widget: MY_INSPECTIONS_TODAY, width: 4, height: 180 },
          { widget: WEEK_VS_SCHEDULE, width: 4, height: 240 },
          { widget: SAFETY_NOTE, width: 4, height: 300 },
          { widget: MY_LATEST, width: 12, height: 320 },
        ],
      },
    ],
  },
  {
    name: 'Plant room board',
    role: ROLE_NAMES.onsite,
    filters: [PERIOD],
    sections: [
      {
        title: 'Live',
        filters: [],
        items: [
          { widget: OPEN_ALERTS, width: 4, height: 260 },
          { widget: ALERTS_TODAY, width: 4, height: 260 },
          { widget: OPEN_ALERTS_BY_LEVEL, width: 4, height: 260 },
        ],
      },
      {
        title: 'Alerts over the period',
        filters: ['period'],
        items: [{ widget: ALERT_TREND, width: 12, height: 320 }],
      },
    ],
  },
];

/**
 * The demo widgets (their scripts), the engineer, technician and on-site dashboards, each tied to
 * its role (issue 6). Once, while no widget exists; a role that already has a dashboard keeps it.
 */
export async function ensureDemoDashboards(db: Database): Promise<void> {
  const [anyWidget] = await db.select({ _id: widgets._id }).from(widgets).limit(1);
  if (anyWidget) return;
  const tableRows = await db.select({ _id: tableDefinitions._id, name: tableDefinitions.name }).from(tableDefinitions);
  const tableIds = new Map(tableRows.map((row) => [row.name, row._id]));
  const scriptNames = DEMO_WIDGETS.map((w) => `${w.name} widget`);
  await db
    .insert(scripts)
    .values(DEMO_WIDGETS.map((w) => ({ _id: newId(), name: `${w.name} widget`, description: w.description, code: w.code })))
    .onConflictDoNothing();
  const scriptRows = await db.select({ _id: scripts._id, name: scripts.name }).from(scripts).where(inArray(scripts.name, scriptNames));
  const scriptIds = new Map(scriptRows.map((row) => [row.name, row._id]));
  const widgetIds = new Map(DEMO_WIDGETS.map((w) => [w, newId()]));
  await db.insert(widgets).values(
    DEMO_WIDGETS.map((w) => {
      const table = w.navigation ? tableIds.get(w.navigation.table) : undefined;
      return {
        _id: widgetIds.get(w)!,
        name: w.name,
        type: w.type,
        script: scriptIds.get(`${w.name} widget`) ?? null,
        options: w.options ?? {},
        navigation: w.navigation ? { type: w.navigation.type, table: table ?? null } : null,
      };
    }),
  );
  for (const demo of DEMO_DASHBOARDS) {
    const sections: DashboardSection[] = demo.sections.map((section, index) => ({
      title: section.title,
      sequenceId: index + 1,
      filters: section.filters,
      items: section.items.map((item, position) => ({ _id: newId(), widget: widgetIds.get(item.widget)!, width: item.width, height: item.height, sequenceId: position + 1 })),
    }));
    const [dashboard] = await db.insert(dashboards).values({ _id: newId(), name: demo.name, filters: demo.filters, sections }).onConflictDoNothing().returning({ _id: dashboards._id });
    if (!dashboard) continue;
    const [role] = await db.select({ _id: roles._id, dashboard: roles.dashboard }).from(roles).where(eq(roles.name, demo.role));
    if (role && !role.dashboard) await db.update(roles).set({ dashboard: dashboard._id }).where(eq(roles._id, role._id));
  }
}
