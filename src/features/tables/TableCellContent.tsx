import { Suspense, useState } from 'react';
import { lazyWithTimeout } from '../../shared/ui/lazyWithTimeout';
import { useTimeZone } from '../../shared/ui/timeZone';
import { Box, Chip, IconButton, Stack, Tooltip } from '@mui/material';
import DescriptionIcon from '@mui/icons-material/Description';
import GridOnIcon from '@mui/icons-material/GridOn';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useNotify, useTranslate } from 'react-admin';
import { orderedFormats, REPORT_FORMAT_LABELS, type ReportFormat } from '../../../common/resources/report';
import type { QueryValue } from '../../platform/dataProvider/apiBase';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { readableTextColor } from '../../shared/ui/readableTextColor';
import { useReportDownload } from '../../admin/reports/downloadReport';
import { REPORT_FORMAT_FIELDS, cellText, levelOf, looksLikeHtml, severityOf } from './cellText';
import { SafeHtml } from '../../shared/ui/SafeHtml';
import { storedFileIdOf } from './storedFile';

/*
 * A file or picture cell (thumbnail, image viewer, download) is its own chunk: most tables — and the
 * technician's home dashboard, painted on a phone's first load — have none (issue 20).
 */
const FileDownloadCell = lazyWithTimeout('FileDownloadCell', () => import('./FileCells').then((module) => module.FileDownloadCell));
const ImageCell = lazyWithTimeout('ImageCell', () => import('./FileCells').then((module) => module.ImageCell));
/** Each cell's own size (a 48 px thumbnail; a small icon button, 30 px) is kept while its code loads, so the row does not grow. */
const IMAGE_CELL_BOX = { display: 'inline-block', width: 48, height: 48 } as const;
const DOWNLOAD_CELL_BOX = { display: 'inline-block', width: 30, height: 30 } as const;
import type { TableRow } from './tableDefinition';

const FORMAT_ICONS = { pdf: PictureAsPdfIcon, doc: DescriptionIcon, xls: GridOnIcon } as const;
/** Spec §2.5 shows the icons as pdf, doc, xls. */
const ICON_ORDER: readonly ReportFormat[] = ['pdf', 'doc', 'xls'];

interface ReportFormatIconsProps {
  id: string;
  name: string;
  formats: unknown;
  filters: Record<string, QueryValue>;
}

/** One icon per format the report row offers; each downloads the report in that format. */
function ReportFormatIcons({ id, name, formats, filters }: ReportFormatIconsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const download = useReportDownload();
  const [busy, setBusy] = useState(false);
  const offered = new Set(orderedFormats(Array.isArray(formats) ? formats.map(String) : ['pdf', 'xls', 'doc']));
  const run = async (format: ReportFormat) => {
    setBusy(true);
    try {
      await download(id, format, filters, name);
    } catch (error: unknown) {
      const message = errorMessageOf(error, translate);
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack direction="row" spacing={0.5}>
      {ICON_ORDER.filter((format) => offered.has(format)).map((format) => {
        const Icon = FORMAT_ICONS[format];
        const label = translate('app.tables.download_as', { name, format: REPORT_FORMAT_LABELS[format] });
        return (
          <Tooltip key={format} title={label}>
            <span>
              <IconButton size="small" aria-label={label} disabled={busy} onClick={() => void run(format)}>
                <Icon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        );
      })}
    </Stack>
  );
}

interface TableCellContentProps {
  row: TableRow;
  rowId: string;
  dataField: string;
  filters: Record<string, QueryValue>;
}

/** A cell of the generic table: the special columns of spec §2.5 by dataField, else the value as text. */
export function TableCellContent({ row, rowId, dataField, filters }: TableCellContentProps) {
  const translate = useTranslate();
  const timeZone = useTimeZone();
  const value = row[dataField];
  if (dataField === 'tags' && Array.isArray(value)) {
    return (
      <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {value.map((tag) => (
          <Chip key={String(tag)} label={String(tag)} size="small" />
        ))}
      </Stack>
    );
  }
  if (dataField === 'level') {
    const level = levelOf(value);
    if (!level) return null;
    if (!level.color) return <>{level.name}</>;
    return (
      <Tooltip title={level.name}>
        <Box role="img" aria-label={level.name} data-color={level.color} sx={{ width: 16, height: 16, borderRadius: '50%', bgcolor: level.color, display: 'inline-block' }} />
      </Tooltip>
    );
  }
  if (dataField === 'severityLevel') {
    const severity = severityOf(value);
    if (!severity) return null;
    const color = severity.color;
    return <Chip size="small" label={translate('app.table.priority', { level: severity.text })} sx={color ? { bgcolor: color, color: (theme) => readableTextColor(theme, color) } : undefined} />;
  }
  // A download column naming a stored file (a thermography note's picture) downloads that file;
  // on a report row it offers the report's formats.
  const fileId = storedFileIdOf(value);
  if (dataField === 'download' && value === null) return null;
  if (dataField === 'download' && fileId) {
    return (
      <Suspense fallback={<Box component="span" sx={DOWNLOAD_CELL_BOX} />}>
        <FileDownloadCell fileId={fileId} name={String(row.name ?? row.imageNumber ?? fileId)} />
      </Suspense>
    );
  }
  if (fileId && /image$/i.test(dataField)) {
    return (
      <Suspense fallback={<Box component="span" sx={IMAGE_CELL_BOX} />}>
        <ImageCell fileId={fileId} caption={String(row.identification || row.name || dataField)} />
      </Suspense>
    );
  }
  if (REPORT_FORMAT_FIELDS.has(dataField)) {
    return <ReportFormatIcons id={rowId} name={String(row.name ?? '')} formats={row.formats} filters={filters} />;
  }
  // DESIGN §7: HTML from data is shown, sanitised — never as raw markup, never unsanitised.
  if (looksLikeHtml(value)) return <SafeHtml html={value} sx={{ '& p': { m: 0 } }} />;
  return <>{cellText(dataField, value, (text) => translate('app.table.priority', { level: text }), timeZone)}</>;
}
