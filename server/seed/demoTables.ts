import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { roles, scripts, serverSecrets, tableDefinitions, type RoleTable } from '../db/schema';
import { ROLE_NAMES, type RoleName } from '../../common/permissions';
import type { TableType } from '../../common/resources/table';

/** Shared by the table scripts: records by id, and the table flags. */
const HELPERS = `const byId = (entity, fields) => {
  const map = {};
  for (const row of query.list(entity, { fields, limit: 10000 })) map[row._id] = row;
  return map;
};
const flags = { setSupportRowExpand: true, expandCollapseAllRows: true, hidePagination: false, excelExport: true, allowSelection: false, bulkActions: [], customActions: [] };`;

/**
 * The seeded Alerts table's bulk action, run in the browser's sandbox (docs/scripts.md, "Table
 * actions"). Its prompt is titled like the detail view's Resolve ('Resolve 1 alert') and its
 * field is 'Remark': a title repeated as the field's label said nothing more.
 */
const RESOLVE_SELECTED_LINES = [
  "const count = selected.length + (selected.length === 1 ? ' alert' : ' alerts');",
  "const remark = await prompt('Resolve ' + count, { label: 'Remark', required: true, confirmLabel: 'Resolve' });",
  'if (!remark) return;',
  "await http.post('/alert/resolve', { remark, ids: selected.map((alert) => alert._id) });",
  "notify(count + ' resolved', 'success');",
  'refresh();',
];
export const RESOLVE_SELECTED_BODY = RESOLVE_SELECTED_LINES.join('\n');

export const ALERTS_TABLE_CODE = `// Alerts of a period (input.dateRange {start, end}, default the last 30 days); status open, resolved or all.
${HELPERS}
const now = Date.now();
const period = input.dateRange || { start: now - 30 * 86400000, end: now };
const status = ['open', 'resolved', 'all'].includes(input.status) ? input.status : 'open';
const where = { timestamp: { gte: period.start, lte: period.end } };
if (status === 'open') where.resolvedAt = null;
if (status === 'resolved') where.resolvedAt = { ne: null };
const assets = byId('asset', ['name', 'identification']);
const levels = byId('alertLevel', ['name', 'color']);
const alerts = query.list('alert', {
  where,
  fields: ['asset', 'inspection', 'checklist', 'level', 'severityLevel', 'message', 'timestamp', 'resolvedAt', 'resolvedBy', 'remark'],
  orderBy: ['-timestamp'],
  limit: 5000,
});
return {
  name: 'Alerts', keyField: '_id', type: 'alert',
  fields: [
    { heading: 'Level', dataField: 'level' },
    { heading: 'Severity', dataField: 'severityLevel' },
    { heading: 'Asset', dataField: 'assetName' },
    { heading: 'Message', dataField: 'message' },
    { heading: 'Time', dataField: 'timestamp' },
    { heading: 'Resolved', dataField: 'resolvedAt' },
  ],
  filters: [
    { name: 'dateRange', type: 'dateRange', placeholder: 'Period', defaultValue: { start: period.start, end: period.end } },
    // 'All' is this filter's 'no filter' entry: with a default, the screen offers no blank one (docs/scripts.md).
    { name: 'status', type: 'dropdown', options: [{ value: 'open', label: 'Open' }, { value: 'resolved', label: 'Resolved' }, { value: 'all', label: 'All' }], defaultValue: 'open', placeholder: 'Status' },
  ],
  // The level as {name, color}: the screen draws it as a coloured circle (spec §2.5).
  data: alerts.map((a) => ({ ...a, level: levels[a.level] ? { name: levels[a.level].name, color: levels[a.level].color } : null, assetName: (assets[a.asset] || {}).name || '' })),
  sort: { timestamp: 'desc' },
  ...flags,
  allowSelection: true,
  // Runs in the browser's sandbox (docs/scripts.md, "Table actions").
  bulkActions: [{
    name: 'Resolve selected', color: 'primary', clickFunctionName: 'resolveSelected',
    functionBody: [
      ${RESOLVE_SELECTED_LINES.map((line) => JSON.stringify(line)).join(',\n      ')},
    ].join('\\n'),
  }],
};`;

