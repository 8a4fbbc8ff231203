import type { DocumentTable } from '../../common/reports/documentModel';
import { cellText } from './reportTypes';

/** Rows read to size the columns: enough to see the content, not every row of a large report. */
const ROWS_MEASURED = 500;

/** What a column needs: its widest line, and its longest word (below that, words would break). */
export interface ColumnNeed {
  natural: number;
  minimum: number;
}

/**
 * Each column's need, in the unit of `measure` (points for the PDF, twips for Word), the header
 * measured with `measureHeader`; times as shown in `timeZone`. Lines of a cell are measured one by one.
 */
export function columnNeeds(table: DocumentTable, timeZone: string, measure: (text: string) => number, measureHeader: (text: string) => number = measure): ColumnNeed[] {
  const rows = table.rows.slice(0, ROWS_MEASURED);
  return table.columns.map((column, i) => {
    const need = needOf(column, measureHeader);
    for (const row of rows) {
      const cell = needOf(cellText(row[i] ?? null, timeZone), measure);
      need.natural = Math.max(need.natural, cell.natural);
      need.minimum = Math.max(need.minimum, cell.minimum);
    }
    return need;
  });
}

function needOf(text: string, measure: (text: string) => number): ColumnNeed {
  let natural = 0;
  let minimum = 0;
  for (const line of text.split('\n')) {
    natural = Math.max(natural, measure(line));
    for (const word of line.split(/\s+/)) if (word) minimum = Math.max(minimum, measure(word));
  }
  return { natural, minimum };
}

/**
 * Widths for columns sharing `available` (each need plus `padding`), the way a browser lays out
 * an automatic table: when every column fits on one line, each gets its content's width and the
 * room left is shared out in proportion; otherwise the columns that need no more than an even
 * share keep their width — a Level column shows 'Critical' whole — and the wider ones share the
 * rest in proportion to their content, never narrower than their longest word while that fits,
 * and wrap.
 */
export function fitColumns(needs: readonly ColumnNeed[], available: number, padding = 0): number[] {
  const natural = needs.map((need) => need.natural + padding);
  const minimum = needs.map((need) => Math.min(need.minimum, need.natural) + padding);
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= available) return natural.map((width) => (width * available) / total);

  const fixed = new Set<number>();
  for (;;) {
    const left = available - [...fixed].reduce((sum, i) => sum + (natural[i] as number), 0);
    const open = natural.map((_, i) => i).filter((i) => !fixed.has(i));
    const share = left / open.length;
    const narrow = open.filter((i) => (natural[i] as number) <= share);
    if (narrow.length === 0 || narrow.length === open.length) break;
    for (const i of narrow) fixed.add(i);
  }
  const open = natural.map((_, i) => i).filter((i) => !fixed.has(i));
  const left = available - [...fixed].reduce((sum, i) => sum + (natural[i] as number), 0);
  const widths = natural.slice();
  const openNatural = open.reduce((sum, i) => sum + (natural[i] as number), 0);
  for (const i of open) widths[i] = (left * (natural[i] as number)) / openNatural;
  // A share below a column's longest word takes from the columns with room to spare.
  const short = open.filter((i) => (widths[i] as number) < (minimum[i] as number));
  const spare = open.filter((i) => !short.includes(i));
  const missing = short.reduce((sum, i) => sum + (minimum[i] as number) - (widths[i] as number), 0);
  const room = spare.reduce((sum, i) => sum + (widths[i] as number) - (minimum[i] as number), 0);
  if (missing > 0 && room >= missing) {
    for (const i of short) widths[i] = minimum[i] as number;
    for (const i of spare) widths[i] = (widths[i] as number) - ((missing * ((widths[i] as number) - (minimum[i] as number))) / room);
  }
  return widths;
}
