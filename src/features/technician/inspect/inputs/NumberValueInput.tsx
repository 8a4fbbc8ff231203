import { TextField } from '@mui/material';
import { touchFieldSx, type ValueInputProps } from './valueInputProps';

/** A number is typed as text on the phone's decimal keypad and converted on submit (formValues.ts). */
export const NumberValueInput = ({ value, onChange, labelId, describedBy, error, required }: ValueInputProps) => (
  <TextField
    variant="outlined"
    fullWidth
    value={value === null || value === undefined ? '' : String(value)}
    onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
    error={error}
    sx={touchFieldSx}
    slotProps={{
      htmlInput: {
        inputMode: 'decimal',
        autoComplete: 'off',
        'aria-labelledby': labelId,
        'aria-describedby': describedBy,
        'aria-required': required,
        'aria-invalid': error,
      },
    }}
  />
);
