import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ChipMultiSelect } from '../../shared/ui/ChipMultiSelect';
import { DateInput } from '../../shared/ui/DateInput';
import { dayStart, dayText } from './entryDraft';
import type { CalendarFieldDefinition, CustomAttributeValue } from './calendarConfig';
import { chosenOptions, fieldKind, numberOrNull } from './customAttributes';

interface CustomAttributeFieldProps {
  definition: CalendarFieldDefinition;
  value: CustomAttributeValue | undefined;
  /** The dropdown's options as they stand (its dependsOn resolved). */
  options: readonly string[];
  /** A dependent dropdown: the label of the attribute it depends on. */
  dependsOnLabel?: string;
  disabled: boolean;
  onChange: (value: CustomAttributeValue) => void;
}

/**
 * One custom attribute of an entry, built from its definition (spec §2.7): a dropdown (single or
 * multi), a date (a day, kept as the epoch ms of its start), a number or a text field.
 */
export function CustomAttributeField({ definition, value, options, dependsOnLabel, disabled, onChange }: CustomAttributeFieldProps) {
  const translate = useTranslate();
  const { label } = definition;
  const waiting = options.length === 0 && dependsOnLabel ? translate('app.calendar.choose_first', { field: dependsOnLabel }) : undefined;
  switch (fieldKind(definition)) {
    case 'date':
      return <DateInput label={label} fullWidth clearable disabled={disabled} value={dayText(typeof value === 'number' ? value : null)} onChange={(day) => onChange(dayStart(day))} />;
    case 'multiSelect':
      // Read-only, the chosen options still show in full.
      return disabled ? (
        <TextField label={label} fullWidth disabled value={chosenOptions(value).join(', ')} />
      ) : (
        <ChipMultiSelect label={label} value={chosenOptions(value)} choices={options} onChange={(chosen) => onChange(chosen)} emptyText={waiting} sx={{ width: '100%' }} />
      );
    case 'dropdown': {
      const current = typeof value === 'string' ? value : '';
      return (
        <TextField
          select
          label={label}
          fullWidth
          disabled={disabled}
          // A read-only value keeps showing even when the options changed since.
          value={options.includes(current) || disabled ? current : ''}
          onChange={(event) => onChange(event.target.value || null)}
        >
          <MenuItem value="">
            <em>{waiting ?? translate('app.calendar.none')}</em>
          </MenuItem>
          {disabled && current !== '' && !options.includes(current) && <MenuItem value={current}>{current}</MenuItem>}
          {options.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    case 'number':
      return <NumberField label={label} disabled={disabled} value={typeof value === 'number' ? value : null} onChange={onChange} />;
    default:
      return <TextField label={label} fullWidth disabled={disabled} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} />;
  }
}

/** Keeps what is typed ('-', '1.') while handing on the number it makes, or null. */
function NumberField({ label, disabled, value, onChange }: { label: string; disabled: boolean; value: number | null; onChange: (value: number | null) => void }) {
  const [typed, setTyped] = useState(value === null ? '' : String(value));
  const shown = numberOrNull(typed) === value ? typed : value === null ? '' : String(value);
  return (
    <TextField
      label={label}
      type="number"
      fullWidth
      disabled={disabled}
      value={shown}
      onChange={(event) => {
        setTyped(event.target.value);
        onChange(numberOrNull(event.target.value));
      }}
    />
  );
}
