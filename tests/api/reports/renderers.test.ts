import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { validateDocumentModel, type DocumentModel } from '../../../common/reports/documentModel';
import { renderReport } from '../../../server/reports/renderReport';
import { imageSize } from '../../../server/reports/reportImages';
import { pdfPageCount, zipEntries } from './zipEntries';

// A 2×1 red PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAAEElEQVR4nGP4z8DAwMDAAAAGAQH/fCwBVgAAAABJRU5ErkJggg==', 'base64');

function model(rows: number): DocumentModel {
  return {
    title: 'Pump room report',
    subtitle: 'January',
    paragraphs: ['First paragraph.', 'Zweiter Absatz: Überprüfung, Ω and 漢字.'],
    tables: [
      {
        title: 'Readings',
        columns: ['Asset', 'Value', 'OK', 'Note'],
        rows: Array.from({ length: rows }, (_, i) => [`Pump ${i}`, i * 1.5, i % 2 === 0, i % 3 === 0 ? null : '=SUM(A1:A2)']),
      },
      { columns: ['Empty'], rows: [] },
    ],
  };
}

const input = (m: DocumentModel, images = [] as { data: Buffer; type: 'png'; width: number; height: number; caption?: string }[]) => ({ model: m, images });

describe('document model validation', () => {
  it('accepts a full model and names the first problem of a bad one', () => {
    expect(validateDocumentModel(model(3)).ok).toBe(true);
    const problem = (value: unknown) => {
      const checked = validateDocumentModel(value);
      return checked.ok ? null : checked.problem;
    };
    expect(problem([])).toMatch(/must return an object with a title/);
    expect(problem({})).toBe('title is required');
    expect(problem({ title: '  ' })).toBe('title must not be blank');
    expect(problem({ title: 'x', colour: 'red' })).toBe('colour is not allowed');
    expect(problem({ title: 'x', paragraphs: 'text' })).toBe('paragraphs must be an array, not a string');
    expect(problem({ title: 'x', tables: [{ columns: ['a', 'b'], rows: [[1, 2], [3]] }] })).toBe('tables[0].rows[1] has 1 cells, but columns has 2');
    expect(problem({ title: 'x', tables: [{ columns: ['a'], rows: [[{ nested: true }]] }] })).toBe('tables[0].rows[0][0] must be a string, number, boolean or null, not an object');
    expect(problem({ title: 'x', tables: [{ columns: [], rows: [] }] })).toBe('tables[0].columns must name at least one column');
    expect(problem({ title: 'x', images: [{ caption: 'c' }] })).toBe('images[0] needs exactly one of fileId and dataUrl');
    expect(problem({ title: 'x', images: [{ dataUrl: 'data:text/html;base64,AAAA' }] })).toMatch(/images\[0\].dataUrl must be a base64 data URL/);
  });

  it('drops characters XML cannot hold', () => {
    const checked = validateDocumentModel({ title: 'a\u0001b', tables: [{ columns: ['c'], rows: [['x\u0000y']] }] });
    expect(checked.ok && checked.model.title).toBe('ab');
    expect(checked.ok && checked.model.tables?.[0]?.rows[0]?.[0]).toBe('xy');
  });

  it('reads PNG sizes from the header', () => {
    expect(imageSize(PNG)).toEqual({ type: 'png', width: 2, height: 1 });
    expect(imageSize(Buffer.from('not an image'))).toBeNull();
  });
});

describe('renderers', () => {
  it('PDF: a real PDF with a page per ~40 rows and page numbers', async () => {
    const pdf = await renderReport('pdf', input(model(200), [{ data: PNG, type: 'png', width: 2, height: 1, caption: 'Red' }]));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toContain('%%EOF');
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(4);
    expect(pdf.toString('latin1')).toContain('/Subtype /Image');
  });

  it('XLSX: a summary sheet with the title, one sheet per table with a bold header and typed cells', async () => {
    const file = await renderReport('xls', input(model(50), [{ data: PNG, type: 'png', width: 2, height: 1, caption: 'Red' }]));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Summary', 'Readings', 'Table 2']);
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getCell('A1').value).toBe('Pump room report');
    expect(summary.getCell('A1').font?.bold).toBe(true);
    expect(summary.getImages()).toHaveLength(1);
    const sheet = workbook.getWorksheet('Readings')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Asset', 'Value', 'OK', 'Note']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.rowCount).toBe(51);
    expect(sheet.getRow(4).values).toEqual([undefined, 'Pump 2', 3, true, '=SUM(A1:A2)']);
    expect(sheet.getCell('D3').formula).toBeUndefined();
    expect(sheet.getCell('D2').value).toBeNull();
  });

  it('DOCX: a zip whose word/document.xml holds the title, text and table cells', async () => {
    const file = await renderReport('doc', input(model(20), [{ data: PNG, type: 'png', width: 2, height: 1, caption: 'Red' }]));
    const entries = zipEntries(file);
    const xml = entries.get('word/document.xml')?.toString('utf8') ?? '';
    expect(xml).toContain('Pump room report');
    expect(xml).toContain('Zweiter Absatz: Überprüfung, Ω and 漢字.');
    expect(xml).toContain('<w:tblHeader');
    expect(xml).toContain('Pump 19');
    expect([...entries.keys()].some((name) => name.startsWith('word/media/'))).toBe(true);
  });

  it('sheet names follow Excel rules and stay unique', async () => {
    const file = await renderReport('xls', input({ title: 't', tables: [{ title: 'A/B: c?', columns: ['x'], rows: [] }, { title: 'a/b: C?', columns: ['x'], rows: [] }, { title: 'Summary', columns: ['x'], rows: [] }] }));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Summary', 'A B  c', 'a b  C (2)', 'Summary (2)']);
  });
});