export const INSPECTIONS_TABLE_CODE = `// Inspections of a period (input.dateRange {start, end}, default the last 30 days), newest first.
// Paged here, not in the browser: the screen asks for one page (input.page) with its sort and search,
// so only that page's rows and their names are read, however many inspections there are.
${HELPERS}
const now = Date.now();
const period = input.dateRange || { start: now - 30 * 86400000, end: now };
const page = input.page || { offset: 0, limit: 10, sort: null };
const where = { timestamp: { gte: period.start, lte: period.end } };
const search = typeof input.search === 'string' ? input.search.trim() : '';
if (search) {
  // The search box matches asset names.
  where.asset = { in: query.list('asset', { where: { name: { contains: search } }, fields: ['_id'], limit: 10000 }).map((a) => a._id) };
}
// Only time orders pages here; the screen orders the rows of a page by the other columns.
const ascending = page.sort && page.sort.field === 'timestamp' && page.sort.direction === 'asc';
const inspections = query.list('inspection', {
  where,
  fields: ['asset', 'checklist', 'user', 'timestamp', 'type'],
  orderBy: [ascending ? 'timestamp' : '-timestamp'],
  offset: page.offset,
  limit: page.limit,
});
const namesOf = (entity, ids) => {
  const wanted = [...new Set(ids.filter(Boolean))];
  const map = {};
  if (wanted.length) for (const row of query.list(entity, { where: { _id: { in: wanted } }, fields: ['name'], limit: wanted.length })) map[row._id] = row.name;
  return map;
};
const assets = namesOf('asset', inspections.map((i) => i.asset));
// Thermography engineers read inspections but not checklists: their rows show no checklist name.
const checklists = user.permissions.includes('read-checklist') ? namesOf('checklist', inspections.map((i) => i.checklist)) : {};
const users = namesOf('user', inspections.map((i) => i.user));
return {
  name: 'Inspections', keyField: '_id', type: 'inspection',
  fields: [
    { heading: 'Asset', dataField: 'assetName' },
    { heading: 'Checklist', dataField: 'checklistName' },
    { heading: 'Inspected by', dataField: 'userName' },
    { heading: 'Time', dataField: 'timestamp' },
  ],
  filters: [{ name: 'dateRange', type: 'dateRange', placeholder: 'Period', defaultValue: { start: period.start, end: period.end } }],
  data: inspections.map((i) => ({
    ...i,
    assetName: assets[i.asset] || '',
    checklistName: checklists[i.checklist] || '',
    userName: users[i.user] || '',
  })),
  total: query.count('inspection', { where }),
  sort: { timestamp: 'desc' },
  ...flags,
};`;

export const ASSETS_TABLE_CODE = `// Every current asset (archived ones are left out) with its identification and tags; input.tag narrows to one tag.
${HELPERS}
const where = input.tag ? { tags: input.tag, archivedAt: null } : { archivedAt: null };
const assets = query.list('asset', { where, fields: ['name', 'identification', 'tags'], orderBy: ['name'], limit: 10000 });
const tags = query.list('asset', { where: { archivedAt: null }, fields: ['tags'], limit: 10000 }).reduce((all, a) => all.concat(a.tags || []), []);
return {
  name: 'Assets', keyField: '_id', type: 'asset',
  fields: [
    { heading: 'Name', dataField: 'name' },
    { heading: 'Identification', dataField: 'identification' },
    { heading: 'Tags', dataField: 'tagList' },
  ],
  filters: [{ name: 'tag', type: 'dropdown', options: [...new Set(tags)].sort(), placeholder: 'Tag' }],
  data: assets.map((a) => ({ ...a, tagList: (a.tags || []).join(', ') })),
  sort: { name: 'asc' },
  ...flags,
};`;

