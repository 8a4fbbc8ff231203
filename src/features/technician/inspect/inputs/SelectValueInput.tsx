import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { touchFieldSx, type ValueInputProps } from './valueInputProps';

/** The phone's own picker (a native select) with an empty first choice to clear the value. */
export const SelectValueInput = ({ attribute, value, onChange, labelId, describedBy, error, required }: ValueInputProps) => {
  const translate = useTranslate();
  return (
    <TextField
      variant="outlined"
      select
      fullWidth
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(event.target.value === '' ? null : event.target.value)}
      error={error}
      sx={touchFieldSx}
      slotProps={{
        select: { native: true },
        htmlInput: { 'aria-labelledby': labelId, 'aria-describedby': describedBy, 'aria-required': required },
      }}
    >
      <option value="">{translate('app.inspection.not_set')}</option>
      {attribute.options.values.map((option) => (
        <option key={option} value={option}>
          {option}
        </option>
      ))}
    </TextField>
  );
};
