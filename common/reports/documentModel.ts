/**
 * What a report script returns (DESIGN §7): a document the server renders to PDF, XLSX or DOCX.
 * docs/scripts.md shows an example. `validateDocumentModel` names the first problem the way a
 * script author can find it ('tables[0].rows[12] has 4 cells, but columns has 3').
 */

/**
 * An instant (epoch ms) the report shows in its time zone — the requester's — in the app's formats:
 * `dateTime` as YYYY/MM/DD hh:mm A, `date` as YYYY/MM/DD; a date cell in the spreadsheet. A
 * script never formats times itself: it cannot know the zone, and text is no date to Excel.
 */
export type DocumentTime = { dateTime: number; date?: undefined } | { date: number; dateTime?: undefined };

export type DocumentCell = string | number | boolean | null | DocumentTime;

/** Text, or text with times in it: `['From ', { dateTime: start }, ' to ', { dateTime: end }]`. */
export type DocumentText = string | (string | DocumentTime)[];

export interface DocumentTable {
  title?: string;
  columns: string[];
  rows: DocumentCell[][];
}

/** The pictures of a thermography note a document may show (DESIGN §16). */
export const NOTE_PICTURES = ['thermal', 'real'] as const;
export type NotePicture = (typeof NOTE_PICTURES)[number];

/**
 * An image: an uploaded file the calling user may read, a PNG/JPEG data URL, or a picture of a
 * thermography note the user may read — `thermal` painted from its radiometric data with its
 * measurement tools drawn and a temperature scale (the camera's picture when it has no
 * temperatures), `real` its visible-light picture.
 */
export type DocumentImage = (
  | { fileId: string; dataUrl?: undefined; thermographyNote?: undefined }
  | { dataUrl: string; fileId?: undefined; thermographyNote?: undefined }
  | { thermographyNote: string; picture: NotePicture; fileId?: undefined; dataUrl?: undefined }
) & { caption?: string };

/** A part of a section, in its order: a heading, a paragraph, a table, or images side by side. */
export type DocumentBlock = { heading: string } | { paragraph: DocumentText } | { table: DocumentTable } | { images: DocumentImage[] };

/** A titled part of a document after its first page's content: a finding, a chapter. */
export interface DocumentSection {
  title: string;
  subtitle?: DocumentText;
  /** Starts on a page of its own. */
  newPage?: boolean;
  blocks: DocumentBlock[];
}

export interface DocumentModel {
  title: string;
  subtitle?: DocumentText;
  paragraphs?: DocumentText[];
  tables?: DocumentTable[];
  images?: DocumentImage[];
  /** After the tables and images, in order. */
  sections?: DocumentSection[];
}

export const DOCUMENT_LIMITS = {
  titleLength: 500,
  textLength: 20_000,
  cellLength: 5_000,
  paragraphs: 1_000,
  tables: 50,
  columns: 60,
  /** Over all tables. */
  rows: 200_000,
  /** Of the top-level `images`. */
  images: 20,
  /** Over the whole document, sections' included. */
  allImages: 500,
  /** Images side by side in one block. */
  imagesSideBySide: 3,
  sections: 500,
  blocksPerSection: 500,
  /** Of one image, decoded. */
  imageBytes: 5 * 1_048_576,
  /** Of all images together, decoded. */
  allImageBytes: 100 * 1_048_576,
  /** Parts of one text holding times. */
  textParts: 100,
  /** Times from 1900 (Excel's first day) to the end of 9999 (its last). */
  earliestTime: Date.UTC(1900, 0, 1),
  latestTime: Date.UTC(10_000, 0, 1) - 1,
} as const;

export type DocumentModelCheck = { ok: true; model: DocumentModel } | { ok: false; problem: string };

const KEYS = new Set(['title', 'subtitle', 'paragraphs', 'tables', 'images', 'sections']);
const TABLE_KEYS = new Set(['title', 'columns', 'rows']);
const IMAGE_KEYS = new Set(['fileId', 'dataUrl', 'thermographyNote', 'picture', 'caption']);
const SECTION_KEYS = new Set(['title', 'subtitle', 'newPage', 'blocks']);
const BLOCK_KINDS = ['heading', 'paragraph', 'table', 'images'] as const;
const TIME_KINDS = ['dateTime', 'date'] as const;
const DATA_URL = /^data:image\/(png|jpeg|jpg);base64,[A-Za-z0-9+/=\s]+$/;