export const CHECKLISTS_TABLE_CODE = `// Every current checklist (archived ones are left out) with its frequency and number of items.
${HELPERS}
const checklists = query.list('checklist', { where: { archivedAt: null }, fields: ['name', 'frequency', 'checklistItems'], orderBy: ['name'], limit: 10000 });
return {
  name: 'Checklists', keyField: '_id', type: 'checklist',
  fields: [
    { heading: 'Name', dataField: 'name' },
    { heading: 'Frequency', dataField: 'frequency' },
    { heading: 'Items', dataField: 'itemCount' },
  ],
  filters: [],
  data: checklists.map((c) => ({ _id: c._id, name: c.name, frequency: c.frequency, itemCount: (c.checklistItems || []).length })),
  sort: { name: 'asc' },
  ...flags,
  setSupportRowExpand: false,
  expandCollapseAllRows: false,
};`;

export const REPORTS_TABLE_CODE = `// The reports the user may download, each with its formats (pdf, xls, doc).
${HELPERS}
const reports = query.list('report', { fields: ['name', 'formats'], orderBy: ['name'], limit: 1000 });
return {
  name: 'Reports', keyField: '_id', type: 'report',
  fields: [
    { heading: 'Name', dataField: 'name' },
    { heading: 'Formats', dataField: 'formats' },
  ],
  filters: [],
  data: reports.map((r) => ({ _id: r._id, name: r.name, formats: r.formats })),
  sort: { name: 'asc' },
  ...flags,
  setSupportRowExpand: false,
  expandCollapseAllRows: false,
};`;

export const THERMOGRAPHY_TABLE_CODE = `// Thermography notes of a period (input.dateRange, default the last 90 days) in a status (input.status,
// default every note but the deleted ones), newest first. A row expands into the note editor.
${HELPERS}
const now = Date.now();
const period = input.dateRange || { start: now - 90 * 86400000, end: now };
const STATUS_LABELS = { draft: 'Draft', pendingApproval: 'Pending approval', approved: 'Approved', deleted: 'Deleted' };
const status = ['current', 'draft', 'pendingApproval', 'approved', 'deleted', 'all'].includes(input.status) ? input.status : 'current';
const where = { timestamp: { gte: period.start, lte: period.end } };
if (status === 'current') where.status = { ne: 'deleted' };
else if (status !== 'all') where.status = status;
const notes = query.list('thermographyNote', {
  where,
  fields: ['inspection', 'asset', 'timestamp', 'imageNumber', 'identification', 'status', 'severityLevel', 'ambientTemperature', 'measurements', 'thermalImage', 'realImage'],
  orderBy: ['-timestamp', 'position'],
  limit: 5000,
});
const assets = byId('asset', ['name']);
// Severity chips in the colour of the alert level an approval raises (config entry thermography.severityAlertLevels).
const levels = query.list('alertLevel', { fields: ['name', 'color', 'technicalName', 'rank'], orderBy: ['rank'] });
const setting = query.list('thermographySetting', { where: { key: 'thermography.severityAlertLevels' }, fields: ['value'] })[0];
let mapping = {};
try { mapping = JSON.parse(setting ? setting.value : '{}') || {}; } catch (e) { mapping = {}; }
const colourOf = (severity) => {
  const level = levels.find((l) => l.technicalName === mapping[severity]) || levels[Math.min('ABCD'.indexOf(severity), levels.length - 1)];
  return level ? level.color : undefined;
};
const fileUrl = (id) => (id ? '/api/file/' + id : null);
const maxOf = (n) => ((n.measurements || []).find((m) => m.k === 'Max') || {}).v || '';
return {
  name: 'Thermography Notes', keyField: '_id', type: 'thermography',
  fields: [
    { heading: 'Time', dataField: 'timestamp' },
    { heading: 'Image', dataField: 'imageNumber' },
    { heading: 'Asset', dataField: 'assetName' },
    { heading: 'Identification', dataField: 'identification' },
    { heading: 'Status', dataField: 'statusText' },
    { heading: 'Severity', dataField: 'severityLevel' },
    { heading: 'Max', dataField: 'maxTemperature' },
    { heading: 'Thermal image', dataField: 'thermalImage' },
    { heading: 'Real image', dataField: 'realImage' },
    { heading: 'Download', dataField: 'download' },
  ],
  filters: [
    { name: 'dateRange', type: 'dateRange', placeholder: 'Period', defaultValue: { start: period.start, end: period.end } },
    {
      name: 'status', type: 'dropdown', placeholder: 'Status', defaultValue: 'current',
      options: [{ value: 'current', label: 'All but deleted' }, { value: 'draft', label: 'Draft' }, { value: 'pendingApproval', label: 'Pending approval' }, { value: 'approved', label: 'Approved' }, { value: 'deleted', label: 'Deleted' }, { value: 'all', label: 'All' }],
    },
  ],
  data: notes.map((n) => ({
    _id: n._id,
    inspection: n.inspection,
    asset: n.asset,
    timestamp: n.timestamp,
    imageNumber: n.imageNumber,
    assetName: (assets[n.asset] || {}).name || '',
    identification: n.identification,
    status: n.status,
    statusText: STATUS_LABELS[n.status] || n.status,
    severityLevel: n.severityLevel ? { text: n.severityLevel, color: colourOf(n.severityLevel) } : null,
    maxTemperature: maxOf(n),
    thermalImage: fileUrl(n.thermalImage),
    realImage: fileUrl(n.realImage),
    // The download button fetches the thermal image, the file the camera wrote.
    download: fileUrl(n.thermalImage),
  })),
  sort: { timestamp: 'desc' },
  ...flags,
};`;

