import { useId, useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup, Stack, useMediaQuery, type Theme } from '@mui/material';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { useNotify, useTranslate } from 'react-admin';
import { formatTimestamp } from '../../../common/formatTime';
import { useThermographyReportDownload, type ThermographyReportFormat, type ThermographyReportScope } from '../../admin/reports/downloadReport';
import { DateInput } from '../../shared/ui/DateInput';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { dayTextToEpoch, toDayText } from '../tables/tableFilters';

export interface ThermographyReportButtonProps {
  inspection?: { id: string; timestamp: number };
  asset?: { id: string };
  /** Offer every asset's notes over a period. */
  site?: boolean;
}

type Cover = 'inspection' | 'asset' | 'site';

/** The period as its inputs hold it: YYYY-MM-DD days, '' while one is not whole. */
interface PeriodDays {
  from: string;
  to: string;
}

const FORMATS: readonly ThermographyReportFormat[] = ['pdf', 'doc'];

function coversOffered({ inspection, asset, site }: ThermographyReportButtonProps): Cover[] {
  const covers: Cover[] = [];
  if (inspection) covers.push('inspection');
  if (asset) covers.push('asset');
  if (site) covers.push('site');
  return covers;
}

/** The last twelve months, today included. */
function lastTwelveMonths(): PeriodDays {
  const today = new Date();
  return { from: toDayText(new Date(today.getFullYear() - 1, today.getMonth(), today.getDate()).getTime()), to: toDayText(today.getTime()) };
}

interface PeriodBounds {
  from: number;
  to: number;
}

/** From's local midnight to the last millisecond of To, as epoch ms; null while a day is missing. */
function periodBounds(period: PeriodDays): PeriodBounds | null {
  const from = dayTextToEpoch(period.from);
  const to = dayTextToEpoch(period.to, true);
  return from === null || to === null ? null : { from, to };
}

/** What keeps a period from being asked for, as a message key; null when nothing does. */
function periodProblem(bounds: PeriodBounds | null): string | null {
  if (!bounds) return 'app.thermography.report.period_incomplete';
  return bounds.from > bounds.to ? 'app.thermography.report.from_after_to' : null;
}

function scopeOf(cover: Cover, { inspection, asset }: ThermographyReportButtonProps, bounds: PeriodBounds | null): ThermographyReportScope | null {
  if (cover === 'inspection') return inspection ? { inspection: inspection.id } : null;
  if (!bounds) return null;
  if (cover === 'asset') return asset ? { asset: asset.id, ...bounds } : null;
  return bounds;
}

/**
 * The thermography report of what the page shows — its inspection, its asset's notes over a
 * period, or every asset's (`site`) — as PDF or Word, from a dialog that says what it covers.
 */
export function ThermographyReportButton(props: ThermographyReportButtonProps) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const covers = coversOffered(props);
  const [firstCover] = covers;
  if (!firstCover) return null;
  return (
    <>
      <Button variant="outlined" size="small" startIcon={<PictureAsPdfIcon />} onClick={() => setOpen(true)}>
        {translate('app.thermography.report.open')}
      </Button>
      {/* Mounted while open: each opening starts from the first cover and the last twelve months. */}
      {open && <ThermographyReportDialog {...props} covers={covers} firstCover={firstCover} onClose={() => setOpen(false)} />}
    </>
  );
}

interface ThermographyReportDialogProps extends ThermographyReportButtonProps {
  covers: readonly Cover[];
  firstCover: Cover;
  onClose: () => void;
}

function ThermographyReportDialog({ covers, firstCover, onClose, ...props }: ThermographyReportDialogProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const download = useThermographyReportDownload();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const coversLabelId = useId();
  const formatLabelId = useId();
  const periodMessageId = useId();
  const [cover, setCover] = useState(firstCover);
  const [period, setPeriod] = useState(lastTwelveMonths);
  const [format, setFormat] = useState<ThermographyReportFormat>('pdf');
  const [busy, setBusy] = useState(false);
  const bounds = periodBounds(period);
  const problem = cover === 'inspection' ? null : periodProblem(bounds);
  const scope = problem ? null : scopeOf(cover, props, bounds);

  const coverLabel = (choice: Cover) =>
    choice === 'inspection' && props.inspection
      ? translate('app.thermography.report.this_inspection', { date: formatTimestamp(props.inspection.timestamp) })
      : translate(choice === 'asset' ? 'app.thermography.report.this_asset' : 'app.thermography.report.all_assets');

  const run = async () => {
    if (!scope) return;
    setBusy(true);
    try {
      const filename = await download(scope, format);
      notify('app.thermography.report.downloaded', { type: 'info', messageArgs: { name: filename } });
      onClose();
    } catch (error: unknown) {
      const message = errorMessageOf(error, translate);
      notify(message, { type: 'error', messageArgs: { _: message } });
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={fullScreen} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{translate('app.thermography.report.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <FormControl>
            <FormLabel id={coversLabelId}>{translate('app.thermography.report.covers')}</FormLabel>
            <RadioGroup aria-labelledby={coversLabelId} value={cover} onChange={(event) => setCover(event.target.value as Cover)}>
              {covers.map((choice) => (
                <FormControlLabel key={choice} value={choice} control={<Radio />} label={coverLabel(choice)} disabled={busy} />
              ))}
            </RadioGroup>
          </FormControl>
          {cover !== 'inspection' && (
            <div>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                {(['from', 'to'] as const).map((end) => (
                  <DateInput
                    key={end}
                    label={translate(`app.thermography.report.${end}`)}
                    value={period[end]}
                    onChange={(day) => setPeriod((current) => ({ ...current, [end]: day }))}
                    error={problem !== null}
                    describedBy={problem ? periodMessageId : undefined}
                    disabled={busy}
                    fullWidth
                    // Download follows the period's validity while a day is typed.
                    handOnWhileTyping
                  />
                ))}
              </Stack>
              {problem && (
                <FormHelperText id={periodMessageId} error sx={{ mx: 1.75 }}>
                  {translate(problem)}
                </FormHelperText>
              )}
            </div>
          )}
          <FormControl>
            <FormLabel id={formatLabelId}>{translate('app.thermography.report.format')}</FormLabel>
            <RadioGroup row aria-labelledby={formatLabelId} value={format} onChange={(event) => setFormat(event.target.value as ThermographyReportFormat)}>
              {FORMATS.map((choice) => (
                <FormControlLabel key={choice} value={choice} control={<Radio />} label={translate(`app.thermography.report.format_${choice}`)} disabled={busy} />
              ))}
            </RadioGroup>
          </FormControl>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {translate('app.thermography.report.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void run()} disabled={busy || !scope}>
          {translate(busy ? 'app.thermography.report.preparing' : 'app.thermography.report.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
