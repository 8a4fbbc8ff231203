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
  BorderStyle,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
} from 'docx';
import type { DocumentBlock, DocumentSection, DocumentTable } from '../../common/reports/documentModel';
import { columnNeeds, fitColumns } from './columnLayout';
import { breathe, cellText, isWide, plainText, timeZoneNote, splitImages, type RenderInput, type ReportImage } from './reportTypes';

const ROWS_PER_BREATH = 1_000;
/** Usable width of an A4 page with 2 cm margins, in pixels at 96 dpi (portrait; landscape is wider). */
const CONTENT_WIDTH_PX = 650;
const CONTENT_WIDTH_PX_LANDSCAPE = 980;
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

function imageRun(image: ReportImage, maxWidth: number, maxHeight: number): ImageRun {
  const scale = Math.min(1, maxWidth / image.width, maxHeight / image.height);
  return new ImageRun({ type: image.type === 'png' ? 'png' : 'jpg', data: image.data, transformation: { width: Math.round(image.width * scale), height: Math.round(image.height * scale) } });
}

const caption = (image: ReportImage) => (image.caption ? [new Paragraph({ children: runs(image.caption, { italics: true, color: '555555', size: 18 }) })] : []);

const NO_BORDER = { style: BorderStyle.NONE, size: 0, color: 'FFFFFF' } as const;

/**
 * Images in a row: one image as a paragraph, several side by side in the cells of a borderless
 * table, all as tall as the shortest fits its cell (as the PDF lays them out).
 */
function imageRow(row: readonly ReportImage[], widthPx: number, widthTwips: number): FileChild[] {
  if (row.length === 1) return [new Paragraph({ children: [imageRun(row[0]!, widthPx, 400)] }), ...caption(row[0]!)];
  const share = Math.floor(widthTwips / row.length);
  const sharePx = Math.floor(widthPx / row.length) - 8;
  const height = Math.min(320, ...row.map((image) => Math.min(image.height, (sharePx / image.width) * image.height)));
  return [
    new Table({
      width: { size: share * row.length, type: WidthType.DXA },
      columnWidths: row.map(() => share),
      layout: TableLayoutType.FIXED,
      borders: { top: NO_BORDER, bottom: NO_BORDER, left: NO_BORDER, right: NO_BORDER, insideHorizontal: NO_BORDER, insideVertical: NO_BORDER },
      rows: [
        new TableRow({
          children: row.map(
            (image) =>
              new TableCell({
                width: { size: share, type: WidthType.DXA },
                children: [new Paragraph({ children: [imageRun(image, sharePx, height)] }), ...caption(image)],
              }),
          ),
        }),
      ],
    }),
    new Paragraph({ children: [] }),
  ];
}

async function block(entry: DocumentBlock, images: readonly ReportImage[], next: { image: number }, wide: boolean, timeZone: string): Promise<FileChild[]> {
  if ('heading' in entry) return [new Paragraph({ heading: HeadingLevel.HEADING_3, keepNext: true, children: runs(entry.heading) })];
  if ('paragraph' in entry) return [new Paragraph({ children: runs(plainText(entry.paragraph, timeZone)) })];
  if ('table' in entry) return table(entry.table, wide ? CONTENT_WIDTH_TWIPS.landscape : CONTENT_WIDTH_TWIPS.portrait, timeZone);
  const row = images.slice(next.image, next.image + entry.images.length);
  next.image += entry.images.length;
  return imageRow(row, wide ? CONTENT_WIDTH_PX_LANDSCAPE : CONTENT_WIDTH_PX, wide ? CONTENT_WIDTH_TWIPS.landscape : CONTENT_WIDTH_TWIPS.portrait);
}

/** A section: its title as Heading 1 (on a new page when it asks), subtitle, then its blocks in order. */
async function section(entry: DocumentSection, images: readonly ReportImage[], next: { image: number }, wide: boolean, timeZone: string): Promise<FileChild[]> {
  const children: FileChild[] = [new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: entry.newPage ?? false, keepNext: true, children: runs(entry.title) })];
  if (entry.subtitle) children.push(new Paragraph({ children: runs(plainText(entry.subtitle, timeZone), { italics: true, color: '555555' }) }));
  for (const part of entry.blocks) children.push(...(await block(part, images, next, wide, timeZone)));
  await breathe();
  return children;
}

/**
 * DOCX: the title as a Title, subtitle, the zone its times are in, paragraphs, each table with a Heading 2 and a header row
 * repeated on every page, images with captions, the sections (Heading 1, then headings, paragraphs,
 * tables and images side by side in order), and "Page n of m" in the footer.
 */
export async function renderDocx({ model, images, timeZone }: RenderInput): Promise<Buffer> {
  const wide = isWide(model);
  const children: FileChild[] = [new Paragraph({ heading: HeadingLevel.TITLE, children: runs(model.title) })];
  if (model.subtitle) children.push(new Paragraph({ children: runs(plainText(model.subtitle, timeZone), { size: 26, italics: true, color: '555555' }) }));
  const zoneNote = timeZoneNote(model, timeZone);
  if (zoneNote) children.push(new Paragraph({ children: runs(zoneNote, { size: 18, italics: true, color: '555555' }) }));
  for (const paragraph of model.paragraphs ?? []) children.push(new Paragraph({ children: runs(plainText(paragraph, timeZone)) }));
  const available = wide ? CONTENT_WIDTH_TWIPS.landscape : CONTENT_WIDTH_TWIPS.portrait;
  for (const entry of model.tables ?? []) children.push(...(await table(entry, available, timeZone)));
  const { top: topImages, sections: sectionImages } = splitImages(model, images);
  for (const image of topImages) children.push(...imageRow([image], wide ? CONTENT_WIDTH_PX_LANDSCAPE : CONTENT_WIDTH_PX, available));
  // The sections' images come in their order: each section goes on from where the last stopped.
  const next = { image: 0 };
  for (const entry of model.sections ?? []) children.push(...(await section(entry, sectionImages, next, wide, timeZone)));
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
