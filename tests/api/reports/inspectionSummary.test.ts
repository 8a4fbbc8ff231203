import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, expectError, type Doc } from '../administration/adminApi';
import { inspections, scripts, users } from '../../../server/db/schema';
import { newId } from '../../../server/db/ids';
import { seedDatabase } from '../../../server/seed/seed';
import { pdfTexts } from './pdfText';
import { pdfPageCount } from './zipEntries';

/**
 * Issue 40 §8, what a plant lead noticed in the seeded 'Inspection summary': a "(blank)" row and
 * blank Checklist cells for thermography inspections, 13 pages of latest inspections, times in UTC
 * unlike the app, and Excel times stored as text in narrow columns.
 *
 * Hand-kept: Asia/Kolkata is UTC+05:30 all year. The records are this file's own, in 2020, where
 * the demo history (the last 90 days) has none.
 */
const ZONE = 'Asia/Kolkata';
const PERIOD = { start: Date.UTC(2020, 2, 10, 0, 0), end: Date.UTC(2020, 2, 11, 0, 0) };
const PERIOD_SHOWN = '2020/03/10 05:30 AM to 2020/03/11 05:30 AM';
const ROUND_AT = Date.UTC(2020, 2, 10, 6, 30); // 2020/03/10 12:00 PM in Kolkata
const SURVEY_AT = Date.UTC(2020, 2, 10, 20, 0); // 2020/03/11 01:30 AM in Kolkata: the next day there
const ZONE_NOTE = 'Times are in the Asia/Kolkata time zone.';
/** A later period holding more inspections than the summary lists. */
const BUSY_PERIOD = { start: Date.UTC(2020, 3, 1), end: Date.UTC(2020, 3, 2) };
const BUSY_COUNT = 25;
const LISTED = 20;

const CHECKLIST = 'Test summary round';
const ASSET = 'Test summary pump';
const IDENTIFICATION = 'TST-SUMMARY-1';

let t: TestApp;
let api: ReturnType<typeof adminApi>;
let reportId: string;

const download = (query: string, as = 'engineer') => t.request({ as, method: 'GET', url: `/api/report/${reportId}/download?${query}` });
const period = ({ start, end }: { start: number; end: number }) => `dateRange=${start}%7C${end}`;

async function workbookOf(query: string): Promise<ExcelJS.Workbook> {
  const response = await download(`reportFormat=xls&${query}`);
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
  return workbook;
}

const rowsOf = (sheet: ExcelJS.Worksheet) => sheet.getSheetValues().slice(1).map((row) => (Array.isArray(row) ? row.slice(1) : []));

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
  const { db } = t.app.services;
  const reading = await api.create('attribute', { name: 'Test summary reading', type: 'number' });
  const checklist = await api.create('checklist', { name: CHECKLIST, checklistItems: [{ attribute: reading._id, sequenceId: 1, showMandatoryIndicator: false }] });
  const asset = await api.create('asset', { name: ASSET, identification: IDENTIFICATION, checklists: [checklist._id] });
  const submitted = await t.request({
    as: 'technician',
    method: 'POST',
    url: `/api/inspection?assetId=${asset._id}&timestamp=${ROUND_AT}`,
    payload: { inspectionData: { [checklist._id]: { [reading._id]: 4 } } },
  });
  expect(submitted.statusCode, submitted.body).toBe(200);
  // A thermography survey of the asset: an inspection without a checklist (spec §3).
  const [thermographer] = await db.select({ _id: users._id }).from(users).where(eq(users.username, 'thermo.tech'));
  const survey = (timestamp: number) => ({ _id: newId(), timestamp, user: thermographer!._id, checklist: null, asset: asset._id, type: 'ThermographyInspection', createdAt: timestamp });
  await db.insert(inspections).values(survey(SURVEY_AT));
  await db.insert(inspections).values(Array.from({ length: BUSY_COUNT }, (_, i) => survey(BUSY_PERIOD.start + (i + 1) * 60_000)));
  reportId = (await api.list('report', { fields: 'name' })).find((r: Doc) => r.name === 'Inspection summary')!._id;
});
afterAll(() => t.close());

