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
  TableRow,
  TextRun,
  WidthType,
  type FileChild,
} from 'docx';
import type { DocumentTable } from '../../common/reports/documentModel';
import { breathe, cellText, type RenderInput } from './reportTypes';

const ROWS_PER_BREATH = 1_000;
/** Usable width of an A4 page with 2 cm margins, in pixels at 96 dpi (portrait; landscape is wider). */
const CONTENT_WIDTH_PX = 650;

/** Text whose line breaks stay line breaks. */
function runs(text: string, options: { bold?: boolean; italics?: boolean; size?: number; color?: string } = {}): TextRun[] {
  return text.split('\n').map((line, i) => new TextRun({ text: line, break: i > 0 ? 1 : 0, ...options }));
}

function cell(text: string, header: boolean): TableCell {
  return new TableCell({
    children: [new Paragraph({ children: runs(text, header ? { bold: true, size: 18 } : { size: 18 }) })],
    ...(header ? { shading: { type: ShadingType.CLEAR, color: 'auto', fill: 'D9DEE5' } } : {}),
  });
}

async function table(model: DocumentTable): Promise<FileChild[]> {
  const rows = [new TableRow({ tableHeader: true, children: model.columns.map((column) => cell(column, true)) })];
  for (let start = 0; start < model.rows.length; start += ROWS_PER_BREATH) {
    for (const row of model.rows.slice(start, start + ROWS_PER_BREATH)) {
      rows.push(new TableRow({ children: row.map((value) => cell(cellText(value), false)) }));
    }
    await breathe();
  }
  const children: FileChild[] = [];
  if (model.title) children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, children: runs(model.title) }));
  children.push(new Table({ rows, width: { size: 100, type: WidthType.PERCENTAGE } }));
  children.push(new Paragraph({ children: [] }));
  return children;
}

/**
 * DOCX: the title as a Title, subtitle, paragraphs, each table with a Heading 2 and a header row
 * repeated on every page, images with captions, and "Page n of m" in the footer.
 */
export async function renderDocx({ model, images }: RenderInput): Promise<Buffer> {
  const wide = (model.tables ?? []).some((t) => t.columns.length > 6);
  const children: FileChild[] = [new Paragraph({ heading: HeadingLevel.TITLE, children: runs(model.title) })];
  if (model.subtitle) children.push(new Paragraph({ children: runs(model.subtitle, { size: 26, italics: true, color: '555555' }) }));
  for (const paragraph of model.paragraphs ?? []) children.push(new Paragraph({ children: runs(paragraph) }));
  for (const entry of model.tables ?? []) children.push(...(await table(entry)));
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
