import { Box, Button, FormControlLabel, IconButton, MenuItem, Paper, Stack, Switch, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useInput, useNotify, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { optionNameTaken, WIDGET_COLOR_OPTION, WIDGET_KPI_OPTION, type WidgetOptionValue } from '../../../common/resources/widget';
import { isKpiName, KPI_DEFINITIONS, KPI_NAMES } from '../../../common/kpis/kpiDefinitions';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { swatchColour } from '../../features/technician/inspect/inputs/ColorValueInput';

type Options = Record<string, WidgetOptionValue>;
type ValueKind = 'string' | 'number' | 'boolean';

const VALUE_KINDS: readonly ValueKind[] = ['string', 'number', 'boolean'];
const asOptions = (value: unknown): Options => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Options) : {});
const keepOptions = (value: Options) => value;
const kindOf = (value: WidgetOptionValue): ValueKind => (typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'string');

/** The value in another kind: '42' → 42, 'true' → true, anything → its text. */
function convert(value: WidgetOptionValue, kind: ValueKind): WidgetOptionValue {
  if (kind === 'string') return String(value);
  if (kind === 'boolean') return value === true || String(value).trim().toLowerCase() === 'true';
  const number = typeof value === 'number' ? value : Number(String(value).trim());
  return Number.isFinite(number) ? number : 0;
}

/** What the native colour picker can show: #rrggbb only. */
const pickerColour = (value: string) => (/^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim() : '#000000');

/**
 * A widget's options (spec §3: a free map of name → text, number or yes/no; the colour is the
 * option `color`). A new option is named by prompt (spec §5: empty or blank does nothing; a name
 * already used is refused with 'Option with the name … already exists'); a name cannot change
 * once added. Removing an option asks first. A widget of type `kpi` always shows its `kpi` option,
 * chosen from the KPIs by name (docs/kpis.md) rather than typed.
 */
