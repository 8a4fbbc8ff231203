import { TextField } from '@mui/material';
import { touchFieldSx, type ValueInputProps } from './valueInputProps';

/** Spec §9: date inputs are YYYY-MM-DD, which is what the browser's date input answers. */
export const DateValueInput = ({ value, onChange, labelId, describedBy, error, required }: ValueInputProps) => (
  <TextField
    variant="outlined"
    type="date"
    fullWidth
    value={typeof value === 'string' ? value : ''}
    onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
    error={error}
    sx={touchFieldSx}
    slotProps={{ htmlInput: { 'aria-labelledby': labelId, 'aria-describedby': describedBy, 'aria-required': required } }}
  />
);