export const DEMO_TABLES: readonly { name: string; type: TableType; code: string; description: string }[] = [
  { name: 'Alerts', type: 'alert', code: ALERTS_TABLE_CODE, description: 'Table: alerts of a period (default last 30 days), open, resolved or all.' },
  { name: 'Inspections', type: 'inspection', code: INSPECTIONS_TABLE_CODE, description: 'Table: inspections of a period (default last 30 days).' },
  { name: 'Assets', type: 'asset', code: ASSETS_TABLE_CODE, description: 'Table: assets with identification and tags.' },
  { name: 'Checklists', type: 'checklist', code: CHECKLISTS_TABLE_CODE, description: 'Table: checklists with frequency and item count.' },
  { name: 'Reports', type: 'report', code: REPORTS_TABLE_CODE, description: 'Table: reports with their download formats.' },
  { name: 'Thermography Notes', type: 'thermography', code: THERMOGRAPHY_TABLE_CODE, description: 'Table: thermography notes of a period (default last 90 days) by status.' },
];

/** Demo tables added after the first version: a demo database from before gets them once (ensureLaterDemoTables). */
const LATER_DEMO_TABLES: readonly string[] = ['Thermography Notes'];

/** Which demo tables each demo role lists, in order; each is its role's default of its type. */
export const DEMO_ROLE_TABLES: Partial<Record<RoleName, readonly string[]>> = {
  [ROLE_NAMES.engineer]: ['Alerts', 'Inspections', 'Assets', 'Checklists', 'Reports', 'Thermography Notes'],
  [ROLE_NAMES.superuser]: ['Alerts', 'Inspections', 'Assets', 'Checklists', 'Reports', 'Thermography Notes'],
  [ROLE_NAMES.thermographyEngineer]: ['Alerts', 'Inspections', 'Assets', 'Reports', 'Thermography Notes'],
  [ROLE_NAMES.thermographyEngineerManager]: ['Alerts', 'Inspections', 'Assets', 'Reports', 'Thermography Notes'],
  // Issue 19: the default of the three thermography roles (the technician opens no table screen today).
  [ROLE_NAMES.thermographyTechnician]: ['Thermography Notes'],
};

/**
 * Issue 5: one table per type (asset, alert, inspection, checklist, report) with its script, put
 * on the demo roles that read tables (one default per type). Only while no table of those names
 * exists, so an administrator's changes and deletions stay.
 */
