import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CalendarEntryType, CalendarFilter } from './calendarConfig';
import { filterOptions, type CalendarFilterValues } from './calendarFilters';

interface CalendarFilterBarProps {
  filters: readonly CalendarFilter[];
  types: readonly CalendarEntryType[];
  values: CalendarFilterValues;
  onChange: (key: string, value: string) => void;
}

/** The config's filters (spec §2.7) as dropdowns; 'All' sends nothing for that key. */
export function CalendarFilterBar({ filters, types, values, onChange }: CalendarFilterBarProps) {
  const translate = useTranslate();
  return (
    <>
      {filters.map((filter) => {
        const options = filterOptions(filter, types);
        const value = values[filter.key] ?? '';
        return (
          <TextField
            key={filter.key}
            select
            size="small"
            label={filter.label}
            value={options.some((option) => option.value === value) ? value : ''}
            onChange={(event) => onChange(filter.key, event.target.value)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">
              <em>{translate('app.calendar.all')}</em>
            </MenuItem>
            {options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                {option.label}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
    </>
  );
}
