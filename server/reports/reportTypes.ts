import { formatDate, formatTimestamp } from '../../common/formatTime';
import { holdsTimes, isDocumentTime, type DocumentCell, type DocumentModel, type DocumentText, type DocumentTime } from '../../common/reports/documentModel';
import type { ReportFormat } from '../../common/resources/report';

/** An image of the document model, read and measured, ready for every renderer. */
export interface ReportImage {
  data: Buffer;
  type: 'png' | 'jpeg';
  width: number;
  height: number;
  caption?: string;
}

export interface RenderInput {
  model: DocumentModel;
  images: readonly ReportImage[];
  /** The zone the document's times are shown in (IANA name): the requester's. */
  timeZone: string;
}

export type Renderer = (input: RenderInput) => Promise<Buffer>;

/**
 * The images a renderer is handed, in documentImages' order, parted into the top-level ones and
 * the sections' (which each section takes in turn from the front).
 */
export function splitImages(model: DocumentModel, images: readonly ReportImage[]): { top: ReportImage[]; sections: ReportImage[] } {
  const inSections = (model.sections ?? []).reduce((sum, s) => sum + s.blocks.reduce((n, b) => n + ('images' in b ? b.images.length : 0), 0), 0);
  const top = Math.max(0, images.length - inSections);
  return { top: images.slice(0, top), sections: images.slice(top) };
}

/** More than six columns in a table turn the document's pages to landscape. */
export function isWide(model: DocumentModel): boolean {
  const tables = [...(model.tables ?? []), ...(model.sections ?? []).flatMap((s) => s.blocks.flatMap((b) => ('table' in b ? [b.table] : [])))];
  return tables.some((t) => t.columns.length > 6);
}

/** The model a script returned cannot be rendered: 422 with this message. */
export class ReportModelError extends Error {}

/** The zone of a report whose requester named none (a call outside the web app): stated on the report as any other. */
export const DEFAULT_REPORT_TIME_ZONE = 'UTC';

export const REPORT_FILES: Record<ReportFormat, { extension: string; contentType: string }> = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  xls: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  doc: { extension: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
};

/** Lets other requests run between chunks of a long rendering. */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A time as the app shows it (common/formatTime.ts), in the report's zone. */
export function timeText(time: DocumentTime, timeZone: string): string {
  return time.dateTime !== undefined ? formatTimestamp(time.dateTime, timeZone) : formatDate(time.date, timeZone);
}

/** A cell as text (PDF, DOCX, and the XLSX's column widths): null is empty, booleans read Yes/No, times as shown. */
export function cellText(value: DocumentCell, timeZone: string): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (isDocumentTime(value)) return timeText(value, timeZone);
  return String(value);
}

/** A subtitle or paragraph as text, its times as shown. */
export function plainText(text: DocumentText, timeZone: string): string {
  return typeof text === 'string' ? text : text.map((part) => (typeof part === 'string' ? part : timeText(part, timeZone))).join('');
}

/**
 * The line under the title of a document that shows times: which zone they are in (issue 40 §8:
 * a reader must never have to guess). A document without times has none.
 */
export function timeZoneNote(model: DocumentModel, timeZone: string): string | null {
  return holdsTimes(model) ? `Times are in the ${timeZone} time zone.` : null;
}
