import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DateTimeInput } from '../../../../shared/ui/DateTimeInput';
import { touchPickerSx } from './DateValueInput';
import type { ValueInputProps } from './valueInputProps';

/**
 * A date-time value is epoch ms (docs/inspections.md); Now fills in the current minute in one tap.
 * Named by the item's group, as the date input is. No clear button in the field: beside Now it
 * would leave the date-time too little room on a phone, whose dialog has Clear.
 */
export const DateTimeValueInput = ({ value, onChange, describedBy, error, required }: ValueInputProps) => {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <DateTimeInput
        value={typeof value === 'number' ? value : null}
        onChange={onChange}
        describedBy={describedBy}
        required={required}
        error={error}
        variant="outlined"
        fullWidth
        sx={touchPickerSx}
      />
      <Button variant="outlined" sx={{ minHeight: 56, flexShrink: 0 }} onClick={() => onChange(Math.floor(Date.now() / 60_000) * 60_000)}>
        {translate('app.inspection.now')}
      </Button>
    </Stack>
  );
};