describe("the seeded 'Inspection summary' (issue 40 §8)", () => {
  it('PDF: thermography named, no "(blank)", the period and times in the requested zone, and the zone stated', async () => {
    const response = await download(`reportFormat=pdf&timeZone=${encodeURIComponent(ZONE)}&${period(PERIOD)}`);
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const texts = pdfTexts(response.rawPayload);
    expect(texts).toContain(PERIOD_SHOWN);
    expect(texts).toContain(ZONE_NOTE);
    expect(texts).toContain('2 inspections were recorded in the period; they raised 0 alerts.');
    expect(texts).toEqual(expect.arrayContaining([CHECKLIST, 'Thermography', '2020/03/10 12:00 PM', '2020/03/11 01:30 AM']));
    expect(texts.filter((text) => /blank|UTC/i.test(text))).toEqual([]);
  });

  it('XLSX: a named row per kind, dates as Excel dates of the zone with a date format, columns as wide as their content', async () => {
    const workbook = await workbookOf(`timeZone=${encodeURIComponent(ZONE)}&${period(PERIOD)}`);
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getCell('A2').value).toBe(PERIOD_SHOWN);
    expect(summary.getCell('A3').value).toBe(ZONE_NOTE);

    expect(rowsOf(workbook.getWorksheet('By checklist')!)).toEqual([
      ['Checklist', 'Inspections'],
      [CHECKLIST, 1],
      ['Thermography', 1],
    ]);

    const latest = workbook.getWorksheet('Latest inspections')!;
    expect(rowsOf(latest)).toEqual([
      ['Timestamp', 'Asset', 'Identification', 'Checklist'],
      // Excel dates hold the wall clock of the zone (exceljs reads it back as a UTC date).
      [new Date('2020-03-11T01:30:00Z'), ASSET, IDENTIFICATION, 'Thermography'],
      [new Date('2020-03-10T12:00:00Z'), ASSET, IDENTIFICATION, CHECKLIST],
    ]);
    expect(latest.getCell('A2').numFmt).toBe('yyyy/mm/dd hh:mm AM/PM');
    expect(latest.getCell('A3').numFmt).toBe('yyyy/mm/dd hh:mm AM/PM');
    // The widest shown text plus 2 (the filter button): '2020/03/11 01:30 AM', the asset's name, the checklist's.
    expect([1, 2, 3, 4].map((column) => latest.getColumn(column).width)).toEqual([21, ASSET.length + 2, 'Identification'.length + 2, CHECKLIST.length + 2]);
  });

  it(`lists the latest ${LISTED} of a busy period, saying so, and keeps the default month to two pages`, async () => {
    const workbook = await workbookOf(`timeZone=UTC&${period(BUSY_PERIOD)}`);
    const latest = workbook.getWorksheet(`Latest ${LISTED} of ${BUSY_COUNT} inspections`)!;
    expect(latest.rowCount).toBe(1 + LISTED);
    // Newest first: the 25th survey, at 00:25 UTC.
    expect(latest.getCell('A2').value).toEqual(new Date('2020-04-01T00:25:00Z'));
    expect(latest.getCell(`A${1 + LISTED}`).value).toEqual(new Date('2020-04-01T00:06:00Z'));

    // The demo's last 30 days hold hundreds of inspections: they ran to 13 pages.
    const month = await download('reportFormat=pdf&timeZone=UTC');
    expect(month.statusCode).toBe(200);
    expect(pdfPageCount(month.rawPayload)).toBeLessThanOrEqual(2);
  });

  it('states UTC when the request names no zone, and refuses a zone that is none, naming timeZone', async () => {
    const texts = pdfTexts((await download(`reportFormat=pdf&${period(PERIOD)}`)).rawPayload);
    expect(texts).toContain('Times are in the UTC time zone.');
    expect(texts).toContain('2020/03/10 12:00 AM to 2020/03/11 12:00 AM');
    expect(texts).toContain('2020/03/10 08:00 PM');
    expectError(await download('reportFormat=pdf&timeZone=Mars%2FOlympus'), 400, 'timeZone');
  });

  it('reaches a demo database seeded by an earlier version, unless an administrator edited the script', async () => {
    const { db } = t.app.services;
    const byName = eq(scripts.name, 'Inspection summary');
    const earlier = readFileSync(new URL('./fixtures/inspectionSummary.earlier.txt', import.meta.url), 'utf8');
    await db.update(scripts).set({ code: earlier }).where(byName);
    expect(pdfTexts((await download(`reportFormat=pdf&timeZone=UTC&${period(PERIOD)}`)).rawPayload)).toContain('2020-03-10 00:00 UTC to 2020-03-11 00:00 UTC');

    await seedDatabase(db, t.config);
    const texts = pdfTexts((await download(`reportFormat=pdf&timeZone=${encodeURIComponent(ZONE)}&${period(PERIOD)}`)).rawPayload);
    expect(texts).toContain(PERIOD_SHOWN);
    expect(texts).toContain('Thermography');

    const edited = `${earlier}\n// Our own: kept as it is.`;
    await db.update(scripts).set({ code: edited }).where(byName);
    await seedDatabase(db, t.config);
    const [kept] = await db.select({ code: scripts.code }).from(scripts).where(byName);
    expect(kept?.code).toBe(edited);
  });
});