class Problem extends Error {}

// Characters XML 1.0 cannot hold (the XLSX and DOCX files are XML): dropped rather than refused.
// eslint-disable-next-line no-control-regex -- matching the control characters XML forbids is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const clean = (value: string) => (NOT_XML.test(value) ? value.replace(new RegExp(NOT_XML.source, 'g'), '') : value);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function text(value: unknown, path: string, max: number, required = false): string | undefined {
  if (value === undefined || (value === null && !required)) {
    if (required) throw new Problem(`${path} is required`);
    return undefined;
  }
  if (typeof value !== 'string') throw new Problem(`${path} must be a string, not ${describe(value)}`);
  if (required && value.trim() === '') throw new Problem(`${path} must not be blank`);
  if (value.length > max) throw new Problem(`${path} must be at most ${max} characters`);
  return clean(value);
}

function list(value: unknown, path: string, max: number): unknown[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) throw new Problem(`${path} must be an array, not ${describe(value)}`);
  if (value.length > max) throw new Problem(`${path} must hold at most ${max} entries`);
  return value;
}

function onlyKeys(value: Record<string, unknown>, allowed: ReadonlySet<string>, path: string) {
  for (const key of Object.keys(value)) if (!allowed.has(key)) throw new Problem(`${path}${key} is not allowed`);
}

function cell(value: unknown, path: string): DocumentCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    if (value.length > DOCUMENT_LIMITS.cellLength) throw new Problem(`${path} must be at most ${DOCUMENT_LIMITS.cellLength} characters`);
    return clean(value);
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Problem(`${path} must be a finite number`);
    return value;
  }
  if (typeof value === 'boolean') return value;
  return time(value, path, 'a string, number, boolean, null');
}

const TIME_SHAPES = 'a time ({ dateTime: epoch ms } or { date: epoch ms })';

/** A time; anything else is refused as not one of `others` or a time. */
function time(value: unknown, path: string, others: string): DocumentTime {
  const keys = isPlainObject(value) ? Object.keys(value) : [];
  const kind = TIME_KINDS.find((k) => k === keys[0]);
  if (!isPlainObject(value) || keys.length !== 1 || !kind) throw new Problem(`${path} must be ${others} or ${TIME_SHAPES}, not ${describe(value)}`);
  const ms = value[kind];
  if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < DOCUMENT_LIMITS.earliestTime || ms > DOCUMENT_LIMITS.latestTime) {
    throw new Problem(`${path}.${kind} must be epoch milliseconds from the year 1900 to 9999, not ${typeof ms === 'number' ? ms : describe(ms)}`);
  }
  return kind === 'dateTime' ? { dateTime: ms } : { date: ms };
}

/** A subtitle or paragraph: a string, or a list of strings and times. */
function richText(value: unknown, path: string, max: number): DocumentText | undefined {
  if (!Array.isArray(value)) return text(value, path, max);
  if (value.length > DOCUMENT_LIMITS.textParts) throw new Problem(`${path} must hold at most ${DOCUMENT_LIMITS.textParts} parts`);
  return value.map((part, i) => (typeof part === 'string' ? (text(part, `${path}[${i}]`, max) as string) : time(part, `${path}[${i}]`, 'a string')));
}

