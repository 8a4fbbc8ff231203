import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { adminApi, expectError, ok, orderOf, type Doc } from '../administration/adminApi';
import { pdfTexts } from './pdfText';
import { pdfPageCount, zipEntries } from './zipEntries';
import { DEMO_USERS } from '../../../server/seed/demoUsers';

const ENGINEER_NAME = DEMO_USERS.find((u) => u.username === 'engineer')!.name;

let t: TestApp;
let api: ReturnType<typeof adminApi>;

beforeAll(async () => {
  t = await createTestApp();
  api = adminApi(t);
});
afterAll(() => t.close());

const ROWS_SCRIPT = `const n = Number(input.rows || 3);
const rows = [];
for (let i = 0; i < n; i++) rows.push(['Row ' + i, i, i % 2 === 0]);
return { title: 'Rows for ' + user.name, paragraphs: ['Filter site: ' + (input.site || 'all')], tables: [{ title: 'Rows', columns: ['Name', 'Number', 'Even'], rows }] };`;

const download = (id: string, query: string, as = 'admin') => t.request({ as, method: 'GET', url: `/api/report/${id}/download?${query}` });

async function reportWith(name: string, code: string, formats = ['pdf', 'xls', 'doc']): Promise<Doc> {
  const script = await api.create('script', { name: `${name} script`, code });
  return api.create('report', { name, formats, script: script._id });
}

describe('report records', () => {
  it('creates a report from a name with every format and no script; lists and reads it', async () => {
    const created = await api.create('report', { name: 'Test weekly' });
    expect(created).toMatchObject({ name: 'Test weekly', formats: ['pdf', 'xls', 'doc'], script: null });
    expect(await api.read('report', created._id)).toMatchObject({ name: 'Test weekly' });
    const list = await api.list('report', { fields: 'name,formats,script' });
    expect(orderOf(list, ['Test weekly', 'Inspection summary', 'Open alerts by asset'])).toEqual(['Inspection summary', 'Open alerts by asset', 'Test weekly']);
  });

  it('updates formats (kept in pdf, xls, doc order) and the script; refuses bad input naming the field', async () => {
    const script = await api.create('script', { name: 'Test report script', code: 'return { title: "x" };' });
    const created = await api.create('report', { name: 'Test monthly' });
    const saved = ok<Doc>(await api.put(`/report/${created._id}`, { formats: ['doc', 'pdf'], script: script._id }));
    expect(saved).toMatchObject({ name: 'Test monthly', formats: ['pdf', 'doc'], script: script._id });
    expectError(await api.put(`/report/${created._id}`, { formats: ['pdf', 'csv'] }), 400, 'formats[1]');
    expectError(await api.put(`/report/${created._id}`, { formats: ['pdf', 'pdf'] }), 400, 'formats');
    expectError(await api.put(`/report/${created._id}`, { script: 'no-such-script' }), 400, 'script');
    expectError(await api.post('/report', { name: ' ' }), 400, 'name');
    expectError(await api.post('/report', { name: 'Test other', colour: 'red' }), 400, 'colour');
    expect(expectError(await api.post('/report', { name: 'TEST MONTHLY' }), 409).message).toBe('Report with the name "TEST MONTHLY" already exists');
    expect(await api.read('report', created._id)).toMatchObject({ formats: ['pdf', 'doc'], script: script._id });
  });

  it('keeps a script a report uses: deleting it answers 409 naming the report', async () => {
    const report = await reportWith('Test guarded report', 'return { title: "x" };');
    const refused = expectError(await api.del(`/script/${report.script}`), 409);
    expect(refused.message).toContain('report Test guarded report');
    ok(await api.del(`/report/${report._id}`));
    ok(await api.del(`/script/${report.script}`));
  });

  it('lets read-report read, manage-report write; a technician gets 403 everywhere', async () => {
    const report = await api.create('report', { name: 'Test guarded' });
    expect((await api.list('report', {}, 'engineer')).map((r) => r.name)).toContain('Test guarded');
    ok(await api.get(`/report/${report._id}`, 'engineer'));
    expectError(await api.post('/report', { name: 'Test sneaky' }, 'engineer'), 403);
    expectError(await api.put(`/report/${report._id}`, { formats: [] }, 'engineer'), 403);
    expectError(await api.get('/report', 'technician'), 403);
    expectError(await api.post('/report', { name: 'Test sneaky' }, 'technician'), 403);
    expectError(await api.put(`/report/${report._id}`, { formats: [] }, 'technician'), 403);
    expectError(await api.del(`/report/${report._id}`, 'technician'), 403);
    expectError(await download(report._id, 'reportFormat=pdf', 'technician'), 403);
    expect(await api.read('report', report._id)).toMatchObject({ formats: ['pdf', 'xls', 'doc'] });
  });
});

