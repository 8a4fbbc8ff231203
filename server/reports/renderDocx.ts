import {
  AlignmentType,
  Document,
  Footer,
  HeadingLevel,
  ImageRun,
  Packer,
  PageNumber,
  PageOrientation,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
} from 'docx';
import type { DocumentTable } from '../../common/reports/documentModel';
import { columnNeeds, fitColumns } from './columnLayout';
import { breathe, cellText, plainText, timeZoneNote, type RenderInput } from './reportTypes';

const ROWS_PER_BREATH = 1_000;
/** Usable width of an A4 page with 2 cm margins, in pixels at 96 dpi (portrait; landscape is wider). */
const CONTENT_WIDTH_PX = 650;
/** The same in twips (A4 is 11906 × 16838 twips; margins 1134 each side), portrait and landscape. */
const CONTENT_WIDTH_TWIPS = { portrait: 11906 - 2 * 1134, landscape: 16838 - 2 * 1134 };
/** Word's default left and right cell margins, in twips. */
const CELL_MARGINS_TWIPS = 2 * 108;
/** Table text is 9 pt (size 18 half-points): an average character, in twips, a bold one a little wider. */
const CHAR_TWIPS = 95;
const BOLD_CHAR_TWIPS = 105;

/** Text whose line breaks stay line breaks. */
function runs(text: string, options: { bold?: boolean; italics?: boolean; size?: number; color?: string } = {}): TextRun[] {
  return text.split('\n').map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : 0, ...options }));
}

function cell(text: string, header: boolean, width: number): TableCell {
  return new TableCell({
    children: [new Paragraph({ children: runs(text, header ? { bold: true, size: 18 } : { size: 18 }) })],
    width: { size: width, type: WidthType.DXA },
    ...(header ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'D9DEE5' } } : {}),
  });
}

/**
 * Column widths fixed in the file, as the PDF lays them out (columnLayout.ts): without them each
 * program sizes the columns its own way, and a short column such as Level may come out too narrow.
 * Characters are counted, not measured: Word's fonts are not at hand here.
 */
function columnWidths(model: DocumentTable, available: number, timeZone: string): number[] {
  const needs = columnNeeds(model, timeZone, (text) => [...text].length * CHAR_TWIPS, (text) => [...text].length * BOLD_CHAR_TWIPS);
  return fitColumns(needs, available, CELL_MARGINS_TWIPS).map(Math.floor);
}

async function table(model: DocumentTable, available: number, timeZone: string): Promise<FileChild[]> {
  const widths = columnWidths(model, available, timeZone);
  const rows = [new TableRow({ tableHeader: true, children: model.columns.map((column, i) => cell(column, true, widths[i] as number)) })];
  for (let start = 0; start < model.rows.length; start += ROWS_PER_BREATH) {
    for (const row of model.rows.slice(start, start + ROWS_PER_BREATH)) {
      rows.push(new TableRow({ children: row.map((value, i) => cell(cellText(value, timeZone), false, widths[i] as number)) }));
    }
    await breathe();
  }
  const children: FileChild[] = [];
  if (model.title) children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: runs(model.title) }));
  children.push(new Table({ rows, width: { size: widths.reduce((a, b) => a + b, 0), type: WidthType.DXA }, columnWidths: widths, layout: TableLayoutType.FIXED }));
  children.push(new Paragraph({ children: [] }));
  return children;
}

/**
 * DOCX: the title as a Title, subtitle, the zone its times are in, paragraphs, each table with a Heading 2 and a header row
 * repeated on every page, images with captions, and "Page n of m" in the footer.
 */
export async function renderDocx({ model, images, timeZone }: RenderInput): Promise<Buffer> {
  const wide = (model.tables ?? []).some((t) => t.columns.length > 6);
  const children: FileChild[] = [new Paragraph({ heading: HeadingLevel.TITLE, children: runs(model.title) })];
  if (model.subtitle) children.push(new Paragraph({ children: runs(plainText(model.subtitle, timeZone), { size: 26, italics: true, color: '555555' }) }));
  const zoneNote = timeZoneNote(model, timeZone);
  if (zoneNote) children.push(new Paragraph({ children: runs(zoneNote, { size: 18, italics: true, color: '555555' }) }));
  for (const paragraph of model.paragraphs ?? []) children.push(new Paragraph({ children: runs(plainText(paragraph, timeZone)) }));
  const available = wide ? CONTENT_WIDTH_TWIPS.landscape : CONTENT_WIDTH_TWIPS.portrait;
  for (const entry of model.tables ?? []) children.push(...(await table(entry, available, timeZone)));
  for (const image of images) {
    const scale = Math.min(1, CONTENT_WIDTH_PX / image.width, 400 / image.height);
    children.push(
      new Paragraph({
        children: [new ImageRun({ type: image.type === 'png' ? 'png' : 'jpg', data: image.data, transformation: { width: Math.round(image.width * scale), height: Math.round(image.height * scale) } })],
      }),
    );
    if (image.caption) children.push(new Paragraph({ children: runs(image.caption, { italics: true, color: '555555' }) }));
  }
  const document = new Document({
    creator: 'FacilityOps',
    title: model.title,
    sections: [
      {
        properties: { page: { size: { orientation: wide ? PageOrientation.LANDSCAPE : PageOrientation.PORTRAIT }, margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } } },
        footers: {
          default: new Footer({
            children: [new Paragraph({ alignment: AlignmentType.CENTER, children: [new TextRun({ children: ['Page ', PageNumber.CURRENT, ' of ', PageNumber.TOTAL_PAGES], size: 16 })] })],
          }),
        },
        children,
      },
    ],
  });
  await breathe();
  return Packer.toBuffer(document);
}
