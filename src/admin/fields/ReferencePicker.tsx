import { useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGetList, useTranslate, type RaRecord } from 'react-admin';
import type { FieldInput } from '../../../common/fields';
import { useDebouncedValue } from '../../shared/ui/useDebouncedValue';
import type { ServerPageMeta } from '../../platform/dataProvider/pagedList';
import { isRefusedInPlace } from '../../platform/authProvider/httpStatus';
import { useNameLookup } from '../mechanism/useRelatedList';
import { useField, type InputProps } from './fieldInput';

/** Options a picker offers at once: the first names matching what is typed, asked of the server. */
const PICKER_PAGE = 25;

/**
 * A reference or references: the records' names, searched on the server as the user types (a
 * plant's thousands of assets are never all loaded), the held ones named from the names list
 * the column reads too (DESIGN §15: names only, which whoever may use this resource may read).
 */
export function ReferencePicker({ source, label, resource, multiple }: InputProps & Extract<FieldInput, { control: 'reference' }>) {
  const { field, invalid, message } = useField(source);
  const [typed, setTyped] = useState('');
  const search = useDebouncedValue(typed, 250);
  const names = useNameLookup(resource);
  const translate = useTranslate();
  const meta: ServerPageMeta = { serverPage: true, fields: ['name'], sort: [{ field: 'name', order: 'asc' }], secondary: true };
  const found = useGetList<RaRecord & { name: string }>(resource, { pagination: { page: 1, perPage: PICKER_PAGE }, filter: { q: search }, meta });
  const held: string[] = multiple ? ((field.value as string[] | undefined) ?? []) : typeof field.value === 'string' && field.value !== '' ? [field.value] : [];
  const foundNames = new Map((found.data ?? []).map((record) => [String(record.id), record.name]));
  // What the search found first; the held ones stay among the options (the picker names its value from them).
  const options = [...new Set([...foundNames.keys(), ...held])];
  const nameOf = (id: string) => foundNames.get(id) ?? names.get(id) ?? id;
  const common = {
    options,
    loading: found.isPending,
    getOptionLabel: nameOf,
    // The server has searched: every option it answered matches.
    filterOptions: (shown: string[]) => shown,
    onInputChange: (_event: unknown, text: string, reason: string) => {
      if (reason === 'input') setTyped(text);
    },
    onBlur: field.onBlur,
    // A user who may not read the names is told so here; the rest of the form keeps working.
    renderInput: (params: object) => <TextField {...params} label={label} error={invalid} helperText={message ?? (isRefusedInPlace(found.error) ? translate('app.admin.may_not_read', { field: label }) : undefined)} />,
  };
  return multiple ? (
    <Autocomplete multiple {...common} value={held} onChange={(_event, ids) => field.onChange(ids)} />
  ) : (
    <Autocomplete {...common} value={held[0] ?? null} onChange={(_event, id) => field.onChange(id ?? null)} />
  );
}