describe('GET /report/{id}/download', () => {
  let report: Doc;
  beforeAll(async () => {
    report = await reportWith('Test rows', ROWS_SCRIPT);
  });

  it('PDF: application/pdf, attachment named after the report, pages', async () => {
    const response = await download(report._id, 'reportFormat=pdf&rows=120', 'engineer');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Test rows.pdf"');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const pdf = response.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(3);
  });

  it('XLSX: opens with exceljs and holds the rows the script built from the filters', async () => {
    const response = await download(report._id, 'reportFormat=xls&rows=25&site=North', 'engineer');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Test rows.xlsx"');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getCell('A1').value).toBe(`Rows for ${ENGINEER_NAME}`);
    expect(summary.getCell('A3').value).toBe('Filter site: North');
    const sheet = workbook.getWorksheet('Rows')!;
    expect(sheet.rowCount).toBe(26);
    expect(sheet.getRow(26).values).toEqual([undefined, 'Row 24', 24, true]);
  });

  it('DOCX: a zip whose word/document.xml holds the title', async () => {
    const response = await download(report._id, 'reportFormat=doc');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(response.headers['content-disposition']).toBe('attachment; filename="Test rows.docx"');
    const xml = zipEntries(response.rawPayload).get('word/document.xml')?.toString('utf8') ?? '';
    expect(xml).toMatch(/Rows for /);
    expect(xml).toContain('Row 2');
  });

  it('names a non-ASCII report safely, with filename* for the exact name', async () => {
    const special = await reportWith('Prüfbericht "Nord"/Süd', 'return { title: "x" };', ['pdf']);
    const response = await download(special._id, 'reportFormat=pdf');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Pr_fbericht _Nord_S_d.pdf"; filename*=UTF-8''Pr%C3%BCfbericht%20_Nord_S%C3%BCd.pdf`);
  });

  it('answers 400 naming reportFormat for a missing, unknown or not offered format', async () => {
    expectError(await download(report._id, ''), 400, 'reportFormat');
    expectError(await download(report._id, 'reportFormat=csv'), 400, 'reportFormat');
    const pdfOnly = await reportWith('Test pdf only', 'return { title: "x" };', ['pdf']);
    expect(expectError(await download(pdfOnly._id, 'reportFormat=doc'), 400, 'reportFormat').message).toContain('Test pdf only');
  });

  it('answers 400 for a report without a script and 404 for an unknown report', async () => {
    const bare = await api.create('report', { name: 'Test no script' });
    expectError(await download(bare._id, 'reportFormat=pdf'), 400, 'script');
    expectError(await download('no-such-report', 'reportFormat=pdf'), 404);
  });

  it('answers 422 naming the problem of a bad document model or a failing script', async () => {
    const bad = await reportWith('Test bad model', 'return { title: "x", tables: [{ columns: ["a", "b"], rows: [[1]] }] };');
    expect(expectError(await download(bad._id, 'reportFormat=pdf'), 422, 'script').message).toContain('tables[0].rows[0] has 1 cells, but columns has 2');
    const throws = await reportWith('Test throwing', '\nthrow new Error("no data");');
    const thrown = expectError(await download(throws._id, 'reportFormat=xls'), 422);
    expect(thrown.message).toBe('Error: no data (line 2)');
    expect(thrown.errors).toEqual({ script: thrown.message });
    const image = await reportWith('Test bad image', 'return { title: "x", images: [{ fileId: "missing" }] };');
    expect(expectError(await download(image._id, 'reportFormat=doc'), 422, 'script').message).toContain('images[0].fileId');
  });

  it('renders 10,000 rows off the event loop: other requests answer meanwhile', async () => {
    let downloaded = false;
    const big = download(report._id, 'reportFormat=pdf&rows=10000').then((response) => {
      downloaded = true;
      return response;
    });
    // Asked again and again while the download is pending: a rendering that held the event loop
    // would let at most one of them through before it finished.
    let answeredWhileRendering = 0;
    while (!downloaded) {
      const list = await api.get('/report?fields=name');
      expect(list.statusCode).toBe(200);
      if (!downloaded) answeredWhileRendering++;
      // An in-memory database answers in microtasks: yield once so the worker's answer can arrive.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(answeredWhileRendering).toBeGreaterThanOrEqual(3);
    const response = await big;
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    expect(pdfPageCount(response.rawPayload)).toBeGreaterThan(200);
  });

  it('answers 504 when the script runs out of time', async () => {
    const loops = await reportWith('Test loop', 'for (;;) {}');
    expectError(await download(loops._id, 'reportFormat=pdf'), 504);
  });

  it('renders the seeded reports in every format', async () => {
    const seeded = await api.list('report', { fields: 'name,formats,script' });
    for (const name of ['Inspection summary', 'Open alerts by asset']) {
      const row = seeded.find((r) => r.name === name)!;
      expect(row.formats).toEqual(['pdf', 'xls', 'doc']);
      for (const format of ['pdf', 'xls', 'doc']) {
        const response = await download(row._id, `reportFormat=${format}`, 'engineer');
        expect(response.statusCode, `${name} ${format}: ${response.body.slice(0, 300)}`).toBe(200);
      }
      const xlsx = await download(row._id, 'reportFormat=xls', 'engineer');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(xlsx.rawPayload as unknown as ExcelJS.Buffer);
      expect(workbook.getWorksheet('Summary')!.getCell('A1').value).toBe(name);
      const lastTable = workbook.worksheets.at(-1)!;
      expect(lastTable.rowCount).toBeGreaterThan(1);
    }
  });
});

describe("the seeded 'Open alerts by asset' report (issue 16)", () => {
  const LONG_ASSET = 'Secondary chilled water pump set, east riser, level 4 plant room';
  let reportId: string;

  beforeAll(async () => {
    // A critical alert of our own, its message HTML like every threshold alert's.
    const critical = (await api.list('alertLevel')).find((level) => level.name === 'Critical')!;
    const vibration = await api.create('attribute', { name: 'Test casing vibration', type: 'number' });
    const checklist = await api.create('checklist', {
      name: 'Test vibration round',
      checklistItems: [{ attribute: vibration._id, sequenceId: 1, threshold: { operation: 'greater than', value: 7.1, level: critical._id }, showMandatoryIndicator: false }],
    });
    const asset = await api.create('asset', { name: LONG_ASSET, identification: 'TST-REPORT-1', checklists: [checklist._id] });
    const submitted = await t.request({ as: 'technician', method: 'POST', url: `/api/inspection?assetId=${asset._id}`, payload: { inspectionData: { [checklist._id]: { [vibration._id]: 9.4 } } } });
    expect(submitted.statusCode, submitted.body).toBe(200);
    reportId = (await api.list('report', { fields: 'name' })).find((r) => r.name === 'Open alerts by asset')!._id;
  });

  const OUR_MESSAGE = 'Test casing vibration is 9.4, alert when greater than 7.1.';

  it("PDF: the Level column shows 'Critical' whole, and messages read 'is 9.4, alert' with no space before the comma", async () => {
    const response = await download(reportId, 'reportFormat=pdf', 'engineer');
    expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
    const texts = pdfTexts(response.rawPayload);
    expect(texts).toContain('Critical');
    expect(texts.filter((text) => text.includes('…'))).toEqual([]);
    // A wrapped cell is several lines: joined, it reads as the message.
    const shown = texts.join(' ').replace(/\s+/g, ' ');
    expect(shown).toContain(OUR_MESSAGE);
    expect(shown).toContain(LONG_ASSET);
    expect(shown).not.toContain(' ,');
  });

  it("XLSX: 'Critical' in a Level column wide enough for it, and no space before a comma", async () => {
    const response = await download(reportId, 'reportFormat=xls', 'engineer');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Open alerts')!;
    const headings = (sheet.getRow(1).values as unknown[]).slice(1);
    const level = sheet.getColumn(headings.indexOf('Level') + 1);
    expect(level.values).toContain('Critical');
    expect(level.width).toBeGreaterThanOrEqual('Critical'.length);
    const cells = sheet.getSheetValues().flat().filter((value): value is string => typeof value === 'string');
    expect(cells).toContain(OUR_MESSAGE);
    expect(cells.filter((cell) => cell.includes(' ,'))).toEqual([]);
  });

  it("DOCX: 'Critical' in a cell of its own, fixed column widths, and no space before a comma", async () => {
    const response = await download(reportId, 'reportFormat=doc', 'engineer');
    const xml = zipEntries(response.rawPayload).get('word/document.xml')?.toString('utf8') ?? '';
    const cells = [...xml.matchAll(/<w:tc>([^]*?)<\/w:tc>/g)].map((cell) => [...cell[1]!.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''));
    expect(cells).toContain('Critical');
    expect(cells).toContain(OUR_MESSAGE);
    expect(cells.filter((cell) => cell.includes(' ,'))).toEqual([]);
    // Widths fixed in the file, so no program squeezes the short columns.
    expect(xml).toContain('<w:tblLayout w:type="fixed"/>');
  });
});
