import { Box, Button, FormHelperText, IconButton, MenuItem, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useNotify, useTranslate } from 'react-admin';
import { useController, useFormContext } from 'react-hook-form';
import { DASHBOARD_FILTER_TYPES, type DashboardFilter, type DashboardFilterType, type DashboardSection } from '../../../common/resources/dashboard';
import { nameTaken } from '../../../common/fields/namedValues';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { filterOptionNames, filterOptionProblem, firstErrorMessage, newFilter, sectionsWithFilterRenamed } from './DashboardEditing';

/** Hints under the options a filter reads, by filter type. */
const OPTION_HINTS: Record<DashboardFilterType, Record<string, string>> = {
  'date-range': {
    label: 'app.dashboard_admin.hints.label',
    defaultValue: 'app.dashboard_admin.hints.date_default',
    values: 'app.dashboard_admin.hints.date_values',
  },
  select: {
    label: 'app.dashboard_admin.hints.label',
    defaultValue: 'app.dashboard_admin.hints.select_default',
    values: 'app.dashboard_admin.hints.select_values',
  },
};

/** Spec §9: a date range's default reads '{n} days'. */
const daysLabel = (days: number, translate: (key: string, options?: object) => string) =>
  days === 1 ? translate('app.dashboard.date_range_one_day') : translate('app.dashboard.date_range_days', { n: days });

/**
 * A dashboard's filters (spec §3): each a name, a type (date range or select) and its options
 * (label, defaultValue, values, and any other the scripts read). New filters and options are
 * named by prompt: a blank name is refused, as is one already used. Deleting a filter or an
 * option asks first. A filter renamed or deleted is renamed in, or taken off, the sections that
 * pass it on (the server refuses sections naming unknown filters).
 */
