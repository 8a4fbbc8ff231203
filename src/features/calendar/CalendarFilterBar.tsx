import { MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { CalendarFilter } from './calendarConfig';
import type { CalendarFilterValues } from './calendarFilters';

interface CalendarFilterBarProps {
  filters: readonly CalendarFilter[];
  values: CalendarFilterValues;
  onChange: (key: string, value: string) => void;
}

/** The config's filters (spec §2.7) as dropdowns of their values (entry type names for `type`); 'All' sends nothing for that key. */
export function CalendarFilterBar({ filters, values, onChange }: CalendarFilterBarProps) {
  const translate = useTranslate();
  return (
    <>
      {filters.map((filter) => {
        const value = values[filter.key] ?? '';
        return (
          <TextField
            key={filter.key}
            select
            size="small"
            // The theme stretches text fields; filters sit side by side.
            fullWidth={false}
            label={filter.label}
            value={filter.values.includes(value) ? value : ''}
            onChange={(event) => onChange(filter.key, event.target.value)}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">
              <em>{translate('app.calendar.all')}</em>
            </MenuItem>
            {filter.values.map((option) => (
              <MenuItem key={option} value={option}>
                {option}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
    </>
  );
}
