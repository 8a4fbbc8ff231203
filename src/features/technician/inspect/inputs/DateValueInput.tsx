import { DateInput } from '../../../../shared/ui/DateInput';
import type { ValueInputProps } from './valueInputProps';

/** The picker's field at 16 px (phones do not zoom on focus) and tall enough for a gloved thumb. */
export const touchPickerSx = { '& .MuiPickersInputBase-sectionsContainer': { fontSize: '1rem', minHeight: 28 } } as const;

/**
 * A date value is spec §9's YYYY-MM-DD text; on a phone it is picked in a calendar dialog. The
 * item's group already carries the attribute's name: naming the picker's group too would have it
 * read twice.
 */
export const DateValueInput = ({ value, onChange, describedBy, error, required }: ValueInputProps) => (
  <DateInput
    value={typeof value === 'string' ? value : ''}
    onChange={(text) => onChange(text === '' ? null : text)}
    describedBy={describedBy}
    required={required}
    error={error}
    variant="outlined"
    fullWidth
    clearable
    sx={touchPickerSx}
  />
);