export function DashboardFiltersInput({ source = 'filters', sectionsSource = 'sections' }: { source?: string; sectionsSource?: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dialogs = useDialogs();
  const { getValues, setValue } = useFormContext();
  const { field, fieldState } = useController({ name: source, defaultValue: [] });
  const filters = (field.value ?? []) as DashboardFilter[];
  const error = firstErrorMessage(fieldState.error);

  const change = (next: DashboardFilter[]) => field.onChange(next);
  const replace = (filter: DashboardFilter, next: DashboardFilter) => change(filters.map((f) => (f === filter ? next : f)));
  const renameInSections = (from: string, to: string | null) => {
    const sections = (getValues(sectionsSource) ?? []) as DashboardSection[];
    setValue(sectionsSource, sectionsWithFilterRenamed(sections, from, to), { shouldDirty: true });
  };
  const filterNameTaken = (name: string, except?: DashboardFilter) =>
    nameTaken(
      filters.filter((f) => f !== except).map((f) => f.name),
      name,
    );

  const add = async () => {
    const name = await dialogs.prompt({ title: translate('app.dashboard_admin.add_filter'), label: translate('app.dashboard_admin.filter_name') });
    if (name === null) return;
    if (filterNameTaken(name)) return notify('app.dashboard_admin.filter_exists', { type: 'warning', messageArgs: { name } });
    change([...filters, newFilter(name)]);
  };
  const rename = async (filter: DashboardFilter) => {
    const name = await dialogs.prompt({ title: translate('app.dashboard_admin.rename_filter', { name: filter.name }), label: translate('app.dashboard_admin.filter_name'), initialValue: filter.name });
    if (name === null || name === filter.name) return;
    if (filterNameTaken(name, filter)) return notify('app.dashboard_admin.filter_exists', { type: 'warning', messageArgs: { name } });
    replace(filter, { ...filter, name });
    renameInSections(filter.name, name);
  };
  const remove = async (filter: DashboardFilter) => {
    if (!(await dialogs.confirm(translate('app.confirm.delete_item')))) return;
    change(filters.filter((f) => f !== filter));
    renameInSections(filter.name, null);
  };
  const addOption = async (filter: DashboardFilter) => {
    // Spec §5: a filter option name must be non-blank; the prompt cannot be confirmed blank.
    const name = await dialogs.prompt({ title: translate('app.dashboard_admin.add_option_to', { name: filter.name }), label: translate('app.dashboard_admin.option_name'), required: true });
    if (name === null) return;
    if (nameTaken(Object.keys(filter.options ?? {}), name)) return notify('app.dashboard_admin.option_exists', { type: 'warning', messageArgs: { name } });
    replace(filter, { ...filter, options: { ...filter.options, [name]: '' } });
  };
  const removeOption = async (filter: DashboardFilter, name: string) => {
    if (!(await dialogs.confirm(translate('app.confirm.delete_item')))) return;
    const options = { ...filter.options };
    delete options[name];
    replace(filter, { ...filter, options });
  };

  return (
    <Box component="section" aria-label={translate('app.dashboard_admin.fields.filters')} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1, mb: 1 }}>{translate('app.dashboard_admin.fields.filters')}</Typography>
      <Stack spacing={1}>
        {filters.length === 0 && <Typography variant="body2" color="text.secondary">{translate('app.dashboard_admin.no_filters')}</Typography>}
        {filters.map((filter, index) => (
          <Paper key={index} variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid="dashboard-filter" aria-label={translate('app.dashboard_admin.filter_named', { name: filter.name })} role="group">
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
              <Typography variant="subtitle2" component="h4" sx={{ flex: '1 1 160px', minWidth: 0 }}>{filter.name}</Typography>
              <TextField
                fullWidth={false}
                select
                size="small"
                label={translate('app.dashboard_admin.filter_type')}
                value={filter.type}
                sx={{ width: 150 }}
                onChange={(event) => replace(filter, { ...filter, type: event.target.value as DashboardFilterType })}
              >
                {DASHBOARD_FILTER_TYPES.map((type) => (
                  <MenuItem key={type} value={type}>{translate(`app.dashboard_admin.filter_types.${type}`)}</MenuItem>
                ))}
              </TextField>
              <Stack direction="row">
                <Tooltip title={translate('app.dashboard_admin.rename_filter', { name: filter.name })}>
                  <IconButton aria-label={translate('app.dashboard_admin.rename_filter', { name: filter.name })} onClick={() => void rename(filter)}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={translate('app.dashboard_admin.delete_filter', { name: filter.name })}>
                  <IconButton aria-label={translate('app.dashboard_admin.delete_filter', { name: filter.name })} onClick={() => void remove(filter)}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Stack>
            <Stack spacing={1} sx={{ pl: { sm: 2 } }}>
              {filterOptionNames(filter.options ?? {}).map((name) => {
                const problem = filterOptionProblem(filter, name);
                const hint = OPTION_HINTS[filter.type]?.[name];
                const value = filter.options[name] ?? '';
                const days = filter.type === 'date-range' && name === 'defaultValue' && /^\d+$/.test(value.trim()) ? daysLabel(Number(value), translate) : null;
                return (
                  <Stack key={name} direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                    <TextField
                      size="small"
                      fullWidth
                      label={name}
                      value={value}
                      error={problem !== null}
                      helperText={problem ? translate(problem) : days ?? (hint ? translate(hint) : undefined)}
                      onChange={(event) => replace(filter, { ...filter, options: { ...filter.options, [name]: event.target.value } })}
                    />
                    <Tooltip title={translate('app.dashboard_admin.delete_option', { name, filter: filter.name })}>
                      <IconButton aria-label={translate('app.dashboard_admin.delete_option', { name, filter: filter.name })} onClick={() => void removeOption(filter, name)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  </Stack>
                );
              })}
            </Stack>
            <Button size="small" startIcon={<AddIcon />} onClick={() => void addOption(filter)} sx={{ mt: 1 }} aria-label={translate('app.dashboard_admin.add_option_to', { name: filter.name })}>
              {translate('app.dashboard_admin.add_option')}
            </Button>
          </Paper>
        ))}
      </Stack>
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Button size="small" startIcon={<AddIcon />} onClick={() => void add()} sx={{ mt: 1 }}>
        {translate('app.dashboard_admin.add_filter')}
      </Button>
    </Box>
  );
}
