import { useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ChipMultiSelect } from '../../common-ui/ChipMultiSelect';
import { DateInput } from '../fields/DateInput';
import type { CustomAttributeValue, CustomFieldDefinition } from './calendarConfig';
import { chosenOptions, numberOrNull } from './customAttributes';

interface CustomAttributeFieldProps {
  definition: CustomFieldDefinition;
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
 * multi), a date (YYYY-MM-DD), a number or a text field.
 */
export function CustomAttributeField({ definition, value, options, dependsOnLabel, disabled, onChange }: CustomAttributeFieldProps) {
  const translate = useTranslate();
  const { label } = definition;
  if (definition.type === 'date') {
    return <DateInput label={label} fullWidth clearable disabled={disabled} value={typeof value === 'string' ? value : ''} onChange={(day) => onChange(day || null)} />;
  }
  if (definition.type === 'dropdown' && definition.multiSelect) {
    // A read-only multi-select still shows its chips.
    return disabled ? (
      <TextField label={label} fullWidth disabled value={chosenOptions(value).join(', ')} />
    ) : (
      <ChipMultiSelect
        label={label}
        value={chosenOptions(value)}
        choices={options}
        onChange={(chosen) => onChange(chosen)}
        emptyText={dependsOnLabel ? translate('app.calendar.choose_first', { field: dependsOnLabel }) : undefined}
        sx={{ width: '100%' }}
      />
    );
  }
  if (definition.type === 'dropdown') {
    const current = typeof value === 'string' ? value : '';
    return (
      <TextField select label={label} fullWidth disabled={disabled} value={options.includes(current) ? current : ''} onChange={(event) => onChange(event.target.value || null)}>
        <MenuItem value="">
          <em>{options.length === 0 && dependsOnLabel ? translate('app.calendar.choose_first', { field: dependsOnLabel }) : translate('app.calendar.none')}</em>
        </MenuItem>
        {options.map((option) => (
          <MenuItem key={option} value={option}>
            {option}
          </MenuItem>
        ))}
      </TextField>
    );
  }
  if (definition.type === 'number') {
    return (
      <NumberField label={label} disabled={disabled} value={typeof value === 'number' ? value : null} onChange={onChange} />
    );
  }
  return <TextField label={label} fullWidth disabled={disabled} value={typeof value === 'string' ? value : ''} onChange={(event) => onChange(event.target.value)} />;
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
