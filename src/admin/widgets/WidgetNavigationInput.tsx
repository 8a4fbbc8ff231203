import { useMemo } from 'react';
import { Box, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useInput, useTranslate } from 'react-admin';
import { NAVIGATION_TABLE_TYPES, WIDGET_NAVIGATION_TYPES, type WidgetNavigation, type WidgetNavigationType } from '../../../common/resources/widget';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';

/** The drawer's words for the screens a widget opens. */
const NAVIGATION_LABELS: Record<WidgetNavigationType, string> = {
  asset: 'app.menu.assets',
  alert: 'app.menu.alerts',
  inspection: 'app.menu.inspections',
  thermography: 'app.menu.thermography',
  checklist: 'app.menu.checklists',
};

/** One entry of GET /table?type=… (spec §7). */
interface TableSummary {
  _id: string;
  name: string;
}

/** GET /table?type=…: the tables a navigation type can open. */
export const navigationTablesQuery = (type: WidgetNavigationType) => apiQuery<TableSummary[]>('/table', { query: { type: NAVIGATION_TABLE_TYPES[type] } });

const NONE = '';
const asNavigation = (value: unknown): WidgetNavigation | null => (value && typeof value === 'object' ? (value as WidgetNavigation) : null);
const keepNavigation = (value: WidgetNavigation | null) => value;

/**
 * Where a click on the widget leads (spec §3 navigation): none, or a table screen of a type and
 * optionally one table record of that type (GET /table?type=…); no table means the role's default
 * table of the type. Choosing none stores null; another type forgets the table.
 */
export function WidgetNavigationInput({ source = 'navigation' }: { source?: string }) {
  const translate = useTranslate();
  const { field } = useInput<WidgetNavigation | null>({ source, format: asNavigation, parse: keepNavigation });
  const navigation = asNavigation(field.value);
  const type = navigation?.type ?? null;
  // No navigation asks nothing (the key is any type's, never asked).
  const { data, error } = useApiQuery({ ...navigationTablesQuery(type ?? WIDGET_NAVIGATION_TYPES[0]), enabled: type !== null });
  // Tables that could not be read leave only the default table to choose.
  const list = useMemo(() => (data ? [...data].sort((a, b) => a.name.localeCompare(b.name)) : error ? [] : null), [data, error]);
  const table = navigation?.table ?? null;
  // A stored table shows once the list that holds it has loaded (a select warns about unknown values).
  const shownTable = table && list?.some((entry) => entry._id === table) ? table : NONE;

  return (
    <Box component="section" aria-label={translate('app.widget.fields.navigation')}>
      <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>{translate('app.widget.fields.navigation')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          fullWidth={false}
          select
          size="small"
          label={translate('app.widget.fields.navigation')}
          value={type ?? NONE}
          sx={{ flex: 1, minWidth: 0 }}
          onChange={(event) => {
            const next = event.target.value as WidgetNavigationType | typeof NONE;
            field.onChange(next === NONE ? null : { type: next, table: next === type ? table : null });
          }}
        >
          <MenuItem value={NONE}>{translate('app.widget.no_navigation')}</MenuItem>
          {WIDGET_NAVIGATION_TYPES.map((choice) => (
            <MenuItem key={choice} value={choice}>{translate(NAVIGATION_LABELS[choice])}</MenuItem>
          ))}
        </TextField>
        {type && (
          <TextField
            fullWidth={false}
            select
            size="small"
            label={translate('app.widget.fields.navigation_table')}
            value={shownTable}
            disabled={list === null}
            sx={{ flex: 1, minWidth: 0 }}
            onChange={(event) => field.onChange({ type, table: event.target.value === NONE ? null : event.target.value })}
          >
            <MenuItem value={NONE}>{translate('app.widget.default_table')}</MenuItem>
            {(list ?? []).map((entry) => (
              <MenuItem key={entry._id} value={entry._id}>{entry.name}</MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </Box>
  );
}
