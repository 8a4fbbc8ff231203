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

/** An image: an uploaded file the calling user may read, or a PNG/JPEG data URL. */
export type DocumentImage = ({ fileId: string; dataUrl?: undefined } | { dataUrl: string; fileId?: undefined }) & { caption?: string };

export interface DocumentModel {
  title: string;
  subtitle?: DocumentText;
  paragraphs?: DocumentText[];
  tables?: DocumentTable[];
  images?: DocumentImage[];
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
  images: 20,
  /** Of one image, decoded. */
  imageBytes: 5 * 1_048_576,
  /** Parts of one text holding times. */
  textParts: 100,
  /** Times from 1900 (Excel's first day) to the end of 9999 (its last). */
  earliestTime: Date.UTC(1900, 0, 1),
  latestTime: Date.UTC(10_000, 0, 1) - 1,
} as const;

export type DocumentModelCheck = { ok: true; model: DocumentModel } | { ok: false; problem: string };

const KEYS = new Set(['title', 'subtitle', 'paragraphs', 'tables', 'images']);
const TABLE_KEYS = new Set(['title', 'columns', 'rows']);
const IMAGE_KEYS = new Set(['fileId', 'dataUrl', 'caption']);
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
  const hasFile = value.fileId !== undefined && value.fileId !== null;
  const hasData = value.dataUrl !== undefined && value.dataUrl !== null;
  if (hasFile === hasData) throw new Problem(`${path} needs exactly one of fileId and dataUrl`);
  if (hasFile) {
    const fileId = text(value.fileId, `${path}.fileId`, 64, true) as string;
    return { fileId, ...withCaption };
  }
  const dataUrl = text(value.dataUrl, `${path}.dataUrl`, Math.ceil((DOCUMENT_LIMITS.imageBytes * 4) / 3) + 100, true) as string;
  if (!DATA_URL.test(dataUrl)) throw new Problem(`${path}.dataUrl must be a base64 data URL of a PNG or JPEG image`);
  return { dataUrl, ...withCaption };
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
  return inText(model.subtitle) || (model.paragraphs ?? []).some(inText) || (model.tables ?? []).some((t) => t.rows.some((row) => row.some(isDocumentTime)));
}
