import { and, asc, eq, gte, lte, ne, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../auth/access';
import type { Database } from '../../db/client';
import { assets, configEntries, inspections, thermographyNotes, users } from '../../db/schema';
import { badRequest, notFound } from '../../http/errors';
import type { DocumentBlock, DocumentCell, DocumentModel, DocumentSection, DocumentTable, DocumentText } from '../../../common/reports/documentModel';
import { SEVERITY_LEVELS, type KeyValue, type ThermographyNoteView } from '../../../common/thermography/note';
import { DELTA_AMBIENT, DELTA_REFERENCE, type StoredTool } from '../../../common/thermography/measurementTools';
import { MIN_LOAD_PERCENT } from '../../../common/thermography/suggestedSeverity';
import { maxTemperatureOf } from '../../../common/thermography/temperatures';
import { SITE_CRITERION_KEY } from './thermographyConfig';
import { noteView } from './noteView';
import { profileChart } from './notePicture';

/**
 * The thermography report (DESIGN §16, issue 43 §4; docs/thermography.md "The report"): a document
 * model for the report machinery — a cover (site, period, thermographers, cameras), the findings
 * by severity and the list of findings; then one section per note, on a page of its own: the
 * painted thermal picture with its tools beside the visible one, the tools' measurements, their
 * ΔT, the conditions and rating (load, criterion, reference, severity) and the observations and
 * recommendations. Deleted notes are left out; the others show their status.
 */

/** More notes than this make a report no one reads and a render too long for a request. */
export const REPORT_MAX_NOTES = 100;
/** Lines whose profile a note's page charts; the others' values are in its measurements table. */
const MAX_PROFILE_CHARTS = 3;

/** NETA MTS's action for each severity (common/thermography/suggestedSeverity.ts). */
export const SEVERITY_ACTIONS: Record<(typeof SEVERITY_LEVELS)[number], string> = {
  A: 'Repair immediately',
  B: 'Monitor until corrective measures can be taken',
  C: 'Repair as time permits',
  D: 'Warrants investigation',
};

const STATUS_NAMES: Record<string, string> = { draft: 'Draft', pendingApproval: 'Pending approval', approved: 'Approved' };
const KIND_NAMES: Record<StoredTool['kind'], string> = { spot: 'spot', box: 'box', line: 'line' };

export type ReportScope = { inspection: string } | { asset: string; from?: number; to?: number } | { from?: number; to?: number };

const approver = alias(users, 'approver');
const reference = alias(thermographyNotes, 'reference_note');

/** The notes a scope covers, with what their views and sections name: asset, people, reference. */
async function notesOf(db: Database, where: SQL) {
  return db
    .select({
      note: thermographyNotes,
      assetName: sql<string | null>`${assets.name}`,
      assetIdentification: sql<string | null>`${assets.identification}`,
      createdByName: sql<string | null>`${users.name}`,
      approvedByName: sql<string | null>`${approver.name}`,
      referenceMeasurements: sql<KeyValue[] | null>`${reference.measurements}`,
      referenceImageNumber: sql<string | null>`${reference.imageNumber}`,
      referenceIdentification: sql<string | null>`${reference.identification}`,
      siteCriterion: sql<string | null>`(select ${configEntries.value} from ${configEntries} where ${configEntries.key} = ${SITE_CRITERION_KEY})`,
    })
    .from(thermographyNotes)
    .leftJoin(assets, eq(assets._id, thermographyNotes.asset))
    .leftJoin(users, eq(users._id, thermographyNotes.createdBy))
    .leftJoin(approver, eq(approver._id, thermographyNotes.approvedBy))
    .leftJoin(reference, eq(reference._id, thermographyNotes.referenceNote))
    .where(and(where, ne(thermographyNotes.status, 'deleted')))
    .orderBy(asc(thermographyNotes.timestamp), asc(thermographyNotes.inspection), asc(thermographyNotes.position))
    .limit(REPORT_MAX_NOTES + 1);
}

type ReportNote = Awaited<ReturnType<typeof notesOf>>[number] & { view: ThermographyNoteView };

const one = (value: number | null) => (value === null || !Number.isFinite(value) ? '' : value.toFixed(1));
const degrees = (value: number | null) => (value === null || !Number.isFinite(value) ? '—' : `${value.toFixed(1)} °C`);
const distinct = (values: readonly (string | null | undefined)[]) => [...new Set(values.filter((v): v is string => Boolean(v && v.trim())))];
const listed = (values: readonly string[]) => (values.length ? values.join(', ') : '—');
const parameter = (note: ReportNote, key: string) => note.view.parameters.find((row) => row.k === key)?.v ?? null;
/** The number a parameter's text starts with ('24.0 °C' → 24), or null. */
const numberIn = (text: string | null): number | null => {
  const value = text === null ? NaN : Number.parseFloat(text);
  return Number.isFinite(value) ? value : null;
};
const noteName = (note: ReportNote) => `Image ${note.note.imageNumber}${note.note.identification ? `: ${note.note.identification}` : ''}`;
const assetLabel = (note: ReportNote) => [note.assetName, note.assetIdentification].filter(Boolean).join(' · ') || note.note.asset;

/** A note's hottest temperature: its hottest tool's when it has tools, else the note's Max. */
function hottestOf(note: ReportNote): number | null {
  const tools = note.view.tools.flatMap((tool) => (tool.reading ? [tool.reading.maxC] : []));
  return tools.length ? Math.max(...tools) : maxTemperatureOf(note.view.measurements);
}

/** The largest ΔT the note records (its tools' rows), else the one its suggestion was read on. */
function largestDeltaT(note: ReportNote): number | null {
  const values = note.view.deltaTs.flatMap((delta) => (delta.valueC === null ? [] : [Math.abs(delta.valueC)]));
  return values.length ? Math.max(...values) : note.view.suggestedSeverity.deltaT;
}

const severityText = (level: string | null) => (level ? `Priority ${level}` : 'Not rated');

function toolName(note: ReportNote, id: string): string {
  if (id === DELTA_AMBIENT) return 'Ambient air';
  if (id === DELTA_REFERENCE) return note.referenceImageNumber ? `Reference, image ${note.referenceImageNumber}` : 'Reference note';
  return note.view.tools.find((tool) => tool.id === id)?.label ?? id;
}

function referenceText(note: ReportNote): string {
  if (!note.note.referenceNote) return 'Ambient air';
  if (!note.referenceImageNumber) return 'A note since deleted';
  return `Image ${note.referenceImageNumber}${note.referenceIdentification ? `: ${note.referenceIdentification}` : ''} of the same asset`;
}

function loadText(loadPercent: number | null): string {
  if (loadPercent === null) return 'Not recorded';
  const shown = `${Number(loadPercent.toFixed(1))} % of rated`;
  return loadPercent < MIN_LOAD_PERCENT ? `${shown} (under the ${MIN_LOAD_PERCENT} % NFPA 70B asks)` : shown;
}

function suggestionText(note: ReportNote): string {
  const suggested = note.view.suggestedSeverity;
  if (suggested.withheld === 'load') return `None: ${suggested.criterionName} asks a load of at least ${MIN_LOAD_PERCENT} %`;
  if (!suggested.level || suggested.deltaT === null) return 'None';
  const over = suggested.basis === 'ambient' ? 'the ambient air' : suggested.basis === 'reference' ? 'the reference' : (suggested.to ?? 'a similar component');
  const on = suggested.from ? `${suggested.from} ` : '';
  return `${severityText(suggested.level)}: ${on}${suggested.deltaT.toFixed(1)} °C over ${over} (${suggested.criterionName})`;
}

/** The tools' measurements (°C), or without tools the note's own rows (Min, Max, Center, as corrected). */
function measurementsTable(note: ReportNote): DocumentTable | null {
  if (note.view.tools.length) {
    return {
      title: 'Measurements',
      columns: ['Tool', 'Emissivity', 'Reflected °C', 'Min °C', 'Max °C', 'Mean °C'],
      rows: note.view.tools.map((tool): DocumentCell[] => [
        `${tool.label} (${KIND_NAMES[tool.kind]})`,
        tool.emissivity ?? numberIn(parameter(note, 'Emissivity')),
        tool.reflectedTemperatureC ?? numberIn(parameter(note, 'Reflected temperature')),
        tool.reading ? one(tool.reading.minC) : 'Outside the picture',
        tool.reading ? one(tool.reading.maxC) : '',
        tool.reading ? one(tool.reading.meanC) : '',
      ]),
    };
  }
  if (!note.view.measurements.length) return null;
  return { title: 'Measurements', columns: ['Measurement', 'Value'], rows: note.view.measurements.map((row) => [row.k, row.v]) };
}

function deltaTable(note: ReportNote): DocumentTable | null {
  if (!note.view.deltaTs.length) return null;
  return {
    title: 'ΔT',
    columns: ['From', 'Over', 'ΔT °C'],
    rows: note.view.deltaTs.map((delta) => [toolName(note, delta.from), toolName(note, delta.to), delta.valueC === null ? 'Unknown' : one(delta.valueC)]),
  };
}

/** Conditions and rating as two pairs of columns a row: half the rows, so a note keeps to its page. */
function conditionsTable(note: ReportNote): DocumentTable {
  const pairs: [string, DocumentCell][] = [
    ['Ambient temperature', degrees(note.note.ambientTemperature)],
    ['Load at the scan', loadText(note.note.loadPercent)],
    ['Criterion', note.view.suggestedSeverity.criterionName],
    ['Reference for ΔT', referenceText(note)],
    ...note.view.parameters.filter((row) => row.k !== 'Date').map((row): [string, DocumentCell] => [row.k, row.v]),
    ['Suggested severity', suggestionText(note)],
    ['Severity', note.note.severityLevel ? `${severityText(note.note.severityLevel)}: ${SEVERITY_ACTIONS[note.note.severityLevel as keyof typeof SEVERITY_ACTIONS] ?? ''}` : 'Not rated'],
    ['Status', STATUS_NAMES[note.note.status] ?? note.note.status],
    ['Thermographer', note.createdByName ?? ''],
  ];
  if (note.note.approvedAt !== null) pairs.push(['Approved by', note.approvedByName ?? ''], ['Approved at', { dateTime: note.note.approvedAt }]);
  const rows: DocumentCell[][] = [];
  for (let i = 0; i < pairs.length; i += 2) rows.push([...pairs[i]!, ...(pairs[i + 1] ?? ['', null])]);
  return { title: 'Conditions and rating', columns: ['Condition', 'Value', 'Condition', 'Value'], rows };
}

function textBlocks(heading: string, entries: readonly { v: string }[]): DocumentBlock[] {
  const items = entries.map((entry) => entry.v.trim()).filter(Boolean);
  return items.length ? [{ heading }, ...items.map((item): DocumentBlock => ({ paragraph: `• ${item}` }))] : [];
}

function thermalCaption(note: ReportNote): string {
  if (!note.view.radiometric) return 'Thermal image as the camera saved it (no temperatures in the file)';
  return note.view.tools.length ? 'Thermal image (iron palette) with its measurement tools' : 'Thermal image (iron palette)';
}

async function noteSection(note: ReportNote): Promise<DocumentSection> {
  const pictures = [
    ...(note.note.thermalImage ? [{ thermographyNote: note.note._id, picture: 'thermal' as const, caption: thermalCaption(note) }] : []),
    ...(note.note.realImage ? [{ thermographyNote: note.note._id, picture: 'real' as const, caption: 'Visible image' }] : []),
  ];
  const blocks: DocumentBlock[] = [];
  if (pictures.length) blocks.push({ images: pictures });
  else blocks.push({ paragraph: 'No pictures were uploaded for this note.' });
  const measurements = measurementsTable(note);
  if (measurements) blocks.push({ table: measurements });
  for (const tool of note.view.tools.filter((each) => each.kind === 'line').slice(0, MAX_PROFILE_CHARTS)) {
    const chart = await profileChart(tool);
    if (chart) blocks.push({ images: [{ dataUrl: `data:image/png;base64,${chart.toString('base64')}`, caption: `${tool.label}: temperature profile` }] });
  }
  const deltas = deltaTable(note);
  if (deltas) blocks.push({ table: deltas });
  blocks.push({ table: conditionsTable(note) });
  if (note.note.note.trim()) blocks.push({ heading: 'Note' }, { paragraph: note.note.note.trim() });
  blocks.push(...textBlocks('Observations', note.note.observations), ...textBlocks('Recommendations', note.note.recommendations));
  const subtitle: DocumentText = [assetLabel(note), ' · ', { dateTime: note.note.timestamp }, ` · ${severityText(note.note.severityLevel)} · ${STATUS_NAMES[note.note.status] ?? note.note.status}`];
  return { title: noteName(note), subtitle, newPage: true, blocks };
}

/** Severity order: A first, unrated last; then by time. */
const severityRank = (level: string | null) => (level ? SEVERITY_LEVELS.indexOf(level as (typeof SEVERITY_LEVELS)[number]) : SEVERITY_LEVELS.length);

function summaryTables(notes: readonly ReportNote[]): DocumentTable[] {
  const bySeverity: DocumentCell[][] = [...SEVERITY_LEVELS, null].map((level) => {
    const found = notes.filter((note) => (note.note.severityLevel ?? null) === level);
    return [severityText(level), level ? SEVERITY_ACTIONS[level] : 'Not yet rated by an engineer', found.length, found.map((note) => note.note.imageNumber).join(', ')];
  });
  const findings = [...notes].sort((a, b) => severityRank(a.note.severityLevel) - severityRank(b.note.severityLevel) || a.note.timestamp - b.note.timestamp);
  return [
    { title: 'Findings by severity', columns: ['Severity', 'Action', 'Findings', 'Images'], rows: bySeverity },
    {
      title: 'Findings',
      columns: ['Image', 'Asset', 'Max °C', 'ΔT °C', 'Severity', 'Status'],
      rows: findings.map((note) => [noteName(note), assetLabel(note), one(hottestOf(note)), one(largestDeltaT(note)), severityText(note.note.severityLevel), STATUS_NAMES[note.note.status] ?? note.note.status]),
    },
  ];
}

/** The notes of a scope, checked: an unknown inspection or asset is 404, more than REPORT_MAX_NOTES is 400 naming the scope. */
async function scopedNotes(db: Database, scope: ReportScope): Promise<{ notes: ReportNote[]; scopeText: DocumentText; siteAsset: string | null; when: DocumentCell[][] }> {
  const period = (from?: number, to?: number): SQL[] => [...(from === undefined ? [] : [gte(thermographyNotes.timestamp, from)]), ...(to === undefined ? [] : [lte(thermographyNotes.timestamp, to)])];
  const periodText = (from?: number, to?: number): DocumentText =>
    from !== undefined && to !== undefined ? [{ dateTime: from }, ' to ', { dateTime: to }] : from !== undefined ? ['From ', { dateTime: from }] : to !== undefined ? ['Up to ', { dateTime: to }] : 'All notes recorded';
  let rows;
  let scopeText: DocumentText;
  let siteAsset: string | null = null;
  let field: string;
  let when: DocumentCell[][];
  if ('inspection' in scope) {
    const [inspection] = await db.select({ _id: inspections._id, type: inspections.type, timestamp: inspections.timestamp }).from(inspections).where(eq(inspections._id, scope.inspection));
    if (!inspection || inspection.type !== 'ThermographyInspection') throw notFound('Thermography inspection not found');
    rows = await notesOf(db, eq(thermographyNotes.inspection, inspection._id));
    scopeText = ['Inspection of ', { dateTime: inspection.timestamp }];
    field = 'inspection';
    when = [['Inspected', { dateTime: inspection.timestamp }]];
  } else if ('asset' in scope) {
    const [asset] = await db.select({ _id: assets._id, name: assets.name }).from(assets).where(eq(assets._id, scope.asset));
    if (!asset) throw notFound('Asset not found');
    rows = await notesOf(db, and(eq(thermographyNotes.asset, asset._id), ...period(scope.from, scope.to)) as SQL);
    scopeText = periodText(scope.from, scope.to);
    siteAsset = asset.name;
    field = scope.from === undefined ? 'asset' : 'from';
  } else {
    rows = await notesOf(db, and(sql`true`, ...period(scope.from, scope.to)) as SQL);
    scopeText = periodText(scope.from, scope.to);
    field = 'from';
  }
  if (rows.length > REPORT_MAX_NOTES) {
    throw badRequest(field, `${field}: a thermography report holds at most ${REPORT_MAX_NOTES} notes, and this one would hold more; choose a shorter period (from, to) or one inspection`);
  }
  if (!('inspection' in scope)) {
    // A period open at one end shows where its notes start or end.
    const from = scope.from ?? rows[0]?.note.timestamp;
    const to = scope.to ?? rows[rows.length - 1]?.note.timestamp;
    when = [
      ['From', from === undefined ? '—' : { dateTime: from }],
      ['To', to === undefined ? '—' : { dateTime: to }],
    ];
  }
  return { notes: rows.map((row) => ({ ...row, view: noteView(row) })), scopeText, siteAsset, when: when! };
}

/** The report's document model for `scope`, as `user` asked for it. */
export async function thermographyReportModel(db: Database, user: AuthUser, scope: ReportScope): Promise<DocumentModel> {
  const { notes, scopeText, siteAsset, when } = await scopedNotes(db, scope);
  const [site] = await db.select({ value: configEntries.value }).from(configEntries).where(eq(configEntries.key, 'applicationName'));
  const approved = notes.filter((note) => note.note.status === 'approved').length;
  const assetNames = distinct(notes.map(assetLabel));
  const cover: DocumentCell[][] = [
    ['Site', site?.value ?? ''],
    [siteAsset === null ? 'Assets' : 'Asset', siteAsset ?? (assetNames.length > 5 ? `${assetNames.length} assets` : listed(assetNames))],
    ...when,
    ['Thermographers', listed(distinct(notes.map((note) => note.createdByName)))],
    ['Approved by', listed(distinct(notes.map((note) => note.approvedByName)))],
    ['Cameras', listed(distinct(notes.map((note) => parameter(note, 'Camera model'))))],
    ['Criteria', listed(distinct(notes.map((note) => note.view.suggestedSeverity.criterionName)))],
    ['Notes', `${notes.length}: ${approved} approved, ${notes.length - approved} not yet approved`],
    ['Prepared for', user.name],
  ];
  // Each section's profile charts are drawn on sharp's threads: all notes at once.
  const sections = await Promise.all(notes.map(noteSection));
  return {
    title: 'Thermography report',
    subtitle: siteAsset ? [`${siteAsset}: `, ...(typeof scopeText === 'string' ? [scopeText] : scopeText)] : scopeText,
    paragraphs: notes.length
      ? ['Temperatures are read from each picture’s radiometric data with its recorded emissivity, reflected and atmospheric temperature, distance and humidity; a tool with its own emissivity or reflected temperature is read with them. Severity A is the most urgent, D the least.']
      : ['No thermography notes were recorded in this period.'],
    tables: [{ title: 'Survey', columns: ['Survey', 'Details'], rows: cover }, ...(notes.length ? summaryTables(notes) : [])],
    sections,
  };
}
