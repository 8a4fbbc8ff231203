import { MenuItem, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TableFilter } from './tableDefinition';
import { DateInput } from '../../shared/ui/DateInput';
import { offersNoFilter, optionLabel, optionValue, orderRange, type DateRangeValue, type FilterValue, type FilterValues } from './tableFilters';

// Room for YYYY-MM-DD and the clear and calendar buttons.
const DATE_FILTER_SX = { width: 200 } as const;

interface TableFiltersProps {
  filters: readonly TableFilter[];
  values: FilterValues;
  onChange: (name: string, value: FilterValue) => void;
}

const rangeOf = (value: FilterValue | undefined): DateRangeValue => (typeof value === 'object' ? value : { start: '', end: '' });

/** The table definition's filters (spec §2.5): date, dateRange (kept start ≤ end, spec §5) and dropdown. */
export function TableFilters({ filters, values, onChange }: TableFiltersProps) {
  const translate = useTranslate();
  if (filters.length === 0) return null;
  return (
    <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
      {filters.map((filter) => {
        const label = filter.placeholder || filter.name;
        const value = values[filter.name];
        if (filter.type === 'dateRange') {
          const range = rangeOf(value);
          const set = (next: DateRangeValue) => onChange(filter.name, orderRange(next));
          return (
            <Stack key={filter.name} direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              <DateInput
                size="small"
                clearable
                label={translate('app.tables.range_start', { name: label })}
                value={range.start}
                onChange={(start) => set({ ...range, start })}
                sx={DATE_FILTER_SX}
              />
              <DateInput
                size="small"
                clearable
                label={translate('app.tables.range_end', { name: label })}
                value={range.end}
                onChange={(end) => set({ ...range, end })}
                sx={DATE_FILTER_SX}
              />
            </Stack>
          );
        }
        if (filter.type === 'date') {
          return (
            <DateInput
              key={filter.name}
              size="small"
              clearable
              label={label}
              value={typeof value === 'string' ? value : ''}
              onChange={(day) => onChange(filter.name, day)}
              sx={DATE_FILTER_SX}
            />
          );
        }
        return (
          <TextField
            key={filter.name}
            select
            size="small"
            label={label}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => onChange(filter.name, event.target.value)}
            sx={{ minWidth: 180 }}
          >
            {offersNoFilter(filter) && (
              <MenuItem value="">
                <em>{translate('app.tables.any')}</em>
              </MenuItem>
            )}
            {(filter.options ?? []).map((option) => (
              <MenuItem key={optionValue(option)} value={optionValue(option)}>
                {optionLabel(option)}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
    </Stack>
  );
}
