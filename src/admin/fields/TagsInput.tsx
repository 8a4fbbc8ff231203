import { Autocomplete, TextField } from '@mui/material';
import { useField, type InputProps } from './fieldInput';

/** Free words: typed, Enter adds one. */
export function TagsInput({ source, label }: InputProps) {
  const { field, invalid, message } = useField(source);
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={(field.value as string[] | undefined) ?? []}
      onChange={(_event, value) => field.onChange(value.map((tag) => tag.trim()).filter(Boolean))}
      renderInput={(params) => <TextField {...params} label={label} error={invalid} helperText={message} />}
    />
  );
}
