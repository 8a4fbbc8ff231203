import { useId, useState } from 'react';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { HOUR_MS, MAX_LABOUR_HOURS } from '../../../../../common/resources/workAccounting';
import { DateTimeInput } from '../../../../shared/ui/DateTimeInput';

interface Props {
  onClose: () => void;
  /** Resolves true once recorded (or kept on the phone); `onRefused` is told the server's message. */
  onAdd: (startedAt: number, hours: number, onRefused: (message: string) => void) => Promise<boolean>;
}

const MINUTE_MS = 60_000;

/** The hours typed, when they are a number above 0 and at most one entry's longest (comma or point). */
function hoursOf(text: string): number | null {
  const hours = Number(text.trim().replace(',', '.'));
  return text.trim() !== '' && Number.isFinite(hours) && hours > 0 && hours <= MAX_LABOUR_HOURS ? hours : null;
}

/**
 * 'Add time' (DESIGN §18): work done without the timer, as when it started and how many hours it
 * took. The start is proposed an hour before the dialog opened (to the minute); it may not lie in
 * the future, nor end after the dialog opened.
 */
export function AddTimeDialog({ onClose, onAdd }: Props) {
  const translate = useTranslate();
  const titleId = useId();
  const [openedAt] = useState(() => Date.now());
  const [startedAt, setStartedAt] = useState<number | null>(() => Math.floor((openedAt - HOUR_MS) / MINUTE_MS) * MINUTE_MS);
  const [hoursText, setHoursText] = useState('1');
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const hours = hoursOf(hoursText);
  const endsLater = startedAt !== null && hours !== null && startedAt + hours * HOUR_MS > openedAt;
  const problem = hours === null ? 'hours_invalid' : endsLater ? 'time_in_future' : null;

  const add = async () => {
    if (startedAt === null || hours === null || problem) return;
    setSaving(true);
    setRefusal(null);
    const done = await onAdd(startedAt, hours, setRefusal);
    setSaving(false);
    if (done) onClose();
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{translate('app.technician.work_order.add_time_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <DateTimeInput label={translate('app.technician.work_order.add_time_started')} value={startedAt} onChange={setStartedAt} maxDateTime={openedAt} variant="outlined" fullWidth />
          <TextField
            label={translate('app.technician.work_order.add_time_hours')}
            value={hoursText}
            onChange={(event) => setHoursText(event.target.value)}
            error={problem !== null && hoursText !== ''}
            helperText={problem ? translate(`app.technician.work_order.${problem}`, { max: MAX_LABOUR_HOURS }) : ' '}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            fullWidth
          />
          {refusal && <Alert severity="error">{refusal}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} sx={{ minHeight: 48 }}>
          {translate('ra.action.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void add()} disabled={saving || startedAt === null || problem !== null} sx={{ minHeight: 48 }}>
          {translate('app.technician.work_order.add_time_save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
