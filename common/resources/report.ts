import { strictObject } from './schemaParts';
import { field } from '../fields';

/** Spec §9: the formats a report can be downloaded in. */
export const REPORT_FORMATS = ['pdf', 'xls', 'doc'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

/** What a format is called on screen: the editor's picker and cells, the download buttons. */
export const REPORT_FORMAT_LABELS: Readonly<Record<ReportFormat, string>> = { pdf: 'PDF', xls: 'XLS', doc: 'DOC' };

export function isReportFormat(value: unknown): value is ReportFormat {
  return typeof value === 'string' && (REPORT_FORMATS as readonly string[]).includes(value);
}

/** Spec §3 Report: its script returns the document model (common/reports/documentModel.ts). */
export interface Report {
  _id: string;
  name: string;
  formats: ReportFormat[];
  script: string | null;
}

export const reportSchema = strictObject({
  name: field.name(),
  // A new report (POST {name}, spec §7) offers every format until an administrator narrows it.
  formats: field.multiChoice('Formats', REPORT_FORMATS, { initial: REPORT_FORMATS, labels: REPORT_FORMAT_LABELS }),
  script: field.reference('Script', 'script'),
});

/** Formats in the spec's order (pdf, xls, doc), whatever order they were ticked in. */
export function orderedFormats(formats: readonly string[]): ReportFormat[] {
  return REPORT_FORMATS.filter((format) => formats.includes(format));
}
