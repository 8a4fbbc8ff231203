import ExcelJS from 'exceljs';
import { isDocumentTime, type DocumentCell, type DocumentTable } from '../../common/reports/documentModel';
import { columnWidth, EXCEL_DATE_FORMAT, EXCEL_DATE_TIME_FORMAT, excelDateTime, excelDay } from '../../common/spreadsheetCells';
import { breathe, cellText, plainText, timeZoneNote, splitImages, type RenderInput, type ReportImage } from './reportTypes';

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

/** Rows read to size the columns: enough to see the content, not every row of a large report. */
const ROWS_MEASURED = 500;

/** Widths in characters: the heading's and the cells' as shown (times formatted), common/spreadsheetCells.ts. */
function columnWidths(table: DocumentTable, timeZone: string): { width: number; wraps: boolean }[] {
  const sample = table.rows.slice(0, ROWS_MEASURED);
  return table.columns.map((column, i) => columnWidth([column, ...sample.map((row) => cellText(row[i] ?? null, timeZone))]));
}

/** A cell's value for exceljs: a time becomes a date of the report's zone (formatted by numberFormat). */
function cellValue(cell: DocumentCell, timeZone: string): ExcelJS.CellValue {
  if (!isDocumentTime(cell)) return cell;
  return cell.dateTime !== undefined ? excelDateTime(cell.dateTime, timeZone) : excelDay(cell.date, timeZone);
}

function numberFormat(cell: DocumentCell): string | null {
  if (!isDocumentTime(cell)) return null;
  return cell.dateTime !== undefined ? EXCEL_DATE_TIME_FORMAT : EXCEL_DATE_FORMAT;
}

/**
 * XLSX: a first sheet "Summary" with the title, subtitle, the zone the times are in, paragraphs and
 * images (and each section's title, text and images), then one sheet per table, the sections'
 * after the others (named after its title, a section's after the section) whose first row is the bold, frozen,
 * filterable header, each column as wide as its content. Numbers and booleans stay typed, times
 * are Excel dates of the report's zone in spec §9's formats; text is never read as a formula.
 */
export async function renderXlsx({ model, images, timeZone }: RenderInput): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'FacilityOps';
  workbook.title = model.title;
  const nameSheet = sheetNamer();

  const summary = workbook.addWorksheet(nameSheet('Summary'));
  summary.getColumn(1).width = 100;
  summary.addRow([model.title]).font = { bold: true, size: 16 };
  if (model.subtitle) summary.addRow([plainText(model.subtitle, timeZone)]).font = { italic: true, size: 12, color: { argb: 'FF555555' } };
  const zoneNote = timeZoneNote(model, timeZone);
  if (zoneNote) summary.addRow([zoneNote]).font = { italic: true, color: { argb: 'FF555555' } };
  summary.addRow([]);
  for (const paragraph of model.paragraphs ?? []) summary.addRow([plainText(paragraph, timeZone)]).alignment = { wrapText: true, vertical: 'top' };
  const addImage = (image: ReportImage) => {
    summary.addRow([]);
    const scale = Math.min(1, 600 / image.width, 400 / image.height);
    const id = workbook.addImage({ buffer: image.data as unknown as ExcelJS.Buffer, extension: image.type });
    const top = summary.rowCount;
    summary.addImage(id, { tl: { col: 0, row: top }, ext: { width: image.width * scale, height: image.height * scale } });
    // Rows of the default 20 px under the picture, then its caption.
    const rowsUnder = Math.ceil((image.height * scale) / 20);
    for (let i = 0; i < rowsUnder; i++) summary.addRow([]);
    if (image.caption) summary.addRow([image.caption]).font = { italic: true };
  };
  const { top: topImages, sections: sectionImages } = splitImages(model, images);
  topImages.forEach(addImage);

  // A section's text and images follow on the Summary sheet under its title; its tables get sheets of their own.
  const tables: DocumentTable[] = [...(model.tables ?? [])];
  let nextImage = 0;
  for (const section of model.sections ?? []) {
    summary.addRow([]);
    summary.addRow([section.title]).font = { bold: true, size: 13 };
    if (section.subtitle) summary.addRow([plainText(section.subtitle, timeZone)]).font = { italic: true, color: { argb: 'FF555555' } };
    for (const block of section.blocks) {
      if ('heading' in block) summary.addRow([block.heading]).font = { bold: true };
      else if ('paragraph' in block) summary.addRow([plainText(block.paragraph, timeZone)]).alignment = { wrapText: true, vertical: 'top' };
      else if ('table' in block) tables.push({ ...block.table, title: block.table.title ? `${section.title} ${block.table.title}` : section.title });
      else {
        sectionImages.slice(nextImage, nextImage + block.images.length).forEach(addImage);
        nextImage += block.images.length;
      }
    }
  }

  for (const [index, table] of tables.entries()) {
    const sheet = workbook.addWorksheet(nameSheet(table.title || `Table ${index + 1}`), { views: [{ state: 'frozen', ySplit: 1 }] });
    const widths = columnWidths(table, timeZone);
    sheet.columns = table.columns.map((header, i) => {
      const { width, wraps } = widths[i] as { width: number; wraps: boolean };
      // A column at its widest wraps its text rather than run under the next column.
      return { header, width, ...(wraps ? { style: { alignment: { wrapText: true, vertical: 'top' as const } } } : {}) };
    });
    sheet.getRow(1).font = { bold: true };
    sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: table.columns.length } };
    for (let start = 0; start < table.rows.length; start += ROWS_PER_BREATH) {
      const rows = table.rows.slice(start, start + ROWS_PER_BREATH);
      sheet.addRows(rows.map((row) => row.map((cell) => cellValue(cell ?? null, timeZone))));
      rows.forEach((row, r) =>
        row.forEach((cell, c) => {
          const format = numberFormat(cell ?? null);
          // Row 1 is the header: the table's row start + r is sheet row start + r + 2.
          if (format) sheet.getCell(start + r + 2, c + 1).numFmt = format;
        }),
      );
      await breathe();
    }
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
