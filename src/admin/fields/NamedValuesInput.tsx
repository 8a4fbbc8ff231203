import type { ReactNode } from 'react';
import { Box, Button, FormControlLabel, FormHelperText, IconButton, MenuItem, Paper, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import type { FieldInput } from '../../../common/fields';
import { capitalised, nameTaken, nameTakenMessage, type NamedValue } from '../../../common/fields/namedValues';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { useField, type InputProps } from './fieldInput';

type Values = Record<string, NamedValue>;
type ValueKind = 'string' | 'number' | 'boolean';

const VALUE_KINDS: readonly ValueKind[] = ['string', 'number', 'boolean'];
const valuesOf = (value: unknown): Values => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Values) : {});
const kindOf = (value: NamedValue): ValueKind => (typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string');

/** The value in another kind: '42' → 42, 'true' → true, anything → its text. */
function converted(value: NamedValue, kind: ValueKind): NamedValue {
  if (kind === 'string') return String(value);
  if (kind === 'boolean') return value === true || String(value).trim().toLowerCase() === 'true';
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(number) ? number : 0;
}

/** What a screen of its own adds: a row of its own first (a KPI widget's KPI), something beside a value (a colour's picker). */
export interface NamedValuesExtras {
  pinned?: { name: string; draw: (value: NamedValue | undefined, set: (value: NamedValue) => void) => ReactNode };
  beside?: (name: string, value: NamedValue, set: (value: NamedValue) => void) => ReactNode;
}

/**
 * A map of names to values (common/fields/namedValues.ts): names in alphabetical order, each with its
 * value; a new one named by prompt (spec §5: empty does nothing, blank is refused, and so is a name
 * already used: 'Option with the name … already exists'); a name does not change once added.
 * Removing one that holds a value asks first, since the value would be lost on save.
 */
export function NamedValuesInput({ source, label, item, typed, pinned, beside }: InputProps & Omit<Extract<FieldInput, { control: 'namedValues' }>, 'control'> & NamedValuesExtras) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const { field, message } = useField(source);
  const values = valuesOf(field.value);
  const set = (name: string, value: NamedValue) => field.onChange({ ...values, [name]: value });

  const add = async () => {
    const name = await dialogs.prompt({
      title: translate('app.admin.named_values.add', { item }),
      label: translate('app.admin.named_values.name', { item: capitalised(item) }),
      onSubmit: async (candidate) => {
        if (nameTaken(Object.keys(values), candidate)) throw new Error(nameTakenMessage(item, candidate.trim()));
      },
    });
    if (name !== null) set(name, '');
  };
  const remove = async (name: string) => {
    const held = values[name];
    if (!(typeof held === 'string' && held.trim() === '') && !(await dialogs.confirm(translate('app.admin.named_values.delete', { item, name })))) return;
    const rest = { ...values };
    delete rest[name];
    field.onChange(rest);
  };

  // Stored maps come back in the database's key order; alphabetical is what a reader scans.
  const names = Object.keys(values)
    .filter((name) => name !== pinned?.name)
    .sort((a, b) => a.localeCompare(b));
  return (
    <Box component="section" aria-label={label} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>{label}</Typography>
        <Button size="small" startIcon={<AddIcon />} onClick={() => void add()}>
          {translate('app.admin.named_values.add', { item })}
        </Button>
      </Stack>
      {names.length === 0 && !pinned && <Typography variant="body2" color="text.secondary">{translate('app.admin.named_values.none', { label: label.toLowerCase() })}</Typography>}
      <Stack spacing={1}>
        {pinned && <Paper variant="outlined" sx={{ p: 1 }} data-testid="named-value">{pinned.draw(values[pinned.name], (value) => set(pinned.name, value))}</Paper>}
        {names.map((name) => {
          const value = values[name] as NamedValue;
          const kind = kindOf(value);
          return (
            <Paper key={name} variant="outlined" sx={{ p: 1 }} data-testid="named-value">
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                {kind === 'boolean' ? (
                  <FormControlLabel sx={{ flex: '1 1 220px', m: 0 }} control={<Switch checked={value === true} onChange={(event) => set(name, event.target.checked)} />} label={name} />
                ) : (
                  <TextField
                    fullWidth={false}
                    size="small"
                    label={name}
                    value={String(value)}
                    sx={{ flex: '1 1 220px', minWidth: 0 }}
                    slotProps={{ htmlInput: kind === 'number' ? { inputMode: 'decimal' } : {} }}
                    onChange={(event) => {
                      const text = event.target.value;
                      const number = Number(text.replace(',', '.'));
                      // An unfinished number ('', '-') stays text until it is one.
                      set(name, kind === 'number' && text.trim() !== '' && Number.isFinite(number) ? number : text);
                    }}
                  />
                )}
                {beside?.(name, value, (next) => set(name, next))}
                {typed && (
                  <TextField
                    fullWidth={false}
                    select
                    size="small"
                    label={translate('app.admin.named_values.kind')}
                    value={kind}
                    sx={{ width: 120 }}
                    slotProps={{ htmlInput: { 'aria-label': translate('app.admin.named_values.kind_of', { name }) } }}
                    onChange={(event) => set(name, converted(value, event.target.value as ValueKind))}
                  >
                    {VALUE_KINDS.map((choice) => (
                      <MenuItem key={choice} value={choice}>{translate(`app.admin.named_values.kinds.${choice}`)}</MenuItem>
                    ))}
                  </TextField>
                )}
                <Tooltip title={translate('app.admin.named_values.remove', { item, name })}>
                  <IconButton aria-label={translate('app.admin.named_values.remove', { item, name })} onClick={() => void remove(name)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      {message && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}
