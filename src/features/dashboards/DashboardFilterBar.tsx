import { Chip, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DashboardFilter } from '../../../common/resources/dashboard';
import { DateInput } from '../../shared/ui/DateInput';
import { orderRange } from '../tables/tableFilters';
import { lastDays, rangePresets, selectChoices, type DashboardFilterValue, type DashboardRange } from './dashboardFilters';

interface FilterInputProps {
  filter: DashboardFilter;
  value: DashboardFilterValue | undefined;
  onChange: (name: string, value: DashboardFilterValue) => void;
}

/** A date range: '{n} days' presets (spec §9) and from/to dates, kept start ≤ end (spec §5). */
function DateRangeFilter({ filter, value, onChange }: FilterInputProps) {
  const translate = useTranslate();
  const label = filter.options.label || filter.name;
  const range: DashboardRange = typeof value === 'object' ? value : { start: '', end: '', days: null };
  const setDates = (next: { start: string; end: string }) => onChange(filter.name, { ...orderRange(next), days: null });
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }} role="group" aria-label={label}>
      <DateInput
        size="small"
        clearable
        label={translate('app.tables.range_start', { name: label })}
        value={range.start}
        onChange={(start) => setDates({ start, end: range.end })}
        sx={{ width: 200 }}
      />
      <DateInput
        size="small"
        clearable
        label={translate('app.tables.range_end', { name: label })}
        value={range.end}
        onChange={(end) => setDates({ start: range.start, end })}
        sx={{ width: 200 }}
      />
      {rangePresets(filter).map((days) => (
        <Chip
          key={days}
          label={days === 1 ? translate('app.dashboard.date_range_one_day') : translate('app.dashboard.date_range_days', { n: days })}
          color={range.days === days ? 'primary' : 'default'}
          variant={range.days === days ? 'filled' : 'outlined'}
          onClick={() => onChange(filter.name, lastDays(days))}
        />
      ))}
    </Stack>
  );
}

function SelectFilter({ filter, value, onChange }: FilterInputProps) {
  const translate = useTranslate();
  return (
    <TextField
      select
      size="small"
      label={filter.options.label || filter.name}
      value={typeof value === 'string' ? value : ''}
      onChange={(event) => onChange(filter.name, event.target.value)}
      sx={{ width: 200 }}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
    >
      <MenuItem value="">{translate('app.dashboard.all')}</MenuItem>
      {selectChoices(filter).map((choice) => (
        <MenuItem key={choice} value={choice}>
          {choice}
        </MenuItem>
      ))}
    </TextField>
  );
}

function DashboardFilterInput({ filter, value, onChange }: FilterInputProps) {
  return filter.type === 'date-range' ? <DateRangeFilter filter={filter} value={value} onChange={onChange} /> : <SelectFilter filter={filter} value={value} onChange={onChange} />;
}

/** The dashboard's filters (spec §3: date-range or select). */
export function DashboardFilterBar({
  filters,
  values,
  onChange,
}: {
  filters: readonly DashboardFilter[];
  values: Record<string, DashboardFilterValue>;
  onChange: (name: string, value: DashboardFilterValue) => void;
}) {
  if (filters.length === 0) return null;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      {filters.map((filter) => (
        <DashboardFilterInput key={filter.name} filter={filter} value={values[filter.name]} onChange={onChange} />
      ))}
    </Stack>
  );
}
