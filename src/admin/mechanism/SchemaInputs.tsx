import { useState, type ReactNode } from 'react';
import { Autocomplete, Box, FormHelperText, InputAdornment, MenuItem, TextField } from '@mui/material';
import { BooleanInput, TextInput, useGetList, useInput, useTranslate, type RaRecord } from 'react-admin';
import type { AnyObjectSchema } from 'yup';
import { describedFields, type FieldInput, type FieldMeta } from '../../../common/fields';
import { ChipMultiSelect } from '../../shared/ui/ChipMultiSelect';
import { DateInput } from '../../shared/ui/DateInput';
import { DateTimeInput } from '../../shared/ui/DateTimeInput';
import { useDebouncedValue } from '../../shared/ui/useDebouncedValue';
import type { ServerPageMeta } from '../../platform/dataProvider/pagedList';
import { useNameLookup } from './useRelatedList';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { isRefusedInPlace } from '../../platform/authProvider/httpStatus';
import { HtmlMessageInput } from './HtmlMessageInput';
import { FileInput } from './FileInput';

/** 'cronExpression' → 'cron_expression', as en.ts spells keys. */
export const snake = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** i18n key of a declared field's input label. */
export const fieldLabelKey = (namespace: string, field: string) => `app.${namespace}.fields.${snake(field)}`;

/** The inputs a derived editor draws: every kind's that has one. */
export const drawnByForm = (input: FieldInput | null): input is FieldInput => input !== null;

interface InputProps {
  source: string;
  label: string;
}

/** The field's message as the schema words it (in its label), or nothing. */
function useField(source: string) {
  const { field, fieldState } = useInput({ source });
  return { field, invalid: fieldState.invalid, message: fieldState.error?.message };
}

/** Typed text as the number it says ('' is none; a comma is a decimal point); anything else is kept for the schema to name. */
export function typedNumber(text: string): number | string | null {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : text;
}

/** A number as typed: the phone's number pad (`inputMode`), no native limits, the unit beside it. */
function NumberInput({ source, label, inputMode, unit }: InputProps & Extract<FieldInput, { control: 'number' }>) {
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

/** A configured list's current options (GET /config/choices/:key), the declared ones until they arrive. */
function useChoiceOptions({ options, optionsFrom }: Extract<FieldInput, { control: 'choice' }>): readonly string[] {
  const configured = useApiQuery({ ...apiQuery<string[]>(`/config/choices/${encodeURIComponent(optionsFrom ?? '')}`), enabled: optionsFrom !== undefined });
  return configured.data ?? options;
}

function ChoiceInput({ source, label, ...input }: InputProps & Extract<FieldInput, { control: 'choice' }>) {
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

/** Free words: typed, Enter adds one. */
function TagsInput({ source, label }: InputProps) {
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

/** The pickers draw no message of their own. */
const WithMessage = ({ message, children }: { message: string | undefined; children: ReactNode }) => (
  <Box>
    {children}
    {message && <FormHelperText error>{message}</FormHelperText>}
  </Box>
);

function DayInput({ source, label }: InputProps) {
  const { field, invalid, message } = useField(source);
  return (
    <WithMessage message={message}>
      <DateInput value={(field.value as string | null) ?? ''} onChange={(day) => field.onChange(day || null)} label={label} error={invalid} />
    </WithMessage>
  );
}

function InstantInput({ source, label }: InputProps) {
  const { field, invalid, message } = useField(source);
  return (
    <WithMessage message={message}>
      <DateTimeInput value={(field.value as number | null) ?? null} onChange={field.onChange} label={label} error={invalid} />
    </WithMessage>
  );
}

function ColourInput({ source, label }: InputProps) {
  const { field, invalid, message } = useField(source);
  return <TextField type="color" label={label} value={(field.value as string | undefined) || '#000000'} onChange={(event) => field.onChange(event.target.value)} error={invalid} helperText={message} sx={{ maxWidth: 160 }} />;
}

/** Rich text: typed as HTML beside its sanitised rendering, the asset message's input. */
function RichTextInput({ source, label }: InputProps) {
  const translate = useTranslate();
  return <HtmlMessageInput source={source} label={label} previewLabel={translate('app.admin.html_preview', { field: label })} />;
}

/** Options a picker offers at once: the first names matching what is typed, asked of the server. */
const PICKER_PAGE = 25;

/**
 * A reference or references: the records' names, searched on the server as the user types (a
 * plant's thousands of assets are never all loaded), the held ones named from the names list
 * the column reads too (DESIGN §15: names only, which whoever may use this resource may read).
 */
function ReferencePicker({ source, label, resource, multiple }: InputProps & Extract<FieldInput, { control: 'reference' }>) {
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

/** The input of a field kind's FieldInput (common/fields). */
function KindInput({ source, label, input, entity }: InputProps & { input: FieldInput; entity: string }) {
  switch (input.control) {
    case 'reference':
      return <ReferencePicker source={source} label={label} {...input} />;
    case 'switch':
      return <BooleanInput source={source} label={label} helperText={false} />;
    case 'number':
      return <NumberInput source={source} label={label} {...input} />;
    case 'date':
      return <DayInput source={source} label={label} />;
    case 'dateTime':
      return <InstantInput source={source} label={label} />;
    case 'choice':
      return <ChoiceInput source={source} label={label} {...input} />;
    case 'tags':
      return <TagsInput source={source} label={label} />;
    case 'colour':
      return <ColourInput source={source} label={label} />;
    case 'html':
      return <RichTextInput source={source} label={label} />;
    case 'file':
      return <FileInput source={source} label={label} entity={entity} accept={input.accept} photo={input.photo} />;
    case 'text':
      // Never type="email" or "url": Chromium's own popup would pre-empt the schema's message (issue 22).
      return (
        <TextInput
          source={source}
          label={label}
          helperText={false}
          {...(input.multiline ? { multiline: true, minRows: 2 } : {})}
          {...(input.inputMode ? { inputProps: { inputMode: input.inputMode }, autoComplete: 'off' } : {})}
        />
      );
  }
}

/**
 * One input per described field the form draws, labelled by its i18n key (default: the field's
 * label): every one in the schema's order, those `fields` names in its order (an editor placing
 * inputs of its own among them), or those `only` keeps. `entity` is the API resource: file fields
 * upload for `<entity>.<field>`.
 */
export function SchemaInputs({ schema, namespace, entity, fields, only }: { schema: AnyObjectSchema; namespace: string; entity: string; fields?: readonly string[]; only?: (meta: FieldMeta) => boolean }) {
  const translate = useTranslate();
  const described = describedFields(schema);
  const drawn = fields
    ? fields.map((name) => {
        const found = described.find(({ field }) => field === name);
        if (!found) throw new Error(`SchemaInputs(${entity}): ${name} is not a described field`);
        return found;
      })
    : described.filter(({ meta }) => !only || only(meta));
  return (
    <>
      {drawn.map(({ field, meta, kind }) => {
        const input = kind.input?.(meta) ?? null;
        return drawnByForm(input) ? <KindInput key={field} source={field} label={translate(fieldLabelKey(namespace, field), { _: meta.label })} input={input} entity={entity} /> : null;
      })}
    </>
  );
}
