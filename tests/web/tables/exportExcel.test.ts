import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { cellText } from '../../../src/custom/tables/cellText';
import { buildWorkbook, exportFileName } from '../../../src/custom/tables/exportExcel';
import { formatTimestamp } from '../../../common/formatTime';

describe('Export to Excel (spec §9)', () => {
  it('writes a workbook whose Sheet1 holds the headings and the rows as shown', async () => {
    const at = new Date(2026, 0, 5, 14, 30).getTime();
    const fields = [
      { heading: 'Asset', dataField: 'name' },
      { heading: 'Tags', dataField: 'tags' },
      { heading: 'Time', dataField: 'timestamp' },
      { heading: 'Severity', dataField: 'severityLevel' },
    ];
    const rows = [
      { name: 'Pump 1', tags: ['north', 'wet'], timestamp: at, severityLevel: { text: 'A', color: '#f00' } },
      { name: 'Pump 2', tags: [], timestamp: null },
    ];
    const workbook = await buildWorkbook(fields, rows, (field, value) => cellText(field, value, (text) => `Priority ${text}`));
    const buffer = await workbook.xlsx.writeBuffer();

    const read = new ExcelJS.Workbook();
    await read.xlsx.load(buffer as ArrayBuffer);
    const sheet = read.getWorksheet('Sheet1') /* spec §9 */;
    expect(sheet).toBeDefined();
    const values = sheet!.getSheetValues().slice(1).map((row) => (Array.isArray(row) ? row.slice(1) : []));
    expect(values).toEqual([
      ['Asset', 'Tags', 'Time', 'Severity'],
      ['Pump 1', 'north, wet', formatTimestamp(at), 'Priority A'],
      ['Pump 2', '', '', ''],
    ]);
  });

  it('names the file after the table', () => {
    expect(exportFileName('Open alerts')).toBe('Open alerts.xlsx');
    expect(exportFileName('a/b:c')).toBe('a_b_c.xlsx');
  });
});