function table(value: unknown, path: string, rowBudget: { left: number }): DocumentTable {
  if (!isPlainObject(value)) throw new Problem(`${path} must be an object, not ${describe(value)}`);
  onlyKeys(value, TABLE_KEYS, `${path}.`);
  const title = text(value.title, `${path}.title`, DOCUMENT_LIMITS.titleLength);
  const columnsIn = list(value.columns, `${path}.columns`, DOCUMENT_LIMITS.columns);
  if (!columnsIn || columnsIn.length === 0) throw new Problem(`${path}.columns must name at least one column`);
  const columns = columnsIn.map((c, i) => text(c, `${path}.columns[${i}]`, DOCUMENT_LIMITS.titleLength, false) ?? '');
  const rowsIn = value.rows === undefined || value.rows === null ? [] : value.rows;
  if (!Array.isArray(rowsIn)) throw new Problem(`${path}.rows must be an array, not ${describe(rowsIn)}`);
  rowBudget.left -= rowsIn.length;
  if (rowBudget.left < 0) throw new Problem(`tables must hold at most ${DOCUMENT_LIMITS.rows} rows in all`);
  const rows = rowsIn.map((row, r) => {
    if (!Array.isArray(row)) throw new Problem(`${path}.rows[${r}] must be an array of cells, not ${describe(row)}`);
    if (row.length !== columns.length) throw new Problem(`${path}.rows[${r}] has ${row.length} cells, but columns has ${columns.length}`);
    return row.map((c, i) => cell(c, `${path}.rows[${r}][${i}]`));
  });
  return title === undefined ? { columns, rows } : { title, columns, rows };
}

function image(value: unknown, path: string): DocumentImage {
  if (!isPlainObject(value)) throw new Problem(`${path} must be an object, not ${describe(value)}`);
  onlyKeys(value, IMAGE_KEYS, `${path}.`);
  const caption = text(value.caption, `${path}.caption`, DOCUMENT_LIMITS.titleLength);
  const withCaption = caption === undefined ? {} : { caption };
  const given = (key: string) => value[key] !== undefined && value[key] !== null;
  const hasFile = given('fileId');
  const hasData = given('dataUrl');
  const hasNote = given('thermographyNote');
  if (Number(hasFile) + Number(hasData) + Number(hasNote) !== 1) throw new Problem(`${path} needs exactly one of fileId, dataUrl and thermographyNote`);
  if (hasNote) {
    const thermographyNote = text(value.thermographyNote, `${path}.thermographyNote`, 64, true) as string;
    const picture = value.picture;
    if (!NOTE_PICTURES.includes(picture as NotePicture)) throw new Problem(`${path}.picture must be one of: ${NOTE_PICTURES.join(', ')}`);
    return { thermographyNote, picture: picture as NotePicture, ...withCaption };
  }
  if (given('picture')) throw new Problem(`${path}.picture is allowed only with thermographyNote`);
  if (hasFile) {
    const fileId = text(value.fileId, `${path}.fileId`, 64, true) as string;
    return { fileId, ...withCaption };
  }
  const dataUrl = text(value.dataUrl, `${path}.dataUrl`, Math.ceil((DOCUMENT_LIMITS.imageBytes * 4) / 3) + 100, true) as string;
  if (!DATA_URL.test(dataUrl)) throw new Problem(`${path}.dataUrl must be a base64 data URL of a PNG or JPEG image`);
  return { dataUrl, ...withCaption };
}

function block(value: unknown, path: string, rowBudget: { left: number }, imageBudget: { left: number }): DocumentBlock {
  if (!isPlainObject(value)) throw new Problem(`${path} must be an object, not ${describe(value)}`);
  const keys = Object.keys(value);
  const kind = BLOCK_KINDS.find((k) => k === keys[0]);
  if (keys.length !== 1 || !kind) throw new Problem(`${path} must hold exactly one of: ${BLOCK_KINDS.join(', ')}`);
  switch (kind) {
    case 'heading':
      return { heading: text(value.heading, `${path}.heading`, DOCUMENT_LIMITS.titleLength, true) as string };
    case 'paragraph':
      return { paragraph: richText(value.paragraph, `${path}.paragraph`, DOCUMENT_LIMITS.textLength) ?? '' };
    case 'table':
      return { table: table(value.table, `${path}.table`, rowBudget) };
    case 'images': {
      const images = list(value.images, `${path}.images`, DOCUMENT_LIMITS.imagesSideBySide) ?? [];
      if (images.length === 0) throw new Problem(`${path}.images must hold at least one image`);
      imageBudget.left -= images.length;
      if (imageBudget.left < 0) throw new Problem(`the document must hold at most ${DOCUMENT_LIMITS.allImages} images in all`);
      return { images: images.map((im, i) => image(im, `${path}.images[${i}]`)) };
    }
  }
}

