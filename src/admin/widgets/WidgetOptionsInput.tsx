import { Box, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { WIDGET_COLOR_OPTION, WIDGET_KPI_OPTION, type WidgetOptionValue } from '../../../common/resources/widget';
import { isKpiName, KPI_DEFINITIONS, KPI_NAMES } from '../../../common/kpis/kpiDefinitions';
import { swatchColour } from '../../features/technician/inspect/inputs/ColorValueInput';
import { NamedValuesInput } from '../fields/NamedValuesInput';

/** What the native colour picker can show: #rrggbb only. */
const pickerColour = (value: string) => (/^#[0-9a-f]{6}$/i.test(value.trim()) ? value.trim() : '#000000');

/**
 * A widget's options (spec §3: a free map of name → text, number or yes/no): the field kind's input
 * (common/fields/namedValues.ts), with the `color` option's picker beside its text and, on a widget
 * of type `kpi`, its `kpi` option first, chosen from the KPIs by name (docs/kpis.md) rather than typed.
 */
export function WidgetOptionsInput({ source, label }: { source: string; label: string }) {
  const kpiWidget = useWatch({ name: 'type' }) === 'kpi';
  return (
    <NamedValuesInput
      source={source}
      label={label}
      item="option"
      typed
      pinned={kpiWidget ? { name: WIDGET_KPI_OPTION, draw: (value, set) => <KpiOption value={value} onChange={set} /> } : undefined}
      beside={(name, value, set) => (name === WIDGET_COLOR_OPTION && typeof value === 'string' ? <ColourPicker name={name} value={value} onChange={set} /> : null)}
    />
  );
}

/** A KPI widget's `kpi` option: one of the KPIs, by its label (a KPI widget needs it, so it is not removed). */
function KpiOption({ value, onChange }: { value: WidgetOptionValue | undefined; onChange: (value: string) => void }) {
  const translate = useTranslate();
  const chosen = isKpiName(value) ? value : '';
  return (
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
