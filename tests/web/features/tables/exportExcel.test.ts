import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellText } from '../../../../src/features/tables/cellText';
import { buildWorkbook, exportFileName } from '../../../../src/features/tables/exportExcel';

async function exported(fields: { heading: string; dataField: string }[], rows: Record<string, unknown>[]) {
  const workbook = await buildWorkbook(fields, rows, (field, value) => cellText(field, value, (text) => `Priority ${text}`));
  const read = new ExcelJS.Workbook();
  await read.xlsx.load((await workbook.xlsx.writeBuffer()) as ArrayBuffer);
  return read.getWorksheet('Sheet1') /* spec §9 */;
}

describe('Export to Excel (spec §9)', () => {
  it('writes a workbook whose Sheet1 holds the headings and the rows as shown, times as dates and numbers as numbers (issue 40 §8)', async () => {
    const at = new Date(2026, 0, 5, 14, 30).getTime();
    const sheet = await exported(
      [
        { heading: 'Asset', dataField: 'name' },
        { heading: 'Tags', dataField: 'tags' },
        { heading: 'Time', dataField: 'timestamp' },
        { heading: 'Severity', dataField: 'severityLevel' },
        { heading: 'Reading', dataField: 'reading' },
      ],
      [
        { name: 'Pump 1', tags: ['north', 'wet'], timestamp: at, severityLevel: { text: 'A', color: '#f00' }, reading: 7.5 },
        { name: 'Pump 2', tags: [], timestamp: null },
      ],
    );
    expect(sheet).toBeDefined();
    const values = sheet!.getSheetValues().slice(1).map((row) => (Array.isArray(row) ? row.slice(1) : []));
    expect(values).toEqual([
      ['Asset', 'Tags', 'Time', 'Severity', 'Reading'],
      // Excel dates hold a wall clock, the local one here: 2026/01/05 02:30 PM (exceljs reads it back in UTC fields).
      ['Pump 1', 'north, wet', new Date(Date.UTC(2026, 0, 5, 14, 30)), 'Priority A', 7.5],
      ['Pump 2', '', '', '', ''],
    ]);
    // Shown as the app shows times (spec §9: YYYY/MM/DD hh:mm A).
    expect(sheet!.getCell('C2').numFmt).toBe('yyyy/mm/dd hh:mm AM/PM');
  });

  it('sizes each column to its heading and what its cells show, 8 to 60 characters, wrapping past 60', async () => {
    const long = 'Secondary chilled water pump set, east riser, level 4 plant room, behind the door';
    const sheet = await exported(
      [
        { heading: 'Asset', dataField: 'name' },
        { heading: 'Time', dataField: 'timestamp' },
        { heading: 'Identification', dataField: 'identification' },
        { heading: 'Message', dataField: 'message' },
      ],
      [{ name: 'Pump 1', timestamp: new Date(2026, 0, 5, 14, 30).getTime(), identification: 'P-1', message: long }],
    );
    const widths = [1, 2, 3, 4].map((column) => sheet!.getColumn(column).width);
    // 'Pump 1' needs less than the least; '2026/01/05 02:30 PM' and the heading 'Identification', 2 more for the filter button.
    expect(widths).toEqual([8, '2026/01/05 02:30 PM'.length + 2, 'Identification'.length + 2, 60]);
    expect(sheet!.getCell('D2').alignment?.wrapText).toBe(true);
    expect(sheet!.getCell('A2').alignment?.wrapText).toBeUndefined();
  });

  it('names the file after the table', () => {
    expect(exportFileName('Open alerts')).toBe('Open alerts.xlsx');
    expect(exportFileName('a/b:c')).toBe('a_b_c.xlsx');
  });
});
