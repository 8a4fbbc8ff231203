import type { Workbook } from 'exceljs';
import { saveBlob } from '../../resources/reports/downloadReport';
import type { TableField, TableRow } from './tableDefinition';

/** Spec §9: the sheet is named Sheet1. */
export const SHEET_NAME = 'Sheet1';

/** The workbook of a table: one header row of headings, then one row per table row as shown. */
export async function buildWorkbook(fields: readonly TableField[], rows: readonly TableRow[], text: (dataField: string, value: unknown) => string): Promise<Workbook> {
  // Loaded on demand: exceljs is large and only this button needs it in the browser.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(SHEET_NAME);
  sheet.addRow(fields.map((field) => field.heading));
  for (const row of rows) sheet.addRow(fields.map((field) => text(field.dataField, row[field.dataField])));
  sheet.getRow(1).font = { bold: true };
  return workbook;
}

/** File named after the table (spec §9), characters a file system refuses replaced. */
export function exportFileName(tableName: string): string {
  const safe = tableName.replace(/[\\/:*?"<>|]+/g, '_').trim();
  return `${safe || 'table'}.xlsx`;
}

export async function exportToExcel(tableName: string, fields: readonly TableField[], rows: readonly TableRow[], text: (dataField: string, value: unknown) => string): Promise<void> {
  const workbook = await buildWorkbook(fields, rows, text);
  const buffer = await workbook.xlsx.writeBuffer();
  saveBlob(new Blob([buffer], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), exportFileName(tableName));
}
