import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import type { DocumentBlock, DocumentSection, DocumentTable } from '../../common/reports/documentModel';
import { columnNeeds, fitColumns } from './columnLayout';
import { breathe, cellText, isWide, plainText, timeZoneNote, splitImages, type RenderInput, type ReportImage } from './reportTypes';

type Pdf = PDFKit.PDFDocument;

const MARGIN = 50;
const FOOTER_SPACE = 24;
const CELL_PAD = 4;
const ROW_HEIGHT = 15;
const HEADER_HEIGHT = 18;
const FONT_SIZE = 9;
const ROWS_PER_BREATH = 400;
/** A cell wraps onto at most this many lines; past them it ends with an ellipsis. */
const MAX_CELL_LINES = 12;
const GREY = '#555555';
/** Images side by side leave this much between them (points). */
const IMAGE_GAP = 10;
/** The tallest an image is drawn: two rows of pictures and a table fit an A4 page. */
const MAX_IMAGE_HEIGHT = 320;

/*
 * The PDF's text is set in DejaVu Sans, embedded (only the glyphs used): the standard PDF fonts
 * (Helvetica) hold the Windows-1252 repertoire only, and drew "ΔT" as "?T". DejaVu covers Latin,
 * Greek, Cyrillic and the usual symbols (° ± ≤ ≥ − µ Ω …); a character it lacks shows as its empty
 * box. Its licence (Bitstream Vera, DejaVu changes public domain) lets the font be embedded and
 * redistributed; the files come from the npm package dejavu-fonts-ttf.
 */
const FONT_FILES = { regular: 'DejaVuSans.ttf', bold: 'DejaVuSans-Bold.ttf', italic: 'DejaVuSans-Oblique.ttf' } as const;
type FontName = keyof typeof FONT_FILES;
let fontBytes: Record<FontName, Buffer> | null = null;

/** The font files, read once per process (each renderer thread) and handed to every document. */
function fonts(): Record<FontName, Buffer> {
  if (!fontBytes) {
    const require = createRequire(import.meta.url);
    const read = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
    fontBytes = { regular: read(FONT_FILES.regular), bold: read(FONT_FILES.bold), italic: read(FONT_FILES.italic) };
  }
  return fontBytes;
}

/** Text as drawn: a newline stays, a tab becomes a space, other control characters go. */
function printable(text: string): string {
  // eslint-disable-next-line no-control-regex -- dropping the control characters a PDF text run cannot draw is the point
  return text.replace(/\t/g, ' ').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, '');
}

/** One font for measuring and drawing a cell: bold in the header row. */
function cellFont(doc: Pdf, header: boolean): Pdf {
  return doc.font(header ? 'bold' : 'regular').fontSize(FONT_SIZE);
}

/** Widths that fit the content where they can, the rest wrapping (columnLayout.ts). */
function columnWidths(doc: Pdf, table: DocumentTable, available: number, timeZone: string): number[] {
  const width = (header: boolean) => (text: string) => cellFont(doc, header).widthOfString(printable(text));
  return fitColumns(columnNeeds(table, timeZone, width(false), width(true)), available, 2 * CELL_PAD);
}

function bottom(doc: Pdf): number {
  return doc.page.height - doc.page.margins.bottom;
}

function ensureSpace(doc: Pdf, height: number): boolean {
  if (doc.y + height <= bottom(doc)) return false;
  doc.addPage();
  return true;
}

/** A cell's text within its width: on one line when it fits, else wrapped (at most MAX_CELL_LINES). */
interface LaidCell {
  text: string;
  height: number;
  wrapped: boolean;
}

function layCells(doc: Pdf, cells: readonly string[], widths: readonly number[], header: boolean): { cells: LaidCell[]; height: number } {
  cellFont(doc, header);
  const lineHeight = doc.currentLineHeight(true);
  const laid = cells.map((cell, i) => {
    const text = printable(cell);
    const inner = (widths[i] as number) - 2 * CELL_PAD;
    // Measuring a line is cheaper than wrapping it: most cells fit on one.
    if (!text.includes('\n') && doc.widthOfString(text) <= inner) return { text, height: lineHeight, wrapped: false };
    return { text, height: Math.min(doc.heightOfString(text, { width: inner }), MAX_CELL_LINES * lineHeight), wrapped: true };
  });
  const tallest = Math.max(lineHeight, ...laid.map((cell) => cell.height));
  const minimum = header ? HEADER_HEIGHT : ROW_HEIGHT;
  return { cells: laid, height: Math.max(minimum, tallest + minimum - lineHeight) };
}

