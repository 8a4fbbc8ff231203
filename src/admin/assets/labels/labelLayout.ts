/**
 * Label geometry in millimetres. The sheet is the common A4 21-up label sheet (3 × 7 labels of
 * 63.5 × 38.1 mm, e.g. Avery L7160): its margins and gaps add up to exactly 210 × 297 mm, so the
 * printed codes land on the die-cut labels when printed at 100 % scale.
 */
export const LABEL = { widthMm: 63.5, heightMm: 38.1, paddingMm: 1.5, qrMm: 25 } as const;

export const A4_SHEET = {
  widthMm: 210,
  heightMm: 297,
  columns: 3,
  rows: 7,
  marginTopMm: 15.15,
  marginSideMm: 7.25,
  columnGapMm: 2.5,
} as const;

/** 'sheet': A4 label sheets; 'roll': one label per page, for label printers loaded with 63.5 × 38.1 mm labels. */
export type LabelLayout = 'sheet' | 'roll';

export const LABELS_PER_SHEET = A4_SHEET.columns * A4_SHEET.rows;

/** The printed pages: 21 labels per A4 sheet, or one per page on a label printer. */
export function pagesOf<T>(labels: readonly T[], layout: LabelLayout): T[][] {
  const perPage = layout === 'sheet' ? LABELS_PER_SHEET : 1;
  const pages: T[][] = [];
  for (let start = 0; start < labels.length; start += perPage) pages.push(labels.slice(start, start + perPage));
  return pages;
}

/** The CSS @page size of a layout. */
export function pageSize(layout: LabelLayout): string {
  return layout === 'sheet' ? `${A4_SHEET.widthMm}mm ${A4_SHEET.heightMm}mm` : `${LABEL.widthMm}mm ${LABEL.heightMm}mm`;
}