export async function ensureDemoTables(db: Database): Promise<void> {
  const names = DEMO_TABLES.map((t) => t.name);
  const existing = await db.select({ _id: tableDefinitions._id }).from(tableDefinitions).where(inArray(tableDefinitions.name, names)).limit(1);
  if (existing.length > 0) return;
  const scriptNames = DEMO_TABLES.map((t) => `${t.name} table`);
  await db
    .insert(scripts)
    .values(DEMO_TABLES.map((t) => ({ _id: newId(), name: `${t.name} table`, description: t.description, code: t.code })))
    .onConflictDoNothing();
  const scriptRows = await db.select({ _id: scripts._id, name: scripts.name }).from(scripts).where(inArray(scripts.name, scriptNames));
  const scriptIds = new Map(scriptRows.map((row) => [row.name, row._id]));
  const tableIds = new Map(DEMO_TABLES.map((t) => [t.name, newId()]));
  await db
    .insert(tableDefinitions)
    .values(DEMO_TABLES.map((t) => ({ _id: tableIds.get(t.name)!, name: t.name, type: t.type, script: scriptIds.get(`${t.name} table`) ?? null })))
    .onConflictDoNothing();
  for (const [roleName, tableNames] of Object.entries(DEMO_ROLE_TABLES)) {
    const [role] = await db.select({ _id: roles._id, tables: roles.tables }).from(roles).where(eq(roles.name, roleName));
    if (!role || role.tables.length > 0) continue;
    const tables: RoleTable[] = tableNames.map((name) => ({ table: tableIds.get(name)!, default: true }));
    await db.update(roles).set({ tables }).where(eq(roles._id, role._id));
  }
}

const laterTableLedgerKey = (name: string) => `seeded-demo-table:${name}`;

/**
 * A demo database seeded before a table of LATER_DEMO_TABLES existed gets it once: the table and
 * its script, added to the demo roles that list it (as their default of its type when they have
 * none). Recorded in the ledger (server_secrets), so a table an administrator deleted stays deleted.
 * Runs after ensureDemoTables; on a fresh database it only records what that seeded.
 */
export async function ensureLaterDemoTables(db: Database): Promise<void> {
  for (const name of LATER_DEMO_TABLES) {
    const demo = DEMO_TABLES.find((t) => t.name === name)!;
    await db.transaction(async (tx) => {
      const [claimed] = await tx.insert(serverSecrets).values({ key: laterTableLedgerKey(name), value: String(Date.now()) }).onConflictDoNothing().returning();
      if (!claimed) return;
      const [existing] = await tx.select({ _id: tableDefinitions._id }).from(tableDefinitions).where(eq(tableDefinitions.name, name));
      if (existing) return;
      const scriptId = newId();
      await tx.insert(scripts).values({ _id: scriptId, name: `${name} table`, description: demo.description, code: demo.code }).onConflictDoNothing();
      const [script] = await tx.select({ _id: scripts._id }).from(scripts).where(eq(scripts.name, `${name} table`));
      const tableId = newId();
      await tx.insert(tableDefinitions).values({ _id: tableId, name, type: demo.type, script: script?._id ?? null });
      const typeOf = new Map((await tx.select({ _id: tableDefinitions._id, type: tableDefinitions.type }).from(tableDefinitions)).map((t) => [t._id, t.type]));
      for (const [roleName, tableNames] of Object.entries(DEMO_ROLE_TABLES)) {
        if (!tableNames.includes(name)) continue;
        const [role] = await tx.select({ _id: roles._id, tables: roles.tables }).from(roles).where(eq(roles.name, roleName));
        if (!role) continue;
        const hasDefault = role.tables.some((t) => t.default && typeOf.get(t.table) === demo.type);
        await tx.update(roles).set({ tables: [...role.tables, { table: tableId, default: !hasDefault }] }).where(eq(roles._id, role._id));
      }
    });
  }
}
