import ExcelJS from 'exceljs';
import type { DocumentTable } from '../../common/reports/documentModel';
import { breathe, type RenderInput } from './reportTypes';

const ROWS_PER_BREATH = 1_000;
const INVALID_SHEET_CHARS = /[\\/?*[\]:]/g;

/** Excel's sheet-name rules: at most 31 characters, none of \ / ? * [ ] :, unique ignoring case. */
function sheetNamer() {
  const taken = new Set<string>();
  return (wanted: string): string => {
    const base = wanted.replace(INVALID_SHEET_CHARS, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31) || 'Sheet';
    let name = base;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base.slice(0, 31 - ` (${n})`.length)} (${n})`;
    taken.add(name.toLowerCase());
    return name;
  };
}

const MAX_COLUMN_WIDTH = 60;

/** Widths in characters: the longest cell's, within 8 to 60; past 60 the column wraps its text. */
function columnWidths(table: DocumentTable): { width: number; wraps: boolean }[] {
  const sample = table.rows.slice(0, 500);
  return table.columns.map((column, i) => {
    const longest = sample.reduce((max, row) => Math.max(max, ...String(row[i] ?? '').split('\n').map((line) => line.length)), column.length);
    return { width: Math.min(MAX_COLUMN_WIDTH, Math.max(8, longest + 2)), wraps: longest + 2 > MAX_COLUMN_WIDTH };
  });
}

/**
 * XLSX: a first sheet "Summary" with the title, subtitle, paragraphs and images, then one sheet
 * per table (named after its title) whose first row is the bold, frozen, filterable header.
 * Numbers and booleans stay typed; text is never read as a formula.
 */
export async function renderXlsx({ model, images }: RenderInput): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'FacilityOps';
  workbook.title = model.title;
  const nameSheet = sheetNamer();

  const summary = workbook.addWorksheet(nameSheet('Summary'));
  summary.getColumn(1).width = 100;
  summary.addRow([model.title]).font = { bold: true, size: 16 };
  if (model.subtitle) summary.addRow([model.subtitle]).font = { italic: true, size: 12, color: { argb: 'FF555555' } };
  summary.addRow([]);
  for (const paragraph of model.paragraphs ?? []) summary.addRow([paragraph]).alignment = { wrapText: true, vertical: 'top' };
  for (const image of images) {
    summary.addRow([]);
    const scale = Math.min(1, 600 / image.width, 400 / image.height);
    const id = workbook.addImage({ buffer: image.data as unknown as ExcelJS.Buffer, extension: image.type });
    const top = summary.rowCount;
    summary.addImage(id, { tl: { col: 0, row: top }, ext: { width: image.width * scale, height: image.height * scale } });
    // Rows of the default 20 px under the picture, then its caption.
    const rowsUnder = Math.ceil((image.height * scale) / 20);
    for (let i = 0; i < rowsUnder; i++) summary.addRow([]);
    if (image.caption) summary.addRow([image.caption]).font = { italic: true };
  }

  for (const [index, table] of (model.tables ?? []).entries()) {
    const sheet = workbook.addWorksheet(nameSheet(table.title || `Table ${index + 1}`), { views: [{ state: 'frozen', ySplit: 1 }] });
    const widths = columnWidths(table);
    sheet.columns = table.columns.map((header, i) => {
      const { width, wraps } = widths[i] as { width: number; wraps: boolean };
      // A column at its widest wraps its text rather than run under the next column.
      return { header, width, ...(wraps ? { style: { alignment: { wrapText: true, vertical: 'top' as const } } } : {}) };
    });
    sheet.getRow(1).font = { bold: true };
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
    for (let start = 0; start < table.rows.length; start += ROWS_PER_BREATH) {
      sheet.addRows(table.rows.slice(start, start + ROWS_PER_BREATH).map((row) => row.map((cell) => cell ?? null)));
      await breathe();
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
