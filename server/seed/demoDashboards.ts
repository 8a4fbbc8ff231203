import { and, eq, inArray, isNull, like, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { dashboards, roles, scripts, serverSecrets, tableDefinitions, widgets } from '../db/schema';
import { ROLE_NAMES, type RoleName } from '../../common/permissions';
import type { DashboardFilter, DashboardSection } from '../../common/resources/dashboard';
import type { WidgetNavigation, WidgetOptionValue, WidgetType } from '../../common/resources/widget';
import { replaceSupersededScripts, sha256Hex } from './supersededScripts';
import { KPI_DEFINITIONS, type KpiName } from '../../common/kpis/kpiDefinitions';

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
  /** Its script's code; none for a kpi widget, which the server computes. */
  code?: string;
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
    _id: r._id, timestamp: r.timestamp, asset: assetNames[r.asset] || '', checklist: checklistNames[r.checklist] || '', 'user': userNames[r.user] || '',
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
  // The item's title is the widget's name: the content starts with the first point, not a heading of its own.
  code: `return '<ul style="margin:0;padding-left:20px;line-height:1.7">' +
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

/** Thermography surveys electrical equipment: the assets carrying this tag (of the chosen building). */
const SURVEY_HELPERS = `${HELPERS}
const SURVEY_TAG = 'Electrical';
const surveyAssets = () => query.list('asset', { where: { tags: SURVEY_TAG }, fields: ['name', 'identification', 'tags', 'staticAttributes'], limit: 10000 })
  .filter((a) => !input.building || a.tags.includes(input.building));
const idsOf = (rows) => rows.map((r) => r._id);`;

const INSPECTIONS_TODAY: DemoWidget = {
  name: 'Inspections today',
  type: 'string',
  description: "Everyone's inspections since midnight",
  code: `${HELPERS}
const today = query.count('inspection', { where: { timestamp: { gte: startOfDay(now) } } });
return { value: today, caption: today === 1 ? 'inspection submitted today' : 'inspections submitted today' };`,
  options: { color: '#29b6f6' },
  navigation: { type: 'inspection', table: 'Inspections' },
};

const MISSED_SCHEDULES: DemoWidget = {
  name: 'Missed inspection schedules',
  type: 'string',
  description: 'Inspection schedules of the last 30 days whose window ended without an inspection',
  code: `${HELPERS}
const ended = query.list('inspectionSchedule', { where: { end: { gte: startOfDay(now) - 30 * DAY, lt: now } }, fields: ['inspections'], limit: 10000 });
const missed = ended.filter((s) => s.inspections.length === 0).length;
return { value: missed, caption: 'of ' + ended.length + ' schedules of the last 30 days ended without an inspection' };`,
  options: { color: '#ffa726' },
};

const FAILED_JOB_RUNS: DemoWidget = {
  name: 'Failed job runs',
  type: 'string',
  description: 'Job runs of the last 7 days that ended in an error',
  code: `${HELPERS}
const since = now - 7 * DAY;
const failed = query.count('jobRun', { where: { outcome: 'error', startedAt: { gte: since } } });
const runs = query.count('jobRun', { where: { startedAt: { gte: since } } });
return { value: failed, caption: runs === 0 ? 'failed: no job has run in 7 days' : 'failed of ' + runs + (runs === 1 ? ' job run' : ' job runs') + ' in 7 days' };`,
  options: { color: '#ef5350' },
};

const USERS_BY_ROLE: DemoWidget = {
  name: 'Users by role',
  type: 'table',
  description: 'How many users each role has',
  code: `const counts = {};
for (const g of query.groupBy('user', { by: 'role', count: true })) counts[g.key] = g.count;
const rows = query.list('role', { fields: ['name'] }).map((r) => ({ _id: r._id, role: r.name, users: counts[r._id] || 0 }));
const withoutRole = query.count('user', { where: { role: null } });
if (withoutRole > 0) rows.push({ _id: 'none', role: 'No role', users: withoutRole });
return { fields: [{ heading: 'Role', dataField: 'role' }, { heading: 'Users', dataField: 'users' }], data: rows };`,
};

const JOBS_STATUS: DemoWidget = {
  name: 'Jobs',
  type: 'table',
  description: "Each job, whether it is active, and its last run's outcome",
  code: `const rows = query.list('job', { fields: ['name', 'cronExpression', 'active'] }).map((job) => {
  const [last] = query.list('jobRun', { where: { job: job._id }, fields: ['startedAt', 'outcome', 'error'], limit: 1 });
  const outcome = !last ? 'not run yet' : last.outcome === 'error' ? 'failed: ' + (last.error || '') : last.outcome;
  // 'timestamp' is the column the tables draw as a local time.
  return { _id: job._id, name: job.name, active: job.active ? 'yes' : 'no', cron: job.cronExpression, timestamp: last ? last.startedAt : 'never', outcome };
});
return {
  fields: [
    { heading: 'Job', dataField: 'name' },
    { heading: 'Active', dataField: 'active' },
    { heading: 'CRON (GMT)', dataField: 'cron' },
    { heading: 'Last run', dataField: 'timestamp' },
    { heading: 'Outcome', dataField: 'outcome' },
  ],
  data: rows,
};`,
};

const CONFIGURATION_COUNTS: DemoWidget = {
  name: 'Configuration at a glance',
  type: 'html',
  description: 'How many records of each administration screen exist',
  code: `const count = (entity, where) => query.count(entity, { where: where || {} });
const line = (n, one, many) => '<li><b>' + n + '</b> ' + (n === 1 ? one : many) + '</li>';
const jobs = count('job');
return '<ul style="margin:0;padding-left:20px;line-height:1.8">' +
  line(count('user'), 'user', 'users') + line(count('role'), 'role', 'roles') +
  line(count('asset'), 'asset', 'assets') + line(count('checklist'), 'checklist', 'checklists') + line(count('attribute'), 'attribute', 'attributes') +
  line(count('script'), 'script', 'scripts') + line(count('table'), 'table', 'tables') + line(count('report'), 'report', 'reports') +
  '<li><b>' + jobs + '</b> ' + (jobs === 1 ? 'job' : 'jobs') + ', ' + count('job', { active: true }) + ' active</li></ul>';`,
};

const SURVEY_OPEN_ALERTS: DemoWidget = {
  name: 'Open alerts on electrical assets',
  type: 'string',
  description: 'Unresolved alerts of the assets tagged Electrical (of the chosen building)',
  code: `${SURVEY_HELPERS}
const ids = idsOf(surveyAssets());
const open = ids.length === 0 ? 0 : query.count('alert', { where: { resolvedAt: null, asset: { in: ids } } });
return { value: open, caption: 'open on ' + ids.length + ' electrical ' + (ids.length === 1 ? 'asset' : 'assets') };`,
  options: { color: '#ef5350' },
  navigation: { type: 'alert', table: 'Alerts' },
};

const SURVEY_ASSETS_TABLE: DemoWidget = {
  name: 'Electrical assets',
  type: 'table',
  description: 'The assets tagged Electrical with their open alerts and last inspection, most alerts first',
  code: `${SURVEY_HELPERS}
const assets = surveyAssets();
const open = {};
if (assets.length > 0) for (const g of query.groupBy('alert', { by: 'asset', where: { resolvedAt: null, asset: { in: idsOf(assets) } }, count: true })) open[g.key] = g.count;
const rows = assets.map((a) => {
  const [last] = query.list('inspection', { where: { asset: a._id }, fields: ['timestamp'], limit: 1 });
  return { _id: a._id, name: a.name, identification: a.identification, openAlerts: open[a._id] || 0, timestamp: last ? last.timestamp : 'never', navigation: { search: a.name } };
});
rows.sort((x, y) => y.openAlerts - x.openAlerts || x.name.localeCompare(y.name));
return {
  fields: [
    { heading: 'Asset', dataField: 'name' },
    { heading: 'Identification', dataField: 'identification' },
    { heading: 'Open alerts', dataField: 'openAlerts' },
    { heading: 'Last inspected', dataField: 'timestamp' },
  ],
  data: rows,
};`,
  navigation: { type: 'asset', table: 'Assets' },
};

const SURVEY_LATEST_INSPECTIONS: DemoWidget = {
  name: 'Latest electrical inspections',
  type: 'table',
  description: 'The ten latest inspections of assets tagged Electrical in the period',
  code: `${SURVEY_HELPERS}
const assets = surveyAssets();
const assetNames = {};
for (const a of assets) assetNames[a._id] = a.name;
const rows = assets.length === 0 ? [] : query.list('inspection', { where: { asset: { in: idsOf(assets) }, timestamp: { gte: period.start, lte: period.end } }, fields: ['timestamp', 'asset', 'user'], orderBy: ['-timestamp'], limit: 10 });
const userNames = names('user');
return {
  fields: [{ heading: 'Time', dataField: 'timestamp' }, { heading: 'Asset', dataField: 'asset' }, { heading: 'Inspected by', dataField: 'user' }],
  data: rows.map((r) => ({
    _id: r._id, timestamp: r.timestamp, asset: assetNames[r.asset] || '', user: userNames[r.user] || '',
    navigation: { dateRange: period.start + '|' + period.end, search: assetNames[r.asset] || '' },
  })),
};`,
  navigation: { type: 'inspection', table: 'Inspections' },
};

const SURVEY_COUNT: DemoWidget = {
  name: 'Assets to survey',
  type: 'string',
  description: 'How many assets are tagged Electrical, and how many of them are critical',
  code: `${SURVEY_HELPERS}
const assets = surveyAssets();
const critical = assets.filter((a) => a.tags.includes('Critical')).length;
return { value: assets.length, caption: 'electrical ' + (assets.length === 1 ? 'asset' : 'assets') + ', ' + critical + ' critical' };`,
  options: { color: '#ff7043' },
};

const SURVEY_LIST: DemoWidget = {
  name: 'Survey list',
  type: 'table',
  description: 'The assets tagged Electrical, critical ones first, with where to find them',
  code: `${SURVEY_HELPERS}
const locationOf = (a) => ((a.staticAttributes || []).find((s) => s.name === 'Location') || {}).value || '';
const rows = surveyAssets().map((a) => ({ _id: a._id, name: a.name, identification: a.identification, location: locationOf(a), critical: a.tags.includes('Critical') ? 'yes' : '' }));
rows.sort((x, y) => (x.critical ? 0 : 1) - (y.critical ? 0 : 1) || x.name.localeCompare(y.name));
return {
  fields: [
    { heading: 'Asset', dataField: 'name' },
    { heading: 'Identification', dataField: 'identification' },
    { heading: 'Location', dataField: 'location' },
    { heading: 'Critical', dataField: 'critical' },
  ],
  data: rows,
};`,
};

const THERMAL_IMAGING_TIPS: DemoWidget = {
  name: 'Thermal imaging tips',
  type: 'html',
  description: 'Reminders for a thermography round',
  code: `return '<ul style="margin:0;padding-left:20px;line-height:1.7">' +
  '<li>Survey under load: at least 40% of rated current, or the hot spots do not show.</li>' +
  '<li>Keep the safe distance of the panel label; open covers only with a permit.</li>' +
  '<li>Note the ambient temperature and number every image in the order you take it.</li>' +
  '<li>Name each record after the breaker or terminal in the image (e.g. Q3 phase L2).</li></ul>';`,
};

/** Thermography notes (issue 19): the approval queue, the statuses, the severities and the hottest spots. */
const NOTE_HELPERS = `${HELPERS}
// Notes of the chosen building: its assets' notes; every note otherwise.
const noteWhere = (where) => assetWhere(where);
const maxOf = (n) => { const m = (n.measurements || []).find((r) => r.k === 'Max'); const v = m ? parseFloat(String(m.v).replace(',', '.')) : NaN; return isFinite(v) ? v : null; };
const levels = query.list('alertLevel', { fields: ['name', 'color', 'technicalName', 'rank'], orderBy: ['rank'] });
const setting = query.list('thermographySetting', { where: { key: 'thermography.severityAlertLevels' }, fields: ['value'] })[0];
let mapping = {};
try { mapping = JSON.parse(setting ? setting.value : '{}') || {}; } catch (e) { mapping = {}; }
const severityColour = (s) => { const l = levels.find((x) => x.technicalName === mapping[s]) || levels[Math.min('ABCD'.indexOf(s), levels.length - 1)]; return l ? l.color : '#9e9e9e'; };`;

const NOTES_AWAITING_APPROVAL: DemoWidget = {
  name: 'Notes awaiting approval',
  type: 'string',
  description: 'Thermography notes sent for approval (of the chosen building)',
  code: `${NOTE_HELPERS}
const waiting = query.count('thermographyNote', { where: noteWhere({ status: 'pendingApproval' }) });
return { value: waiting, caption: waiting === 1 ? 'note awaits approval' : 'notes await approval' };`,
  options: { color: '#ab47bc' },
  navigation: { type: 'thermography', table: 'Thermography Notes' },
};

const NOTES_BY_STATUS: DemoWidget = {
  name: 'Thermography notes by status',
  type: 'chart',
  description: 'Thermography notes of the period per status, deleted ones left out',
  code: `${NOTE_HELPERS}
const STATUSES = [['draft', 'Draft', '#90a4ae'], ['pendingApproval', 'Pending approval', '#ab47bc'], ['approved', 'Approved', '#66bb6a']];
const counts = {};
for (const g of query.groupBy('thermographyNote', { by: 'status', where: noteWhere({ timestamp: { gte: period.start, lte: period.end } }), count: true })) counts[g.key] = g.count;
const shown = STATUSES.filter(([key]) => counts[key]);
return {
  type: 'doughnut',
  chartData: { labels: shown.map(([, label]) => label), datasets: [{ label: 'Notes', data: shown.map(([key]) => counts[key]), backgroundColor: shown.map(([, , colour]) => colour) }] },
  chartOptions: { plugins: { legend: { position: 'right' } } },
  navigation: shown.map(([key]) => ({ status: key, dateRange: period.start + '|' + period.end })),
};`,
  navigation: { type: 'thermography', table: 'Thermography Notes' },
};

const APPROVED_BY_SEVERITY: DemoWidget = {
  name: 'Approved notes by severity',
  type: 'chart',
  description: 'Notes approved in the period per severity A–D, in the colour of the alert level each raises',
  code: `${NOTE_HELPERS}
const counts = {};
for (const g of query.groupBy('thermographyNote', { by: 'severityLevel', where: noteWhere({ status: 'approved', approvedAt: { gte: period.start, lte: period.end } }), count: true })) counts[g.key] = g.count;
const severities = ['A', 'B', 'C', 'D'];
return {
  type: 'bar',
  chartData: { labels: severities.map((s) => 'Priority ' + s), datasets: [{ label: 'Approved notes', data: severities.map((s) => counts[s] || 0), backgroundColor: severities.map(severityColour) }] },
  chartOptions: { scales: { y: { beginAtZero: true, ticks: { precision: 0 } } }, plugins: { legend: { display: false } } },
  navigation: severities.map(() => ({ status: 'approved', dateRange: period.start + '|' + period.end })),
};`,
  navigation: { type: 'thermography', table: 'Thermography Notes' },
};

const HOTTEST_SPOTS: DemoWidget = {
  name: 'Hottest spots',
  type: 'table',
  description: 'The ten hottest spots among the notes of the period, with their rise over ambient',
  code: `${NOTE_HELPERS}
const notes = query.list('thermographyNote', { where: noteWhere({ status: { ne: 'deleted' }, timestamp: { gte: period.start, lte: period.end } }), fields: ['asset', 'timestamp', 'identification', 'imageNumber', 'severityLevel', 'ambientTemperature', 'measurements'], limit: 5000 });
const assetNames = names('asset');
const rows = notes.map((n) => ({ n, max: maxOf(n) })).filter((r) => r.max !== null).sort((a, b) => b.max - a.max).slice(0, 10).map(({ n, max }) => ({
  _id: n._id,
  timestamp: n.timestamp,
  asset: assetNames[n.asset] || '',
  identification: n.identification || 'Image ' + n.imageNumber,
  max: max.toFixed(1) + ' °C',
  rise: n.ambientTemperature === null ? '' : (max - n.ambientTemperature).toFixed(1) + ' °C',
  severityLevel: n.severityLevel ? { text: n.severityLevel, color: severityColour(n.severityLevel) } : null,
  navigation: { status: 'all', dateRange: period.start + '|' + period.end, search: assetNames[n.asset] || '' },
}));
return {
  fields: [
    { heading: 'Time', dataField: 'timestamp' },
    { heading: 'Asset', dataField: 'asset' },
    { heading: 'Identification', dataField: 'identification' },
    { heading: 'Max', dataField: 'max' },
    { heading: 'ΔT over ambient', dataField: 'rise' },
    { heading: 'Severity', dataField: 'severityLevel' },
  ],
  data: rows,
};`,
  navigation: { type: 'thermography', table: 'Thermography Notes' },
};

/** Issue 44 §5: the demo chiller's supply water, which creeps warmer (server/seed/demoMonitoring.ts): its forecast says when it reaches the warning level. */
const CHILLER_SUPPLY_TREND: DemoWidget = {
  name: 'Chiller supply temperature (30 days)',
  type: 'trend',
  description: "The chilled water supply temperature's trend over 30 days, its levels and when it reaches one (query.trend)",
  code: `// The point by its key (Measurement point management); query.trend answers its buckets, levels and forecast.
const [point] = query.list('measurementPoint', { where: { key: 'chw_supply' }, fields: ['name'], limit: 1 });
if (!point) throw new Error("No measurement point has the key 'chw_supply'");
return query.trend(point._id, { days: 30 });`,
};

/** The maintenance KPIs (docs/kpis.md), each a kpi widget over the dashboard's period and building. */
const kpiWidget = (kpi: KpiName, name: string): DemoWidget => ({ name, type: 'kpi', description: KPI_DEFINITIONS[kpi].formula, options: { kpi } });
const KPI_WIDGETS: readonly DemoWidget[] = [
  kpiWidget('mtbf', 'Mean time between failures'),
  kpiWidget('mttr', 'Mean time to repair'),
  kpiWidget('pmCompliance', 'PM compliance'),
  kpiWidget('plannedPercentage', 'Planned maintenance'),
  kpiWidget('backlogWeeks', 'Ready backlog'),
  kpiWidget('alertAcknowledge', 'Time to acknowledge alerts'),
  kpiWidget('alertResolve', 'Time to resolve alerts'),
  kpiWidget('costPerAsset', 'Maintenance cost per asset'),
];

/** Added to the Engineering overview with the KPIs (issue 45); a dashboard seeded before gets it once, after 'Condition monitoring' (addLaterSections). */
const MAINTENANCE_KPI_SECTION = {
  title: 'Maintenance KPIs',
  filters: ['kpiPeriod'],
  items: KPI_WIDGETS.map((widget) => ({ widget, width: 3, height: 240 })),
};

interface DemoItem {
  widget: DemoWidget;
  width: number;
  height: number;
}

interface DemoDashboard {
  name: string;
  /** The seeded roles it is tied to (a role that already has a dashboard keeps it). */
  roles: RoleName[];
  filters: DashboardFilter[];
  sections: { title: string; filters: string[]; items: DemoItem[] }[];
}

/** Added to the Engineering overview with the trend widget (issue 44 §5); a dashboard seeded before gets it once, after 'Right now' (addLaterSections). */
const CONDITION_MONITORING_SECTION = {
  title: 'Condition monitoring',
  filters: [],
  items: [{ widget: CHILLER_SUPPLY_TREND, width: 12, height: 360 }],
};

/** Added to the Thermography overview with the notes (issue 19); a dashboard seeded before gets it once (addLaterSections). */
const THERMOGRAPHY_NOTES_SECTION = {
  title: 'Thermography notes',
  filters: ['period', 'building'],
  items: [
    { widget: NOTES_AWAITING_APPROVAL, width: 3, height: 300 },
    { widget: NOTES_BY_STATUS, width: 3, height: 300 },
    { widget: APPROVED_BY_SEVERITY, width: 6, height: 300 },
    { widget: HOTTEST_SPOTS, width: 12, height: 420 },
  ],
};

const PERIOD: DashboardFilter = { name: 'period', type: 'date-range', options: { label: 'Period', defaultValue: '7', values: '1,7,30,90' } };
/** The KPIs' own period: they mean something over months, not the overview's week (without it, a KPI covers the last 90 days). */
const KPI_PERIOD: DashboardFilter = { name: 'kpiPeriod', type: 'date-range', options: { label: 'KPI period', defaultValue: '90', values: '30,90,365' } };
const BUILDING: DashboardFilter = { name: 'building', type: 'select', options: { label: 'Building', defaultValue: '', values: 'Building A,Building B' } };

export const DEMO_DASHBOARDS: readonly DemoDashboard[] = [
  {
    name: 'Engineering overview',
    roles: [ROLE_NAMES.engineer],
    filters: [PERIOD, BUILDING, KPI_PERIOD],
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
      CONDITION_MONITORING_SECTION,
      MAINTENANCE_KPI_SECTION,
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
    roles: [ROLE_NAMES.technician],
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
    roles: [ROLE_NAMES.onsite],
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
  {
    name: 'Administration overview',
    roles: [ROLE_NAMES.superuser],
    filters: [],
    sections: [
      {
        title: 'Needs attention',
        filters: [],
        items: [
          { widget: OPEN_ALERTS, width: 3, height: 220 },
          { widget: MISSED_SCHEDULES, width: 3, height: 220 },
          { widget: FAILED_JOB_RUNS, width: 3, height: 220 },
          { widget: INSPECTIONS_TODAY, width: 3, height: 220 },
        ],
      },
      {
        title: 'Users and configuration',
        filters: [],
        items: [
          { widget: USERS_BY_ROLE, width: 6, height: 340 },
          { widget: CONFIGURATION_COUNTS, width: 3, height: 340 },
          { widget: OPEN_ALERTS_BY_LEVEL, width: 3, height: 340 },
          { widget: JOBS_STATUS, width: 12, height: 200 },
        ],
      },
    ],
  },
  {
    name: 'Thermography overview',
    roles: [ROLE_NAMES.thermographyEngineer, ROLE_NAMES.thermographyEngineerManager],
    filters: [PERIOD, BUILDING],
    sections: [
      THERMOGRAPHY_NOTES_SECTION,
      {
        title: 'Right now',
        filters: ['building'],
        items: [
          { widget: SURVEY_OPEN_ALERTS, width: 3, height: 300 },
          { widget: OPEN_ALERTS_BY_LEVEL, width: 3, height: 300 },
          { widget: SURVEY_ASSETS_TABLE, width: 6, height: 300 },
        ],
      },
      {
        title: 'Over the period',
        filters: ['period', 'building'],
        items: [
          { widget: ALERT_TREND, width: 6, height: 320 },
          { widget: TOP_ASSETS, width: 6, height: 320 },
          { widget: SURVEY_LATEST_INSPECTIONS, width: 12, height: 380 },
        ],
      },
    ],
  },
  {
    name: 'Thermography round',
    roles: [ROLE_NAMES.thermographyTechnician],
    filters: [],
    sections: [
      {
        title: 'My round',
        filters: [],
        items: [
          { widget: SURVEY_COUNT, width: 4, height: 260 },
          { widget: THERMAL_IMAGING_TIPS, width: 8, height: 260 },
          { widget: SURVEY_LIST, width: 12, height: 260 },
        ],
      },
    ],
  },
];

/** The dashboards the first version seeded, all at once, while no widget existed. */
const FIRST_VERSION_DASHBOARDS = ['Engineering overview', 'Technician overview', 'Plant room board'];

/** Widget code an earlier version seeded; replaced on start as long as nobody has edited it since. */
const SUPERSEDED_CODE: readonly { widget: DemoWidget; code: string }[] = [
  {
    // Its key `user` was unquoted: a script that seems to name `user` runs once per viewer, never
    // shared (docs/scripts.md "Shared widget runs") — fifty runs of it for one push (issue 21).
    widget: LATEST_INSPECTIONS,
    code: (LATEST_INSPECTIONS.code ?? '').replace("'user': userNames", 'user: userNames'),
  },
  {
    // It repeated the item's title inside its content ('Before you start' twice on the technician home).
    widget: SAFETY_NOTE,
    code: `return '<p style="margin:0 0 6px"><b>Before you start</b></p>' +
  '<ul style="margin:0;padding-left:20px;line-height:1.7">' +
  '<li>Isolate and lock out before opening a panel.</li>' +
  '<li>Readings past a limit raise an alert at once: add a comment saying what you saw.</li>' +
  '<li>No signal in the basement? Your inspection is kept on the phone until you can submit.</li></ul>';`,
  },
];

/** The seed's ledger in server_secrets: one key per demo dashboard ever seeded, so none is added twice. */
const LEDGER_PREFIX = 'seeded-demo-dashboard:';
const ledgerKey = (name: string) => `${LEDGER_PREFIX}${name}`;

const scriptNameOf = (widget: DemoWidget) => `${widget.name} widget`;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The demo dashboards (docs/dashboards.md "Seeded"), each seeded once by name — also into a demo
 * database from an earlier version, which gets the dashboards added since. A dashboard an
 * administrator deleted or renamed is not brought back, one they edited is not touched, and a role
 * that already has a dashboard keeps it.
 */
export async function ensureDemoDashboards(db: Database): Promise<void> {
  await recordFirstVersionDashboards(db);
  for (const demo of DEMO_DASHBOARDS) {
    await db.transaction(async (tx) => {
      const [claimed] = await tx.insert(serverSecrets).values({ key: ledgerKey(demo.name), value: String(Date.now()) }).onConflictDoNothing().returning();
      if (!claimed) return;
      const [existing] = await tx.select({ _id: dashboards._id }).from(dashboards).where(eq(sql`lower(${dashboards.name})`, demo.name.toLowerCase()));
      if (existing) return;
      await createDashboard(tx, demo);
    });
  }
  await addLaterSections(db);
  await replaceSupersededCode(db);
}

/**
 * Sections added to a demo dashboard after it was first seeded: each reaches an older demo database
 * once, first among its sections, or right after the section titled `after` when it has one.
 */
const LATER_SECTIONS: readonly { dashboard: string; section: DemoDashboard['sections'][number]; after?: string }[] = [
  { dashboard: 'Thermography overview', section: THERMOGRAPHY_NOTES_SECTION },
  { dashboard: 'Engineering overview', section: CONDITION_MONITORING_SECTION, after: 'Right now' },
  { dashboard: 'Engineering overview', section: MAINTENANCE_KPI_SECTION, after: 'Condition monitoring' },
];

/**
 * A dashboard seeded before one of LATER_SECTIONS existed gets it once, where that entry says
 * (recorded in the ledger): an administrator who removed it, or the dashboard, is not overruled,
 * and a dashboard seeded with it already keeps the one it has.
 */
async function addLaterSections(db: Database): Promise<void> {
  for (const later of LATER_SECTIONS) {
    await db.transaction(async (tx) => {
      const key = `${LEDGER_PREFIX}${later.dashboard}:section:${later.section.title}`;
      const [claimed] = await tx.insert(serverSecrets).values({ key, value: String(Date.now()) }).onConflictDoNothing().returning();
      if (!claimed) return;
      const [dashboard] = await tx.select().from(dashboards).where(eq(sql`lower(${dashboards.name})`, later.dashboard.toLowerCase()));
      if (!dashboard || dashboard.sections.some((section) => section.title === later.section.title)) return;
      const widgetIds = await ensureWidgets(tx, later.section.items.map((item) => item.widget));
      const added: DashboardSection = {
        title: later.section.title,
        sequenceId: 1,
        filters: later.section.filters.filter((name) => dashboard.filters.some((filter) => filter.name === name)),
        items: later.section.items.map((item, position) => ({ _id: newId(), widget: widgetIds.get(item.widget)!, width: item.width, height: item.height, sequenceId: position + 1 })),
      };
      const ordered = [...dashboard.sections].sort((a, b) => a.sequenceId - b.sequenceId);
      const at = later.after === undefined ? 0 : ordered.findIndex((section) => section.title === later.after) + 1;
      const sections = [...ordered.slice(0, at), added, ...ordered.slice(at)].map((section, index) => ({ ...section, sequenceId: index + 1 }));
      await tx.update(dashboards).set({ sections, updatedAt: Date.now() }).where(eq(dashboards._id, dashboard._id));
    });
  }
}

/**
 * A demo database from before the ledger: the first version seeded its three dashboards together
 * with the first widgets, so widgets without a ledger mean those three were seeded already (and any
 * of them missing now was deleted by an administrator).
 */
async function recordFirstVersionDashboards(db: Database): Promise<void> {
  const [anyEntry] = await db.select({ key: serverSecrets.key }).from(serverSecrets).where(like(serverSecrets.key, `${LEDGER_PREFIX}%`)).limit(1);
  if (anyEntry) return;
  const [anyWidget] = await db.select({ _id: widgets._id }).from(widgets).limit(1);
  if (!anyWidget) return;
  await db
    .insert(serverSecrets)
    .values(FIRST_VERSION_DASHBOARDS.map((name) => ({ key: ledgerKey(name), value: '0' })))
    .onConflictDoNothing();
}

async function createDashboard(tx: Tx, demo: DemoDashboard): Promise<void> {
  const widgetIds = await ensureWidgets(tx, [...new Set(demo.sections.flatMap((section) => section.items.map((item) => item.widget)))]);
  const sections: DashboardSection[] = demo.sections.map((section, index) => ({
    title: section.title,
    sequenceId: index + 1,
    filters: section.filters,
    items: section.items.map((item, position) => ({ _id: newId(), widget: widgetIds.get(item.widget)!, width: item.width, height: item.height, sequenceId: position + 1 })),
  }));
  const dashboardId = newId();
  await tx.insert(dashboards).values({ _id: dashboardId, name: demo.name, filters: demo.filters, sections });
  await tx.update(roles).set({ dashboard: dashboardId }).where(and(inArray(roles.name, demo.roles), isNull(roles.dashboard)));
}

/** The widgets by name: an existing one of that name is used as it is; a missing one is created with its script. */
async function ensureWidgets(tx: Tx, wanted: DemoWidget[]): Promise<Map<DemoWidget, string>> {
  const found = await tx.select({ _id: widgets._id, name: widgets.name }).from(widgets).where(inArray(widgets.name, wanted.map((w) => w.name)));
  const byName = new Map(found.map((row) => [row.name, row._id]));
  const missing = wanted.filter((w) => !byName.has(w.name));
  if (missing.length > 0) {
    const scripted = missing.flatMap((w) => (w.code === undefined ? [] : [{ _id: newId(), name: scriptNameOf(w), description: w.description, code: w.code }]));
    if (scripted.length > 0) await tx.insert(scripts).values(scripted).onConflictDoNothing();
    const scriptRows = await tx.select({ _id: scripts._id, name: scripts.name }).from(scripts).where(inArray(scripts.name, missing.map(scriptNameOf)));
    const scriptIds = new Map(scriptRows.map((row) => [row.name, row._id]));
    const tableRows = await tx.select({ _id: tableDefinitions._id, name: tableDefinitions.name }).from(tableDefinitions);
    const tableIds = new Map(tableRows.map((row) => [row.name, row._id]));
    for (const w of missing) {
      const _id = newId();
      await tx.insert(widgets).values({
        _id,
        name: w.name,
        type: w.type,
        script: scriptIds.get(scriptNameOf(w)) ?? null,
        options: w.options ?? {},
        navigation: w.navigation ? { type: w.navigation.type, table: tableIds.get(w.navigation.table) ?? null } : null,
      });
      byName.set(w.name, _id);
    }
  }
  return new Map(wanted.map((w) => [w, byName.get(w.name)!]));
}

async function replaceSupersededCode(db: Database): Promise<void> {
  await replaceSupersededScripts(
    db,
    SUPERSEDED_CODE.map(({ widget, code }) => ({ name: scriptNameOf(widget), code: widget.code ?? '', earlierSha256: [sha256Hex(code)] })),
  );
}