function section(value: unknown, path: string, rowBudget: { left: number }, imageBudget: { left: number }): DocumentSection {
  if (!isPlainObject(value)) throw new Problem(`${path} must be an object, not ${describe(value)}`);
  onlyKeys(value, SECTION_KEYS, `${path}.`);
  const result: DocumentSection = { title: text(value.title, `${path}.title`, DOCUMENT_LIMITS.titleLength, true) as string, blocks: [] };
  const subtitle = richText(value.subtitle, `${path}.subtitle`, DOCUMENT_LIMITS.titleLength);
  if (subtitle !== undefined) result.subtitle = subtitle;
  if (value.newPage !== undefined && value.newPage !== null) {
    if (typeof value.newPage !== 'boolean') throw new Problem(`${path}.newPage must be a boolean, not ${describe(value.newPage)}`);
    result.newPage = value.newPage;
  }
  const blocks = list(value.blocks, `${path}.blocks`, DOCUMENT_LIMITS.blocksPerSection) ?? [];
  result.blocks = blocks.map((b, i) => block(b, `${path}.blocks[${i}]`, rowBudget, imageBudget));
  return result;
}

/** Checks a script's return value; the model answered holds only known keys, normalised. */
export function validateDocumentModel(value: unknown): DocumentModelCheck {
  try {
    if (!isPlainObject(value)) throw new Problem(`the report script must return an object with a title, not ${describe(value)}`);
    onlyKeys(value, KEYS, '');
    const model: DocumentModel = { title: text(value.title, 'title', DOCUMENT_LIMITS.titleLength, true) as string };
    const subtitle = richText(value.subtitle, 'subtitle', DOCUMENT_LIMITS.titleLength);
    if (subtitle !== undefined) model.subtitle = subtitle;
    const paragraphs = list(value.paragraphs, 'paragraphs', DOCUMENT_LIMITS.paragraphs);
    if (paragraphs) model.paragraphs = paragraphs.map((p, i) => richText(p, `paragraphs[${i}]`, DOCUMENT_LIMITS.textLength) ?? '');
    const tables = list(value.tables, 'tables', DOCUMENT_LIMITS.tables);
    const rowBudget = { left: DOCUMENT_LIMITS.rows };
    if (tables) model.tables = tables.map((t, i) => table(t, `tables[${i}]`, rowBudget));
    const images = list(value.images, 'images', DOCUMENT_LIMITS.images);
    if (images) model.images = images.map((im, i) => image(im, `images[${i}]`));
    const imageBudget = { left: DOCUMENT_LIMITS.allImages - (model.images?.length ?? 0) };
    const sections = list(value.sections, 'sections', DOCUMENT_LIMITS.sections);
    if (sections) model.sections = sections.map((s, i) => section(s, `sections[${i}]`, rowBudget, imageBudget));
    return { ok: true, model };
  } catch (error) {
    if (error instanceof Problem) return { ok: false, problem: error.message };
    throw error;
  }
}

export const isDocumentTime = (value: unknown): value is DocumentTime => isPlainObject(value);

/** Whether the document shows any time: then it says which zone its times are in. */
export function holdsTimes(model: DocumentModel): boolean {
  const inText = (value: DocumentText | undefined) => Array.isArray(value) && value.some(isDocumentTime);
  const inTable = (t: DocumentTable) => t.rows.some((row) => row.some(isDocumentTime));
  const inBlock = (b: DocumentBlock) => ('paragraph' in b && inText(b.paragraph)) || ('table' in b && inTable(b.table));
  return (
    inText(model.subtitle) ||
    (model.paragraphs ?? []).some(inText) ||
    (model.tables ?? []).some(inTable) ||
    (model.sections ?? []).some((s) => inText(s.subtitle) || s.blocks.some(inBlock))
  );
}

/**
 * Every image of the document in the order the renderers draw them: the top-level images, then
 * the sections' from first to last. The images a renderer is handed come in this order.
 */
export function documentImages(model: DocumentModel): DocumentImage[] {
  const inSections = (model.sections ?? []).flatMap((s) => s.blocks.flatMap((b) => ('images' in b ? b.images : [])));
  return [...(model.images ?? []), ...inSections];
}
