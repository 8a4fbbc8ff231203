import { useState } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useTranslate } from 'react-admin';
import { orderedFormats, REPORT_FORMAT_LABELS, type ReportFormat } from '../../../common/resources/report';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { useReportDownload } from './downloadReport';
import type { ReportRecord } from './types';

/** Under a report's editor: one download button per format it offers (the saved record's, not unsaved edits). */
export function ReportDownloads({ record }: EditorProps<ReportRecord>) {
  const { name, formats = [] } = record;
  const id = String(record.id);
  const hasScript = Boolean(record.script);
  const translate = useTranslate();
  const notify = useNotify();
  const download = useReportDownload();
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const offered = orderedFormats(formats);

  const run = async (format: ReportFormat) => {
    setBusy(format);
    try {
      await download(id, format, {}, name);
    } catch (error: unknown) {
      const message = error instanceof Error && error.message ? error.message : translate('app.report.download_failed');
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setBusy(null);
    }
  };

  if (offered.length === 0) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
      <Typography variant="subtitle2" component="span">
        {translate('app.report.downloads')}
      </Typography>
      {offered.map((format) => (
        <Button
          key={format}
          variant="outlined"
          size="small"
          startIcon={<DownloadIcon />}
          disabled={!hasScript || busy !== null}
          onClick={() => void run(format)}
        >
          {busy === format ? translate('app.report.downloading') : REPORT_FORMAT_LABELS[format]}
        </Button>
      ))}
      {!hasScript && (
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {translate('app.report.needs_script')}
        </Typography>
      )}
    </Stack>
  );
}