interface RowStyle {
  header: boolean;
  shaded: boolean;
  /** Draws the header row again at the top of a page this row starts. */
  onNewPage?: () => void;
}

function drawRow(doc: Pdf, cells: readonly string[], widths: readonly number[], { header, shaded, onNewPage }: RowStyle) {
  const row = layCells(doc, cells, widths, header);
  if (ensureSpace(doc, row.height)) onNewPage?.();
  const y = doc.y;
  const left = doc.page.margins.left;
  const width = widths.reduce((a, b) => a + b, 0);
  if (header || shaded) doc.save().rect(left, y, width, row.height).fill(header ? '#d9dee5' : '#f3f5f7').restore();
  cellFont(doc, header).fillColor('#000000');
  const lineHeight = doc.currentLineHeight(true);
  const top = y + (Math.min(row.height, header ? HEADER_HEIGHT : ROW_HEIGHT) - lineHeight) / 2;
  let x = left;
  row.cells.forEach((cell, i) => {
    const w = widths[i] as number;
    if (cell.wrapped) {
      // Half a line of slack: the last line that fits must not be taken for one too many.
      doc.text(cell.text, x + CELL_PAD, top, { width: w - 2 * CELL_PAD, height: cell.height + lineHeight / 2, ellipsis: true });
    } else if (cell.text) {
      doc.text(cell.text, x + CELL_PAD, top, { lineBreak: false });
    }
    x += w;
  });
  doc.x = left;
  doc.y = y + row.height;
}

async function drawTable(doc: Pdf, table: DocumentTable, timeZone: string) {
  const available = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const widths = columnWidths(doc, table, available, timeZone);
  if (table.title) {
    ensureSpace(doc, 20 + HEADER_HEIGHT + ROW_HEIGHT);
    doc.font('bold').fontSize(13).fillColor('#000000').text(printable(table.title), { width: available });
    doc.moveDown(0.3);
  }
  ensureSpace(doc, HEADER_HEIGHT + ROW_HEIGHT);
  const header = () => drawRow(doc, table.columns, widths, { header: true, shaded: false });
  header();
  for (const [index, row] of table.rows.entries()) {
    // The header row is repeated on every page the table runs onto.
    drawRow(doc, row.map((cell) => cellText(cell, timeZone)), widths, { header: false, shaded: index % 2 === 1, onNewPage: header });
    if (index % ROWS_PER_BREATH === ROWS_PER_BREATH - 1) await breathe();
  }
  if (table.rows.length === 0) {
    doc.font('italic').fontSize(FONT_SIZE).fillColor(GREY).text('No rows', doc.page.margins.left + CELL_PAD, doc.y + 3);
  }
  doc.x = doc.page.margins.left;
  doc.moveDown(1);
}

/**
 * Images in one row, side by side, each in an equal share of the width, all as tall as the
 * shortest of them fits (its share, its own size, MAX_IMAGE_HEIGHT), their captions under them in
 * their share; the row moves to a new page whole.
 */
function drawImages(doc: Pdf, row: readonly ReportImage[]) {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const share = (width - IMAGE_GAP * (row.length - 1)) / row.length;
  const height = Math.min(MAX_IMAGE_HEIGHT, ...row.map((image) => Math.min(image.height, (share / image.width) * image.height)));
  doc.font('italic').fontSize(9);
  const captions = row.map((image) => (image.caption ? doc.heightOfString(printable(image.caption), { width: share }) : 0));
  ensureSpace(doc, height + 4 + Math.max(...captions));
  const top = doc.y;
  row.forEach((image, i) => {
    const left = doc.page.margins.left + i * (share + IMAGE_GAP);
    doc.image(image.data, left, top, { width: (image.width / image.height) * height, height });
    if (image.caption) doc.font('italic').fontSize(9).fillColor(GREY).text(printable(image.caption), left, top + height + 4, { width: share });
  });
  doc.x = doc.page.margins.left;
  doc.y = top + height + 4 + Math.max(...captions);
  doc.moveDown(1);
}

