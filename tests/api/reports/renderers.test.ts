import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { validateDocumentModel, type DocumentModel } from '../../../common/reports/documentModel';
import { renderReport } from '../../../server/reports/renderReport';
import { imageSize } from '../../../server/reports/reportImages';
import { pdfTexts } from './pdfText';
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

const input = (m: DocumentModel, images = [] as { data: Buffer; type: 'png'; width: number; height: number; caption?: string }[], timeZone = 'UTC') => ({ model: m, images, timeZone });

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
    expect(problem({ title: 'x', tables: [{ columns: ['a'], rows: [[{ nested: true }]] }] })).toBe(
      'tables[0].rows[0][0] must be a string, number, boolean, null or a time ({ dateTime: epoch ms } or { date: epoch ms }), not an object',
    );
    expect(problem({ title: 'x', tables: [{ columns: [], rows: [] }] })).toBe('tables[0].columns must name at least one column');
    expect(problem({ title: 'x', images: [{ caption: 'c' }] })).toBe('images[0] needs exactly one of fileId, dataUrl and thermographyNote');
    expect(problem({ title: 'x', images: [{ fileId: 'f', thermographyNote: 'n', picture: 'thermal' }] })).toBe('images[0] needs exactly one of fileId, dataUrl and thermographyNote');
    expect(problem({ title: 'x', images: [{ thermographyNote: 'n', picture: 'infrared' }] })).toBe('images[0].picture must be one of: thermal, real');
    expect(problem({ title: 'x', images: [{ fileId: 'f', picture: 'thermal' }] })).toBe('images[0].picture is allowed only with thermographyNote');
    expect(problem({ title: 'x', sections: [{ blocks: [] }] })).toBe('sections[0].title is required');
    expect(problem({ title: 'x', sections: [{ title: 's', newPage: 'yes' }] })).toBe('sections[0].newPage must be a boolean, not a string');
    expect(problem({ title: 'x', sections: [{ title: 's', blocks: [{ paragraph: 'a', heading: 'b' }] }] })).toBe('sections[0].blocks[0] must hold exactly one of: heading, paragraph, table, images');
    expect(problem({ title: 'x', sections: [{ title: 's', blocks: [{ images: [] }] }] })).toBe('sections[0].blocks[0].images must hold at least one image');
    expect(problem({ title: 'x', sections: [{ title: 's', blocks: [{ images: Array(4).fill({ fileId: 'f' }) }] }] })).toBe('sections[0].blocks[0].images must hold at most 3 entries');
    expect(problem({ title: 'x', sections: [{ title: 's', blocks: [{ table: { columns: ['a'], rows: [[1, 2]] } }] }] })).toBe('sections[0].blocks[0].table.rows[0] has 2 cells, but columns has 1');
    // 500 images in all (hand-kept, DOCUMENT_LIMITS): 20 at the top and 481 in sections is one too many.
    const rows = (n: number) => Array.from({ length: n }, () => ({ images: [{ fileId: 'f' }] }));
    expect(problem({ title: 'x', images: Array(20).fill({ fileId: 'f' }), sections: [{ title: 's', blocks: rows(480) }] })).toBeNull();
    expect(problem({ title: 'x', images: Array(20).fill({ fileId: 'f' }), sections: [{ title: 's', blocks: rows(400) }, { title: 't', blocks: rows(81) }] })).toBe('the document must hold at most 500 images in all');
    expect(problem({ title: 'x', sections: [{ title: 's', blocks: Array(501).fill({ heading: 'h' }) }] })).toBe('sections[0].blocks must hold at most 500 entries');
    expect(problem({ title: 'x', images: [{ dataUrl: 'data:text/html;base64,AAAA' }] })).toMatch(/images\[0\].dataUrl must be a base64 data URL/);
    expect(problem({ title: 'x', tables: [{ columns: ['a'], rows: [[{ dateTime: 'today' }]] }] })).toBe('tables[0].rows[0][0].dateTime must be epoch milliseconds from the year 1900 to 9999, not a string');
    expect(problem({ title: 'x', tables: [{ columns: ['a'], rows: [[{ dateTime: 1, date: 1 }]] }] })).toBe(
      'tables[0].rows[0][0] must be a string, number, boolean, null or a time ({ dateTime: epoch ms } or { date: epoch ms }), not an object',
    );
    expect(problem({ title: 'x', subtitle: ['From ', { start: 1 }] })).toBe('subtitle[1] must be a string or a time ({ dateTime: epoch ms } or { date: epoch ms }), not an object');
    expect(problem({ title: 'x', subtitle: ['From ', { date: -3e12 }] })).toBe('subtitle[1].date must be epoch milliseconds from the year 1900 to 9999, not -3000000000000');
    expect(problem({ title: 'x', paragraphs: [['a', ['b']]] })).toBe('paragraphs[0][1] must be a string or a time ({ dateTime: epoch ms } or { date: epoch ms }), not an array');
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

  const RED = { data: PNG, type: 'png' as const, width: 2, height: 1 };
  const sectioned: DocumentModel = {
    title: 'Survey',
    tables: [{ title: 'Findings', columns: ['Image', 'Severity'], rows: [['Feeder', 'B']] }],
    sections: [
      {
        title: 'Feeder lug',
        subtitle: ['Scanned ', { dateTime: Date.UTC(2020, 2, 10, 9) }],
        newPage: true,
        blocks: [
          { images: [{ dataUrl: 'data:image/png;base64,AA==', caption: 'Thermal' }, { dataUrl: 'data:image/png;base64,AA==', caption: 'Visible' }] },
          { heading: 'Measurements' },
          { table: { title: 'Tools', columns: ['Tool', 'Max'], rows: [['Sp1', 130.4]] } },
          { paragraph: 'Hot lug on phase L2.' },
        ],
      },
      { title: 'Drive cabinet', newPage: true, blocks: [{ paragraph: 'Nothing found.' }] },
    ],
  };

  it('sections: each on its page when asked, its title, subtitle and blocks in order, in every format', async () => {
    const sectionInput = { model: sectioned, images: [{ ...RED, caption: 'Thermal' }, { ...RED, caption: 'Visible' }], timeZone: 'UTC' };
    const pdf = await renderReport('pdf', sectionInput);
    // The first page, then one for each section.
    expect(pdfPageCount(pdf)).toBe(3);
    const texts = pdfTexts(pdf);
    const order = ['Findings', 'Feeder lug', 'Scanned 2020/03/10 09:00 AM', 'Thermal', 'Visible', 'Measurements', 'Tools', 'Sp1', '130.4', 'Hot lug on phase L2.', 'Drive cabinet', 'Nothing found.'];
    const at = order.map((text) => texts.indexOf(text));
    expect(at.every((index, i) => index >= 0 && (i === 0 || index > at[i - 1]!)), JSON.stringify(texts)).toBe(true);
    expect(texts).toContain('Times are in the UTC time zone.');

    const docx = zipEntries(await renderReport('doc', sectionInput)).get('word/document.xml')!.toString('utf8');
    const docOrder = ['Findings', 'Feeder lug', 'Scanned 2020/03/10 09:00 AM', 'Thermal', 'Visible', 'Measurements', 'Sp1', 'Hot lug on phase L2.', 'Drive cabinet', 'Nothing found.'].map((text) => docx.indexOf(text));
    expect(docOrder.every((index, i) => index >= 0 && (i === 0 || index > docOrder[i - 1]!)), JSON.stringify(docOrder)).toBe(true);
    expect((docx.match(/<w:pageBreakBefore\/>/g) ?? []).length).toBe(2);
    expect((docx.match(/<w:drawing>/g) ?? []).length).toBe(2);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await renderReport('xls', sectionInput)) as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Findings', 'Feeder lug Tools']);
    const summary = workbook.getWorksheet('Summary')!;
    const summaryTexts = summary.getColumn(1).values.filter((value) => typeof value === 'string');
    expect(summaryTexts).toEqual(expect.arrayContaining(['Feeder lug', 'Measurements', 'Hot lug on phase L2.', 'Drive cabinet', 'Nothing found.', 'Thermal', 'Visible']));
    expect(summary.getImages()).toHaveLength(2);
  });

  it('a table in a section of more than six columns turns the pages to landscape', async () => {
    const wide: DocumentModel = { title: 'Wide', sections: [{ title: 'S', blocks: [{ table: { columns: ['a', 'b', 'c', 'd', 'e', 'f', 'g'], rows: [] } }] }] };
    const pdf = (await renderReport('pdf', input(wide))).toString('latin1');
    // A4 landscape: 841.89 × 595.28 points.
    expect(pdf).toMatch(/\/MediaBox \[0 0 841\.89 595\.28\]/);
  });

  it('sheet names follow Excel rules and stay unique', async () => {
    const file = await renderReport('xls', input({ title: 't', tables: [{ title: 'A/B: c?', columns: ['x'], rows: [] }, { title: 'a/b: C?', columns: ['x'], rows: [] }, { title: 'Summary', columns: ['x'], rows: [] }] }));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Summary', 'A B  c', 'a b  C (2)', 'Summary (2)']);
  });
});

