import type { ReportFormat } from '../../common/resources/report';
import { renderDocx } from './renderDocx';
import { renderPdf } from './renderPdf';
import { renderXlsx } from './renderXlsx';
import type { RenderInput, Renderer } from './reportTypes';

const RENDERERS: Record<ReportFormat, Renderer> = { pdf: renderPdf, xls: renderXlsx, doc: renderDocx };

/** The document model as a file of the format (spec §9: pdf, xls → .xlsx, doc → .docx). */
export function renderReport(format: ReportFormat, input: RenderInput): Promise<Buffer> {
  return RENDERERS[format](input);
}
