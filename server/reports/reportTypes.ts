import type { DocumentModel } from '../../common/reports/documentModel';
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
}

export type Renderer = (input: RenderInput) => Promise<Buffer>;

/** The model a script returned cannot be rendered: 422 with this message. */
export class ReportModelError extends Error {}

export const REPORT_FILES: Record<ReportFormat, { extension: string; contentType: string }> = {
  pdf: { extension: 'pdf', contentType: 'application/pdf' },
  xls: { extension: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  doc: { extension: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
};

/** Lets other requests run between chunks of a long rendering. */
export const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A cell as text (PDF, DOCX): null is empty, booleans read Yes/No. */
export function cellText(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