/**
 * Issue 40 §8: a report's times in the requester's zone, the zone stated, Excel dates in the
 * spreadsheet. Hand-kept: Asia/Kolkata is UTC+05:30 all year; New York is UTC−04:00 in July.
 */
describe('times in a report', () => {
  const NOON_IN_KOLKATA = Date.UTC(2025, 0, 15, 6, 30);
  const HALF_PAST_ONE_NEXT_DAY_IN_KOLKATA = Date.UTC(2025, 0, 15, 20, 0);
  const timed: DocumentModel = {
    title: 'Rounds',
    subtitle: ['From ', { dateTime: NOON_IN_KOLKATA }, ' to ', { dateTime: HALF_PAST_ONE_NEXT_DAY_IN_KOLKATA }],
    paragraphs: [['Due on ', { date: HALF_PAST_ONE_NEXT_DAY_IN_KOLKATA }, '.']],
    tables: [
      {
        title: 'Inspections',
        columns: ['Time', 'Day', 'Asset'],
        rows: [
          [{ dateTime: NOON_IN_KOLKATA }, { date: NOON_IN_KOLKATA }, 'Pump 1'],
          [{ dateTime: HALF_PAST_ONE_NEXT_DAY_IN_KOLKATA }, { date: HALF_PAST_ONE_NEXT_DAY_IN_KOLKATA }, 'Chiller with a rather long name, north plant room'],
        ],
      },
    ],
  };
  const ZONE_NOTE = 'Times are in the Asia/Kolkata time zone.';

  it('PDF: times in the zone in the app\'s formats, and the zone stated under the subtitle', async () => {
    const texts = pdfTexts(await renderReport('pdf', input(timed, [], 'Asia/Kolkata')));
    expect(texts).toContain('From 2025/01/15 12:00 PM to 2025/01/16 01:30 AM');
    expect(texts).toContain(ZONE_NOTE);
    expect(texts).toContain('Due on 2025/01/16.');
    expect(texts).toEqual(expect.arrayContaining(['2025/01/15 12:00 PM', '2025/01/15', '2025/01/16 01:30 AM', '2025/01/16']));
    expect(texts.indexOf(ZONE_NOTE)).toBeLessThan(texts.indexOf('Due on 2025/01/16.'));
  });

  it('DOCX: the same text, and the zone stated', async () => {
    const xml = zipEntries(await renderReport('doc', input(timed, [], 'America/New_York'))).get('word/document.xml')?.toString('utf8') ?? '';
    expect(xml).toContain('Times are in the America/New_York time zone.');
    expect(xml).toContain('2025/01/15 01:30 AM');
    expect(xml).toContain('2025/01/15 03:00 PM');
  });

  it('XLSX: time cells are Excel dates of the zone\'s wall clock with a date number format; columns sized to their content', async () => {
    const file = await renderReport('xls', input(timed, [], 'Asia/Kolkata'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
    const summary = workbook.getWorksheet('Summary')!;
    expect(summary.getCell('A2').value).toBe('From 2025/01/15 12:00 PM to 2025/01/16 01:30 AM');
    expect(summary.getCell('A3').value).toBe(ZONE_NOTE);
    const sheet = workbook.getWorksheet('Inspections')!;
    // Excel has no zones: the cell holds the wall clock, which exceljs reads back as a UTC date.
    expect(sheet.getCell('A2').value).toEqual(new Date('2025-01-15T12:00:00Z'));
    expect(sheet.getCell('A3').value).toEqual(new Date('2025-01-16T01:30:00Z'));
    expect(sheet.getCell('B2').value).toEqual(new Date('2025-01-15T00:00:00Z'));
    expect(sheet.getCell('B3').value).toEqual(new Date('2025-01-16T00:00:00Z'));
    // Spec §9's formats (exceljs reads them without the escapes the file holds)…
    expect(sheet.getCell('A2').numFmt).toBe('yyyy/mm/dd hh:mm AM/PM');
    expect(sheet.getCell('B3').numFmt).toBe('yyyy/mm/dd');
    expect(sheet.getCell('C2').numFmt).toBeUndefined();
    // …whose slashes the file escapes, so no reader's locale puts its own date separator there.
    const styles = zipEntries(file).get('xl/styles.xml')?.toString('utf8') ?? '';
    expect(styles).toContain('formatCode="yyyy\\/mm\\/dd hh:mm AM/PM"');
    expect(styles).toContain('formatCode="yyyy\\/mm\\/dd"');
    // Each column as wide as what it shows (2 characters for the filter button), 8 at least.
    expect(sheet.getColumn(1).width).toBe('2025/01/15 12:00 PM'.length + 2);
    expect(sheet.getColumn(2).width).toBe('2025/01/15'.length + 2);
    expect(sheet.getColumn(3).width).toBe('Chiller with a rather long name, north plant room'.length + 2);
  });

  it('says nothing of a zone when the document shows no time', async () => {
    const texts = pdfTexts(await renderReport('pdf', input(model(3), [], 'Asia/Kolkata')));
    expect(texts.filter((text) => text.includes('time zone'))).toEqual([]);
  });
});
