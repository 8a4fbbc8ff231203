import { useState } from 'react';
import { InputAdornment, TextField } from '@mui/material';
import type { FieldInput } from '../../../common/fields';
import { useField, type InputProps } from './fieldInput';

/** Typed text as the number it says ('' is none; a comma is a decimal point); anything else is kept for the schema to name. */
export function typedNumber(text: string): number | string | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : text;
}

/** A number as typed: the phone's number pad (`inputMode`), no native limits, the unit beside it. */
export function NumberInput({ source, label, inputMode, unit }: InputProps & Extract<FieldInput, { control: 'number' }>) {
  const { field, invalid, message } = useField(source);
  const [typed, setTyped] = useState<string | null>(null);
  const shown = typed ?? (typeof field.value === 'number' ? String(field.value) : '');
  return (
    <TextField
      label={label}
      value={shown}
      onChange={(event) => {
        setTyped(event.target.value);
        field.onChange(typedNumber(event.target.value));
      }}
      onBlur={() => {
        setTyped(null);
        field.onBlur();
      }}
      error={invalid}
      helperText={message}
      slotProps={{ htmlInput: { inputMode, autoComplete: 'off' }, input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : {} }}
    />
  );
}
