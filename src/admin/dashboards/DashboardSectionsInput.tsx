import { ChipMultiSelect } from '../../shared/ui/ChipMultiSelect';
import { Box, Button, FormHelperText, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { useController, useWatch } from 'react-hook-form';
import { ITEM_HEIGHT, ITEM_WIDTH, type DashboardFilter, type DashboardItem, type DashboardSection } from '../../../common/resources/dashboard';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { MoveButtons } from '../../shared/ui/MoveButtons';
import { useRelatedListState } from '../mechanism/useRelatedList';
import { firstErrorMessage, moveInSequence, nextSequenceId, sequenceOrder } from './DashboardEditing';

/** A new item may go without _id: the server gives it one. */
type EditedItem = Omit<DashboardItem, '_id'> & { _id?: string };
type EditedSection = Omit<DashboardSection, 'items'> & { items: EditedItem[] };

interface WidgetChoice {
  id: string;
  name: string;
  type: string;
}

const byName = (a: WidgetChoice, b: WidgetChoice) => a.name.localeCompare(b.name);
const wholeNumberIn = (value: unknown, range: { min: number; max: number }) => typeof value === 'number' && Number.isInteger(value) && value >= range.min && value <= range.max;
/** What a number field hands the form: a number once it is one, the text while it is not. */
const numberOrText = (text: string): number | string => (text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);

/**
 * A dashboard's sections in sequence order (spec §3): a title, the dashboard filters its widgets
 * receive, and its items — a widget, a width in twelfths of the row and a height in pixels — also
 * in sequence order. Sections and items move up and down (swapping sequence ids); a new one gets
 * the highest sequence id plus one, a new item the default size. Deleting either asks first.
 */
export function DashboardSectionsInput({ source = 'sections', filtersSource = 'filters' }: { source?: string; filtersSource?: string }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const { field, fieldState } = useController({ name: source, defaultValue: [] });
  const sections = (field.value ?? []) as EditedSection[];
  const filterNames = ((useWatch({ name: filtersSource }) ?? []) as DashboardFilter[]).map((filter) => filter.name);
  const widgets = useRelatedListState<WidgetChoice>('widget', ['name', 'type']);
  const widgetChoices = [...widgets.records].sort(byName);
  const sectionErrors = fieldState.error as unknown as ({ filters?: unknown; items?: { widget?: unknown }[] } | undefined)[] | undefined;
  const listError = Array.isArray(sectionErrors) ? null : firstErrorMessage(fieldState.error);

  const change = (next: EditedSection[]) => field.onChange(next);
  const replace = (section: EditedSection, next: EditedSection) => change(sections.map((s) => (s === section ? next : s)));
  const addSection = () => change([...sections, { title: '', sequenceId: nextSequenceId(sections), filters: [], items: [] }]);
  const removeSection = async (section: EditedSection) => {
    if (!(await dialogs.confirm(translate('app.confirm.delete_item')))) return;
    change(sections.filter((s) => s !== section));
  };

  const order = sequenceOrder(sections);
  return (
    <Box component="section" aria-label={translate('app.dashboard_admin.fields.sections')} sx={{ minWidth: 0 }}>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>{translate('app.dashboard_admin.fields.sections')}</Typography>
      <Stack spacing={1.5}>
        {sections.length === 0 && <Typography variant="body2" color="text.secondary">{translate('app.dashboard_admin.no_sections')}</Typography>}
        {order.map((index, position) => {
          const section = sections[index] as EditedSection;
          const label = section.title.trim() || translate('app.dashboard_admin.section_n', { n: position + 1 });
          const errors = sectionErrors?.[index];
          return (
            // Moving keeps the array order (only sequence ids swap), so the index follows the section.
            <Paper key={index} variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid="dashboard-section" role="group" aria-label={label}>
              <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
                <Typography sx={{ minWidth: 24, pt: 1, color: 'text.secondary' }}>{position + 1}.</Typography>
                <TextField
                  fullWidth={false}
                  size="small"
                  label={translate('app.dashboard_admin.section_title')}
                  value={section.title}
                  sx={{ flex: '1 1 200px', minWidth: 0 }}
                  onChange={(event) => replace(section, { ...section, title: event.target.value })}
                />
                <ChipMultiSelect
                  label={translate('app.dashboard_admin.section_filters')}
                  value={section.filters ?? []}
                  choices={filterNames}
                  emptyText={translate('app.dashboard_admin.no_filters')}
                  sx={{ flex: '1 1 200px', minWidth: 0 }}
                  error={Boolean(errors?.filters)}
                  helperText={errors?.filters ? (firstErrorMessage(errors.filters) ?? undefined) : undefined}
                  onChange={(filters) => replace(section, { ...section, filters })}
                />
                <MoveButtons
                  sx={{ ml: 'auto' }}
                  moveUpLabel={translate('app.dashboard_admin.move_up', { name: label })}
                  moveDownLabel={translate('app.dashboard_admin.move_down', { name: label })}
                  first={position === 0}
                  last={position === order.length - 1}
                  onMove={(direction) => change(moveInSequence(sections, section, direction))}
                  onDelete={() => void removeSection(section)}
                  deleteLabel={translate('app.dashboard_admin.delete_section', { name: label })}
                />
              </Stack>
              <SectionItems
                items={section.items ?? []}
                widgets={widgetChoices}
                widgetsPending={widgets.isPending}
                errors={errors?.items}
                onChange={(items) => replace(section, { ...section, items })}
              />
            </Paper>
          );
        })}
      </Stack>
      {listError && <FormHelperText error>{listError}</FormHelperText>}
      <Button size="small" startIcon={<AddIcon />} onClick={addSection} sx={{ mt: 1 }}>
        {translate('app.dashboard_admin.add_section')}
      </Button>
    </Box>
  );
}

function SectionItems({
  items,
  widgets,
  widgetsPending,
  errors,
  onChange,
}: {
  items: EditedItem[];
  widgets: readonly WidgetChoice[];
  widgetsPending: boolean;
  errors?: ({ widget?: unknown } | undefined)[];
  onChange: (items: EditedItem[]) => void;
}) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const nameOf = (id: string) => widgets.find((widget) => widget.id === id)?.name;
  const replace = (item: EditedItem, next: EditedItem) => onChange(items.map((i) => (i === item ? next : i)));
  // Spec §3: a new item gets the next sequence id and the default size; the server gives its _id.
  const add = () => onChange([...items, { widget: '', width: ITEM_WIDTH.default, height: ITEM_HEIGHT.default, sequenceId: nextSequenceId(items) }]);
  const remove = async (item: EditedItem) => {
    if (!(await dialogs.confirm(translate('app.confirm.delete_item')))) return;
    onChange(items.filter((i) => i !== item));
  };

  const order = sequenceOrder(items);
  return (
    <Box sx={{ pl: { sm: 4 } }}>
      <Stack spacing={1}>
        {items.length === 0 && <Typography variant="body2" color="text.secondary">{translate('app.dashboard_admin.no_items')}</Typography>}
        {order.map((index, position) => {
          const item = items[index] as EditedItem;
          const label = nameOf(item.widget) ?? translate('app.dashboard_admin.item_n', { n: position + 1 });
          const widgetMissing = Boolean(errors?.[index]?.widget);
          const widthOk = wholeNumberIn(item.width, ITEM_WIDTH);
          const heightOk = wholeNumberIn(item.height, ITEM_HEIGHT);
          const known = widgets.some((widget) => widget.id === item.widget);
          return (
            <Stack key={index} direction="row" spacing={1} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }} data-testid="dashboard-item" role="group" aria-label={label}>
              <TextField
                fullWidth={false}
                select
                size="small"
                label={translate('app.dashboard_admin.item_widget')}
                value={known ? item.widget : ''}
                disabled={widgetsPending}
                error={widgetMissing}
                helperText={widgetMissing ? translate('ra.validation.required') : undefined}
                sx={{ flex: '1 1 220px', minWidth: 0 }}
                onChange={(event) => replace(item, { ...item, widget: event.target.value })}
              >
                {widgets.length === 0 && <MenuItem disabled value="">—</MenuItem>}
                {widgets.map((widget) => (
                  <MenuItem key={widget.id} value={widget.id}>
                    {widget.name}
                    <Typography component="span" variant="body2" sx={{ ml: 1, color: 'text.secondary' }}>({widget.type})</Typography>
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                fullWidth={false}
                size="small"
                type="number"
                label={translate('app.dashboard_admin.item_width')}
                value={String(item.width)}
                error={!widthOk}
                helperText={widthOk ? translate('app.dashboard_admin.width_of_row', { n: item.width }) : translate('app.dashboard_admin.between', ITEM_WIDTH)}
                slotProps={{ htmlInput: { min: ITEM_WIDTH.min, max: ITEM_WIDTH.max, step: 1 } }}
                sx={{ width: 130 }}
                onChange={(event) => replace(item, { ...item, width: numberOrText(event.target.value) as number })}
              />
              <TextField
                fullWidth={false}
                size="small"
                type="number"
                label={translate('app.dashboard_admin.item_height')}
                value={String(item.height)}
                error={!heightOk}
                helperText={heightOk ? undefined : translate('app.dashboard_admin.between', ITEM_HEIGHT)}
                slotProps={{ htmlInput: { min: ITEM_HEIGHT.min, max: ITEM_HEIGHT.max, step: 10 } }}
                sx={{ width: 120 }}
                onChange={(event) => replace(item, { ...item, height: numberOrText(event.target.value) as number })}
              />
              <MoveButtons
                sx={{ ml: 'auto' }}
                moveUpLabel={translate('app.dashboard_admin.move_up', { name: label })}
                moveDownLabel={translate('app.dashboard_admin.move_down', { name: label })}
                first={position === 0}
                last={position === order.length - 1}
                onMove={(direction) => onChange(moveInSequence(items, item, direction))}
                onDelete={() => void remove(item)}
                deleteLabel={translate('app.dashboard_admin.delete_item', { name: label })}
              />
            </Stack>
          );
        })}
      </Stack>
      <Button size="small" startIcon={<AddIcon />} onClick={add} sx={{ mt: 1 }}>
        {translate('app.dashboard_admin.add_item')}
      </Button>
    </Box>
  );
}
