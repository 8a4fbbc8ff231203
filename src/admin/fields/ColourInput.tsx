import { TextField } from '@mui/material';
import { useField, type InputProps } from './fieldInput';

/** A colour: the browser's picker, stored as #rrggbb. */
export function ColourInput({ source, label }: InputProps) {
  const { field, invalid, message } = useField(source);
  return <TextField type="color" label={label} value={(field.value as string | undefined) || '#000000'} onChange={(event) => field.onChange(event.target.value)} error={invalid} helperText={message} sx={{ maxWidth: 160 }} />;
}
