import { MenuItem, TextField } from '@mui/material';
import type { FieldInput } from '../../../common/fields';
import { ChipMultiSelect } from '../../shared/ui/ChipMultiSelect';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { useField, type InputProps } from './fieldInput';

/** A configured list's current options (GET /config/choices/:key), the declared ones until they arrive. */
function useChoiceOptions({ options, optionsFrom }: Extract<FieldInput, { control: 'choice' }>): readonly string[] {
  const configured = useApiQuery({ ...apiQuery<string[]>(`/config/choices/${encodeURIComponent(optionsFrom ?? '')}`), enabled: optionsFrom !== undefined });
  return configured.data ?? options;
}

export function ChoiceInput({ source, label, ...input }: InputProps & Extract<FieldInput, { control: 'choice' }>) {
  const { field, invalid, message } = useField(source);
  const offered = useChoiceOptions(input);
  // An option since removed from a configured list stays on the record holding it, and is shown.
  const held = input.multiple ? ((field.value as string[] | undefined) ?? []) : typeof field.value === 'string' && field.value !== '' ? [field.value] : [];
  const options = [...offered, ...held.filter((value) => !offered.includes(value))];
  const nameOf = (option: string) => input.labels?.[option] ?? option;
  if (input.multiple) return <ChipMultiSelect label={label} value={held} choices={options} nameOf={nameOf} onChange={field.onChange} error={invalid} helperText={message} />;
  return (
    <TextField select label={label} value={(field.value as string | undefined) ?? ''} onChange={(event) => field.onChange(event.target.value)} error={invalid} helperText={message}>
      {input.blank !== false && (
        <MenuItem value="">
          <em>—</em>
        </MenuItem>
      )}
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {nameOf(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
