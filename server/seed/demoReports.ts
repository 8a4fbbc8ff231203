import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { reports, scripts } from '../db/schema';
import { REPORT_FORMATS } from '../../common/resources/report';
import { replaceSupersededScripts } from './supersededScripts';

/** Shared by both scripts: records by id, for their names. */
const HELPERS = `const namesOf = (entity, fields) => {
  const byId = {};
  for (const row of query.list(entity, { fields, limit: 10000 })) byId[row._id] = row;
  return byId;
};`;

/**
 * How many of the period's inspections the summary lists (issue 40 §8): the latest, about a page.
 * A summary that listed the whole period ran to 13 pages; every inspection is in the Inspections
 * table, which filters and exports them.
 */
export const SUMMARY_LATEST_INSPECTIONS = 20;

/** What the summary calls inspections without a checklist (thermography surveys, spec §3). */
export const THERMOGRAPHY_LABEL = 'Thermography';

export const INSPECTION_SUMMARY_CODE = `// Inspections of a period: input.dateRange "start|end" (epoch ms), else the last 30 days.
// Times are { dateTime: ms }: the server shows them in the requester's time zone and says which.
${HELPERS}
const [from, to] = String(input.dateRange || '').split('|').map(Number);
const start = from && to ? Math.min(from, to) : Date.now() - 30 * 86400000;
const end = from && to ? Math.max(from, to) : Date.now();
const where = { timestamp: { gte: start, lte: end } };
// Thermography inspections have no checklist: they are counted, and named, as a kind of their own.
const THERMOGRAPHY = 'ThermographyInspection';
const THERMOGRAPHY_LABEL = '${THERMOGRAPHY_LABEL}';
// The latest of the period, not all of them: the Inspections table lists every one.
const LATEST = ${SUMMARY_LATEST_INSPECTIONS};
const assets = namesOf('asset', ['_id', 'name', 'identification']);
const checklists = namesOf('checklist', ['_id', 'name']);
const checklistName = (id) => (checklists[id] || {}).name || id;
const total = query.count('inspection', { where });
const alerts = query.count('alert', { where });
const byChecklist = query.groupBy('inspection', { by: 'checklist', where: { ...where, type: null } }).map((g) => [checklistName(g.key), g.count]);
const thermography = query.count('inspection', { where: { ...where, type: THERMOGRAPHY } });
if (thermography > 0) byChecklist.push([THERMOGRAPHY_LABEL, thermography]);
byChecklist.sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
const byAsset = query.groupBy('inspection', { by: 'asset', where, limit: 25 });
const latest = query.list('inspection', { where, fields: ['timestamp', 'asset', 'checklist', 'type'], orderBy: ['-timestamp'], limit: LATEST });
return {
  title: 'Inspection summary',
  subtitle: [{ dateTime: start }, ' to ', { dateTime: end }],
  paragraphs: [
    total + ' inspections were recorded in the period; they raised ' + alerts + ' alerts.',
    'Prepared for ' + user.name + '.',
  ],
  tables: [
    { title: 'By checklist', columns: ['Checklist', 'Inspections'], rows: byChecklist },
    {
      title: 'Most inspected assets',
      columns: ['Asset', 'Identification', 'Inspections'],
      rows: byAsset.map((g) => [(assets[g.key] || {}).name || g.key, (assets[g.key] || {}).identification || '', g.count]),
    },
    {
      title: latest.length < total ? 'Latest ' + latest.length + ' of ' + total + ' inspections' : 'Latest inspections',
      columns: ['Timestamp', 'Asset', 'Identification', 'Checklist'],
      rows: latest.map((i) => [
        { dateTime: i.timestamp },
        (assets[i.asset] || {}).name || i.asset,
        (assets[i.asset] || {}).identification || '',
        i.type === THERMOGRAPHY ? THERMOGRAPHY_LABEL : checklistName(i.checklist),
      ]),
    },
  ],
};`;

export const OPEN_ALERTS_BY_ASSET_CODE = `// Alerts not yet resolved, counted per asset, then listed newest first.
// Times are { dateTime: ms }: the server shows them in the requester's time zone and says which.
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
  subtitle: ['As of ', { dateTime: Date.now() }],
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
      rows: alerts.map((a) => [{ dateTime: a.timestamp }, (assets[a.asset] || {}).name || a.asset, (levels[a.level] || {}).name || a.level, plain(a.message)]),
    },
  ],
};`;

/**
 * The codes earlier versions seeded (SHA-256): a demo database still holding one gets the code
 * above (supersededScripts.ts) — times typed for the requester's zone, thermography named, the
 * latest inspections bounded (issue 40 §8) — unless an administrator has edited it.
 */
const EARLIER_CODE_SHA256: Record<string, readonly string[]> = {
  'Inspection summary': ['d5c47ec07ced2c2ce4f3708d5cc153be174e361d57261387468bedf38b4abdbb'],
  'Open alerts by asset': [
    'a02e39a9010a80147e96d19577aa0936d657d10562b8f832fdebd64e0f30de67',
    'b03847a79f8f6b641c29fe113a8fe158dd3e90a7ccd170fa86445874a3c5c896',
  ],
};

const DEMO_REPORTS = [
  { name: 'Inspection summary', description: 'Report: inspections of a period (filter dateRange "start|end"), by checklist and asset.', code: INSPECTION_SUMMARY_CODE },
  { name: 'Open alerts by asset', description: 'Report: unresolved alerts counted per asset and listed newest first.', code: OPEN_ALERTS_BY_ASSET_CODE },
] as const;

/**
 * Issue 5: the demo's two reports, each with its script and every format. Only while there are
 * no reports at all, so an administrator's deletions stay deleted; a demo database from before
 * gets the current code of the scripts nobody edited.
 */
export async function ensureDemoReports(db: Database): Promise<void> {
  const [existing] = await db.select({ n: sql<number>`count(*)::int` }).from(reports);
  if ((existing?.n ?? 0) > 0) {
    await replaceSupersededScripts(db, DEMO_REPORTS.map(({ name, code }) => ({ name, code, earlierSha256: EARLIER_CODE_SHA256[name] ?? [] })));
    return;
  }
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