export function WidgetOptionsInput({ source = 'options', label }: { source?: string; label?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dialogs = useDialogs();
  const { field } = useInput<Options>({ source, format: asOptions, parse: keepOptions });
  const options = asOptions(field.value);
  const kpiWidget = useWatch({ name: 'type' }) === 'kpi';

  const set = (name: string, value: WidgetOptionValue) => field.onChange({ ...options, [name]: value });
  const add = async () => {
    const name = await dialogs.prompt({ title: translate('app.widget.add_option'), label: translate('app.widget.option_name') });
    if (name === null) return;
    if (optionNameTaken(Object.keys(options), name)) {
      notify('app.widget.option_exists', { type: 'warning', messageArgs: { name } });
      return;
    }
    set(name, '');
  };
  const remove = async (name: string) => {
    if (!(await dialogs.confirm(translate('app.confirm.delete_item')))) return;
    const rest = { ...options };
    delete rest[name];
    field.onChange(rest);
  };

  // Stored maps come back in the database's key order; alphabetical is what a reader scans.
  const stored = Object.keys(options).sort((a, b) => a.localeCompare(b));
  // A KPI widget's KPI first, asked for until it is chosen.
  const names = kpiWidget ? [WIDGET_KPI_OPTION, ...stored.filter((name) => name !== WIDGET_KPI_OPTION)] : stored;
  return (
    <Box component="section" aria-label={label ?? translate('app.widget.fields.options')} sx={{ minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ flexGrow: 1 }}>
          {label ?? translate('app.widget.fields.options')}
        </Typography>
        <Button size="small" startIcon={<AddIcon />} onClick={() => void add()}>
          {translate('app.widget.add_option')}
        </Button>
      </Stack>
      {names.length === 0 && <Typography variant="body2" color="text.secondary">{translate('app.widget.no_options')}</Typography>}
      <Stack spacing={1}>
        {names.map((name) =>
          kpiWidget && name === WIDGET_KPI_OPTION ? (
            <KpiOptionRow key={name} value={options[name]} onChange={(value) => set(name, value)} />
          ) : (
            <OptionRow key={name} name={name} value={options[name] as WidgetOptionValue} onChange={(value) => set(name, value)} onRemove={() => void remove(name)} />
          ),
        )}
      </Stack>
    </Box>
  );
}

function OptionRow({ name, value, onChange, onRemove }: { name: string; value: WidgetOptionValue; onChange: (value: WidgetOptionValue) => void; onRemove: () => void }) {
  const translate = useTranslate();
  const kind = kindOf(value);
  const isColour = name === WIDGET_COLOR_OPTION && kind === 'string';
  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid="widget-option">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        {kind === 'boolean' ? (
          <FormControlLabel
            sx={{ flex: '1 1 220px', m: 0 }}
            control={<Switch checked={value === true} onChange={(event) => onChange(event.target.checked)} />}
            label={name}
          />
        ) : (
          <TextField
            fullWidth={false}
            size="small"
            label={name}
            type={kind === 'number' ? 'number' : 'text'}
            value={String(value)}
            sx={{ flex: '1 1 220px', minWidth: 0 }}
            onChange={(event) => {
              const text = event.target.value;
              const number = Number(text);
              // An unfinished number ('', '-') stays text until it is one.
              onChange(kind === 'number' && text.trim() !== '' && Number.isFinite(number) ? number : text);
            }}
          />
        )}
        {isColour && <ColourPicker name={name} value={String(value)} onChange={onChange} />}
        <TextField
          fullWidth={false}
          select
          size="small"
          label={translate('app.widget.option_kind')}
          value={kind}
          sx={{ width: 120 }}
          slotProps={{ htmlInput: { 'aria-label': translate('app.widget.option_kind_of', { name }) } }}
          onChange={(event) => onChange(convert(value, event.target.value as ValueKind))}
        >
          {VALUE_KINDS.map((choice) => (
            <MenuItem key={choice} value={choice}>{translate(`app.widget.option_kinds.${choice}`)}</MenuItem>
          ))}
        </TextField>
        <Tooltip title={translate('app.widget.remove_option', { name })}>
          <IconButton aria-label={translate('app.widget.remove_option', { name })} onClick={onRemove}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      </Stack>
    </Paper>
  );
}

/** A KPI widget's `kpi` option: one of the KPIs, by its label (a KPI widget needs it, so it is not removed). */
function KpiOptionRow({ value, onChange }: { value: WidgetOptionValue | undefined; onChange: (value: string) => void }) {
  const translate = useTranslate();
  const chosen = isKpiName(value) ? value : '';
  return (
    <Paper variant="outlined" sx={{ p: 1 }} data-testid="widget-option">
      <TextField
        select
        size="small"
        label={translate('app.widget.kpi_option')}
        value={chosen}
        onChange={(event) => onChange(event.target.value)}
        helperText={isKpiName(chosen) ? KPI_DEFINITIONS[chosen].formula : translate('app.widget.kpi_option_hint')}
      >
        {KPI_NAMES.map((name) => (
          <MenuItem key={name} value={name}>{KPI_DEFINITIONS[name].label}</MenuItem>
        ))}
      </TextField>
    </Paper>
  );
}

/** The `color` option: the browser's colour picker beside the text, and a swatch of what it paints. */
function ColourPicker({ name, value, onChange }: { name: string; value: string; onChange: (value: string) => void }) {
  const translate = useTranslate();
  const swatch = swatchColour(value);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Box
        component="input"
        type="color"
        value={pickerColour(value)}
        aria-label={translate('app.widget.pick_colour', { name })}
        onChange={(event: React.ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        sx={{ width: 48, height: 40, p: 0, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'transparent', cursor: 'pointer' }}
      />
      <Box
        data-testid="colour-swatch"
        aria-hidden
        sx={{ width: 24, height: 24, borderRadius: '50%', bgcolor: swatch ?? 'transparent', border: 1, borderColor: 'grey.500', flexShrink: 0 }}
      />
    </Stack>
  );
}
