import { useMemo, useState } from 'react';
import { Alert, Box, Button, LinearProgress, Paper, Stack, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PrintIcon from '@mui/icons-material/Print';
import { useGetList, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { LabelPrintStyles } from './LabelPrintStyles';
import { LabelSheets } from './LabelSheets';
import type { LabelLayout } from './labelLayout';
import { ASSET_MANAGEMENT_PATH, idsOfLabelsQuery } from './labelRoute';
import { labelSelection, type LabelAsset } from './labelSelection';
import { useQrCodes } from './qrCodes';

const WHOLE_LIST = { page: 1, perPage: 1_000_000 };
const LABEL_FIELDS = ['name', 'identification'] as const;

/**
 * QR labels of the assets selected in Asset management (ids in the query, so the page can be
 * reloaded or bookmarked for a label printer): A4 label sheets or one label per page, printed
 * with the browser's print dialog. Assets without an identification are named, not printed.
 */
export function AssetLabelsPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const ids = useMemo(() => idsOfLabelsQuery(search), [search]);
  const [layout, setLayout] = useState<LabelLayout>('sheet');
  const { data, isPending, error } = useGetList<LabelAsset>(
    'asset',
    { pagination: WHOLE_LIST, meta: { all: true, fields: LABEL_FIELDS } },
    { enabled: ids.length > 0 },
  );
  const loaded = ids.length > 0 && !isPending && !error;
  const selection = useMemo(() => labelSelection(ids, data ?? []), [ids, data]);
  const payloads = useMemo(() => selection.labels.map((label) => label.payload), [selection]);
  const { codes, failed } = useQrCodes(payloads);
  const { labels, withoutIdentification, missing } = selection;

  return (
    <Box className="qr-labels-screen" sx={{ p: { xs: 1, sm: 2 } }}>
      <LabelPrintStyles layout={layout} />
      <Paper className="no-print" sx={{ p: 2, mb: 2 }}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
          <Button startIcon={<ArrowBackIcon />} onClick={() => navigate(ASSET_MANAGEMENT_PATH)} sx={{ whiteSpace: 'nowrap' }}>
            {translate('app.asset.labels.back')}
          </Button>
          <Typography variant="h6" component="h1" sx={{ flexGrow: 1 }}>
            {translate('app.asset.labels.title')}
            {loaded && (
              <Typography component="span" color="text.secondary" sx={{ ml: 1.5 }}>
                {translate('app.asset.labels.count', { smart_count: labels.length })}
              </Typography>
            )}
          </Typography>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={layout}
            onChange={(_event, next: LabelLayout | null) => next && setLayout(next)}
            aria-label={translate('app.asset.labels.layout')}
            sx={{ '& .MuiToggleButton-root': { textTransform: 'none', whiteSpace: 'nowrap' } }}
          >
            <ToggleButton value="sheet">{translate('app.asset.labels.layout_sheet')}</ToggleButton>
            <ToggleButton value="roll">{translate('app.asset.labels.layout_roll')}</ToggleButton>
          </ToggleButtonGroup>
          <Button variant="contained" startIcon={<PrintIcon />} disabled={!codes || labels.length === 0} onClick={() => window.print()}>
            {translate('app.asset.labels.print')}
          </Button>
        </Stack>
        <Stack spacing={1} sx={{ mt: ids.length === 0 || withoutIdentification.length > 0 || missing.length > 0 || failed || error ? 2 : 0 }}>
          {ids.length === 0 && <Alert severity="info">{translate('app.asset.labels.none_selected')}</Alert>}
          {error && <Alert severity="error">{translate('ra.notification.http_error')}</Alert>}
          {loaded && withoutIdentification.length > 0 && (
            <Alert severity="warning" data-testid="labels-without-identification">
              {translate('app.asset.labels.without_identification', { names: withoutIdentification.map((asset) => asset.name).join(', ') })}
            </Alert>
          )}
          {loaded && missing.length > 0 && (
            <Alert severity="warning">{translate('app.asset.labels.missing', { smart_count: missing.length })}</Alert>
          )}
          {failed && <Alert severity="error">{translate('app.asset.labels.failed')}</Alert>}
        </Stack>
      </Paper>
      {ids.length > 0 && (isPending || (labels.length > 0 && !codes && !failed)) && <LinearProgress />}
      {codes && labels.length > 0 && <LabelSheets labels={labels} codes={codes} layout={layout} />}
    </Box>
  );
}