async function drawBlock(doc: Pdf, block: DocumentBlock, images: readonly ReportImage[], next: { image: number }, timeZone: string) {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  const left = doc.page.margins.left;
  if ('heading' in block) {
    ensureSpace(doc, 40);
    doc.font('bold').fontSize(11).fillColor('#000000').text(printable(block.heading), left, doc.y, { width });
    doc.moveDown(0.3);
  } else if ('paragraph' in block) {
    doc.font('regular').fontSize(10).fillColor('#000000').text(printable(plainText(block.paragraph, timeZone)), left, doc.y, { width });
    doc.moveDown(0.5);
  } else if ('table' in block) {
    await drawTable(doc, block.table, timeZone);
  } else {
    const row = images.slice(next.image, next.image + block.images.length);
    next.image += block.images.length;
    drawImages(doc, row);
  }
}

/** A section: on a page of its own when it asks, its title and subtitle, then its blocks in order. */
async function drawSection(doc: Pdf, section: DocumentSection, images: readonly ReportImage[], next: { image: number }, timeZone: string) {
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;
  if (section.newPage) doc.addPage();
  else ensureSpace(doc, 80);
  doc.font('bold').fontSize(15).fillColor('#000000').text(printable(section.title), doc.page.margins.left, doc.y, { width });
  if (section.subtitle) doc.font('regular').fontSize(10).fillColor(GREY).text(printable(plainText(section.subtitle, timeZone)), { width });
  doc.moveDown(0.6);
  for (const block of section.blocks) await drawBlock(doc, block, images, next, timeZone);
  await breathe();
}

function numberPages(doc: Pdf) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(`Page ${i + 1} of ${range.count}`, doc.page.margins.left, doc.page.height - MARGIN + 10, {
        width: doc.page.width - doc.page.margins.left - doc.page.margins.right,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = keep;
  }
}

/**
 * A4 PDF: title, subtitle, the zone its times are in, paragraphs, tables (header row on every page, shaded rows, columns as
 * wide as their content where the page allows, longer cells wrapped), images with captions, the
 * sections (headings, paragraphs, tables and rows of images side by side, in order), and
 * "Page n of m" at the foot of each page.
 * Wide tables (more than six columns) turn the pages to landscape.
 */
export async function renderPdf({ model, images, timeZone }: RenderInput): Promise<Buffer> {
  const wide = isWide(model);
  const doc = new PDFDocument({
    size: 'A4',
    layout: wide ? 'landscape' : 'portrait',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: MARGIN + FOOTER_SPACE },
    bufferPages: true,
    info: { Title: printable(model.title), Creator: 'FacilityOps' },
  });
  for (const [name, bytes] of Object.entries(fonts())) doc.registerFont(name, bytes);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.font('bold').fontSize(20).fillColor('#000000').text(printable(model.title), { width });
  if (model.subtitle) doc.font('regular').fontSize(12).fillColor(GREY).text(printable(plainText(model.subtitle, timeZone)), { width });
  const zoneNote = timeZoneNote(model, timeZone);
  if (zoneNote) doc.font('italic').fontSize(9).fillColor(GREY).text(printable(zoneNote), { width });
  doc.moveDown(1);
  for (const paragraph of model.paragraphs ?? []) {
    doc.font('regular').fontSize(10).fillColor('#000000').text(printable(plainText(paragraph, timeZone)), { width });
    doc.moveDown(0.5);
  }
  if (model.paragraphs?.length) doc.moveDown(0.5);
  for (const table of model.tables ?? []) await drawTable(doc, table, timeZone);
  const { top: topImages, sections: sectionImages } = splitImages(model, images);
  for (const image of topImages) drawImages(doc, [image]);
  // The sections' images come in their order: each section goes on from where the last stopped.
  const next = { image: 0 };
  for (const section of model.sections ?? []) await drawSection(doc, section, sectionImages, next, timeZone);
  numberPages(doc);
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}
