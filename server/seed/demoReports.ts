import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { reports, scripts } from '../db/schema';
import { REPORT_FORMATS } from '../../common/resources/report';

/** Shared by both scripts: epoch ms as 'YYYY-MM-DD HH:MM' (UTC), names by id. */
const HELPERS = `const when = (ms) => (typeof ms === 'number' ? new Date(ms).toISOString().slice(0, 16).replace('T', ' ') + ' UTC' : '');
const namesOf = (entity, fields) => {
  const byId = {};
  for (const row of query.list(entity, { fields, limit: 10000 })) byId[row._id] = row;
  return byId;
};`;

export const INSPECTION_SUMMARY_CODE = `// Inspections of a period: input.dateRange "start|end" (epoch ms), else the last 30 days.
${HELPERS}
const [from, to] = String(input.dateRange || '').split('|').map(Number);
const start = from && to ? Math.min(from, to) : Date.now() - 30 * 86400000;
const end = from && to ? Math.max(from, to) : Date.now();
const where = { timestamp: { gte: start, lte: end } };
const assets = namesOf('asset', ['_id', 'name', 'identification']);
const checklists = namesOf('checklist', ['_id', 'name']);
const total = query.count('inspection', { where });
const alerts = query.count('alert', { where });
const byChecklist = query.groupBy('inspection', { by: 'checklist', where });
const byAsset = query.groupBy('inspection', { by: 'asset', where, limit: 25 });
const latest = query.list('inspection', { where, fields: ['timestamp', 'asset', 'checklist'], orderBy: ['-timestamp'], limit: 1000 });
return {
  title: 'Inspection summary',
  subtitle: when(start) + ' to ' + when(end),
  paragraphs: [
    total + ' inspections were recorded in the period; they raised ' + alerts + ' alerts.',
    'Prepared for ' + user.name + '.',
  ],
  tables: [
    { title: 'By checklist', columns: ['Checklist', 'Inspections'], rows: byChecklist.map((g) => [(checklists[g.key] || {}).name || g.key, g.count]) },
    {
      title: 'Most inspected assets',
      columns: ['Asset', 'Identification', 'Inspections'],
      rows: byAsset.map((g) => [(assets[g.key] || {}).name || g.key, (assets[g.key] || {}).identification || '', g.count]),
    },
    {
      title: 'Latest inspections',
      columns: ['Timestamp', 'Asset', 'Identification', 'Checklist'],
      rows: latest.map((i) => [when(i.timestamp), (assets[i.asset] || {}).name || i.asset, (assets[i.asset] || {}).identification || '', (checklists[i.checklist] || {}).name || i.checklist]),
    },
  ],
};`;

export const OPEN_ALERTS_BY_ASSET_CODE = `// Alerts not yet resolved, counted per asset, then listed newest first.
${HELPERS}
const open = { resolvedAt: null };
const assets = namesOf('asset', ['_id', 'name', 'identification']);
const levels = namesOf('alertLevel', ['_id', 'name']);
const total = query.count('alert', { where: open });
const perAsset = query.groupBy('alert', { by: 'asset', where: open });
const alerts = query.list('alert', { where: open, fields: ['timestamp', 'asset', 'level', 'message'], orderBy: ['-timestamp'], limit: 2000 });
// Alert messages are HTML. A tag inside a line (<strong>) goes without a trace, so 'is <strong>7.6</strong>,'
// reads 'is 7.6,' and not 'is 7.6 ,'; one that ends a block or a line leaves a space.
const BLOCK_TAG = /<\\/?(p|div|br|li|ul|ol|tr|td|th|h[1-6]|table)\\b[^>]*>/gi;
const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };
const plain = (html) => String(html || '')
  .replace(BLOCK_TAG, ' ')
  .replace(/<[^>]*>/g, '')
  .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name) => ENTITIES[name])
  .replace(/\\s+/g, ' ')
  .trim();
return {
  title: 'Open alerts by asset',
  subtitle: 'As of ' + when(Date.now()),
  paragraphs: [total + ' alerts are open on ' + perAsset.length + ' assets.'],
  tables: [
    {
      title: 'Open alerts per asset',
      columns: ['Asset', 'Identification', 'Open alerts'],
      rows: perAsset.map((g) => [(assets[g.key] || {}).name || g.key, (assets[g.key] || {}).identification || '', g.count]),
    },
    {
      title: 'Open alerts',
      columns: ['Timestamp', 'Asset', 'Level', 'Message'],
      rows: alerts.map((a) => [when(a.timestamp), (assets[a.asset] || {}).name || a.asset, (levels[a.level] || {}).name || a.level, plain(a.message)]),
    },
  ],
};`;

const DEMO_REPORTS = [
  { name: 'Inspection summary', description: 'Report: inspections of a period (filter dateRange "start|end"), by checklist and asset.', code: INSPECTION_SUMMARY_CODE },
  { name: 'Open alerts by asset', description: 'Report: unresolved alerts counted per asset and listed newest first.', code: OPEN_ALERTS_BY_ASSET_CODE },
] as const;

/**
 * Issue 5: the demo's two reports, each with its script and every format. Only while there are
 * no reports at all, so an administrator's deletions stay deleted.
 */
export async function ensureDemoReports(db: Database): Promise<void> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(reports);
  if ((existing?.n ?? 0) > 0) return;
  const names = DEMO_REPORTS.map((r) => r.name);
  await db
    .insert(scripts)
    .values(DEMO_REPORTS.map(({ name, description, code }) => ({ _id: newId(), name, description, code })))
    .onConflictDoNothing();
  const rows = await db.select({ _id: scripts._id, name: scripts.name }).from(scripts).where(inArray(scripts.name, names));
  const scriptIds = new Map(rows.map((row) => [row.name, row._id]));
  await db
    .insert(reports)
    .values(DEMO_REPORTS.map(({ name }) => ({ _id: newId(), name, formats: [...REPORT_FORMATS], script: scriptIds.get(name) ?? null })))
    .onConflictDoNothing();
}
