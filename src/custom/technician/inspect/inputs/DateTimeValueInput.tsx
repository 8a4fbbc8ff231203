import { Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { touchFieldSx, type ValueInputProps } from './valueInputProps';

const pad = (n: number) => String(n).padStart(2, '0');

/** Epoch ms as the local 'YYYY-MM-DDTHH:mm' a datetime-local input shows. */
export function toLocalInput(epochMs: number): string {
  const d = new Date(epochMs);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The input's local time as epoch ms (a date-time without offset is read as local time). */
export function fromLocalInput(text: string): number | null {
  if (!text) return null;
  const epoch = new Date(text).getTime();
  return Number.isFinite(epoch) ? epoch : null;
}

/** A date-time value is epoch ms (docs/inspections.md); Now fills in the current minute in one tap. */
export const DateTimeValueInput = ({ value, onChange, labelId, describedBy, error, required }: ValueInputProps) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <TextField
        variant="outlined"
        type="datetime-local"
        fullWidth
        value={typeof value === 'number' ? toLocalInput(value) : ''}
        onChange={(event) => onChange(fromLocalInput(event.target.value))}
        error={error}
        sx={touchFieldSx}
        slotProps={{ htmlInput: { 'aria-labelledby': labelId, 'aria-describedby': describedBy, 'aria-required': required } }}
      />
      <Button variant="outlined" sx={{ minHeight: 56, flexShrink: 0 }} onClick={() => onChange(Math.floor(Date.now() / 60_000) * 60_000)}>
        {translate('app.inspection.now')}
      </Button>
    </Stack>
  );
};
