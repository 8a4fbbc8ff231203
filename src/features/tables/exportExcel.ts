import type { CellValue, Workbook } from 'exceljs';
import { columnWidth, EXCEL_DATE_TIME_FORMAT, excelDateTime } from '../../../common/spreadsheetCells';
import { saveBlob } from '../../admin/reports/downloadReport';
import { TIME_FIELDS } from './cellText';
import type { TableField, TableRow } from './tableDefinition';

/** Spec §9: the sheet is named Sheet1. */
export const SHEET_NAME = 'Sheet1';

type CellText = (dataField: string, value: unknown) => string;

/**
 * A cell as the spreadsheet holds it (issue 40 §8): a time as an Excel date of the local wall
 * clock, a number the table shows as itself as a number, anything else as the text the table shows.
 */
function exportedValue(dataField: string, value: unknown, shown: string): CellValue {
  if (TIME_FIELDS.has(dataField) && typeof value === 'number' && Number.isFinite(value)) return excelDateTime(value);
  if (typeof value === 'number' && String(value) === shown) return value;
  return shown;
}

/**
 * The workbook of a table: one bold header row of headings, then one row per table row as shown —
 * times real dates in spec §9's format, numbers numbers — each column as wide as its content
 * (common/spreadsheetCells.ts), wrapping past the widest.
 */
export async function buildWorkbook(fields: readonly TableField[], rows: readonly TableRow[], text: CellText): Promise<Workbook> {
  // Loaded on demand: exceljs is large and only this button needs it in the browser.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAME);
  const shown = rows.map((row) => fields.map((field) => text(field.dataField, row[field.dataField])));
  sheet.columns = fields.map((field, i) => {
    const { width, wraps } = columnWidth([field.heading, ...shown.map((texts) => texts[i] as string)]);
    const time = TIME_FIELDS.has(field.dataField) ? { numFmt: EXCEL_DATE_TIME_FORMAT } : {};
    return { header: field.heading, width, style: { ...time, ...(wraps ? { alignment: { wrapText: true, vertical: 'top' as const } } : {}) } };
  });
  rows.forEach((row, r) => sheet.addRow(fields.map((field, i) => exportedValue(field.dataField, row[field.dataField], shown[r]![i] as string))));
  sheet.getRow(1).font = { bold: true };
  return workbook;
}

/** File named after the table (spec §9), characters a file system refuses replaced. */
export function exportFileName(tableName: string): string {
  const safe = tableName.replace(/[\\/:*?"<>|]+/g, '_').trim();
  return `${safe || 'table'}.xlsx`;
}

export async function exportToExcel(tableName: string, fields: readonly TableField[], rows: readonly TableRow[], text: CellText): Promise<void> {
  const workbook = await buildWorkbook(fields, rows, text);
  const buffer = await workbook.xlsx.writeBuffer();
  saveBlob(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), exportFileName(tableName));
}
