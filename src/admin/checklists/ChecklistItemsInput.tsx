import { Box, Button, FormControlLabel, ListSubheader, MenuItem, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { useController, useFormContext, useFormState, type FieldErrors } from 'react-hook-form';
import {
  moveItem,
  nextSequenceId,
  orderedItems,
  withItemAttribute,
  withoutGroupAttribute,
  type ChecklistGroup,
  type ChecklistItem,
} from '../../../common/resources/checklist';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { MoveButtons } from '../../shared/ui/MoveButtons';
import { ThresholdInput } from './ThresholdInput';
import { useAttributeChoices, type AttributeChoice } from './useAttributeChoices';

type ItemErrors = FieldErrors<{ attribute: string }>[] | undefined;

/**
 * A checklist's items in sequence order (spec §4): each an attribute, an optional threshold and
 * the mandatory-indicator switch. Moving swaps sequence ids with the neighbour, a new item gets
 * the highest id plus one, and deleting an item that has an attribute asks first (spec §5).
 * An attribute leaving the items also leaves the groups, which may only hold the items' attributes.
 */
export function ChecklistItemsInput({ source = 'checklistItems', groupsSource = 'groups' }: { source?: string; groupsSource?: string }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const { getValues, setValue } = useFormContext();
  const { field } = useController({ name: source, defaultValue: [] });
  const { errors } = useFormState({ name: source });
  const itemErrors = errors[source] as ItemErrors;
  const items = (field.value ?? []) as ChecklistItem[];
  const { choices, byId } = useAttributeChoices();
  const ordered = orderedItems(items);

  const change = (next: ChecklistItem[]) => field.onChange(next);
  const replace = (item: ChecklistItem, next: ChecklistItem) => change(items.map((i) => (i === item ? next : i)));
  const dropFromGroups = (attributeId: string) => {
    const groups = (getValues(groupsSource) ?? []) as ChecklistGroup[];
    setValue(groupsSource, withoutGroupAttribute(groups, attributeId), { shouldDirty: true });
  };

  const changeAttribute = (item: ChecklistItem, attributeId: string) => {
    if (item.attribute && item.attribute !== attributeId) dropFromGroups(item.attribute);
    replace(item, withItemAttribute(item, attributeId, byId.get(attributeId)));
  };
  const add = () => change([...items, { attribute: '', sequenceId: nextSequenceId(items), threshold: null, showMandatoryIndicator: false }]);
  const remove = async (item: ChecklistItem) => {
    if (item.attribute && !(await dialogs.confirm(translate('app.confirm.delete_item')))) return;
    if (item.attribute) dropFromGroups(item.attribute);
    change(items.filter((i) => i !== item));
  };

  return (
    <Box component="section" aria-label={translate('app.checklist.fields.items')}>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 1, mb: 1 }}>{translate('app.checklist.fields.items')}</Typography>
      <Stack spacing={1}>
        {ordered.length === 0 && <Typography color="text.secondary">{translate('app.checklist.fields.no_items')}</Typography>}
        {ordered.map((item, position) => {
          const attribute = byId.get(item.attribute);
          const itemName = attribute?.name ?? translate('app.checklist.fields.unnamed_item', { n: position + 1 });
          const index = items.indexOf(item);
          const attributeError = itemErrors?.[index]?.attribute;
          const takenByOthers = new Set(items.filter((i) => i !== item).map((i) => i.attribute));
          return (
            // Moving keeps the array order (only sequence ids swap), so the index follows the item.
            <Paper key={index} variant="outlined" sx={{ p: 1.5 }} data-testid="checklist-item">
              <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap', mb: 1 }}>
                <Typography sx={{ minWidth: 28, pt: 2, color: 'text.secondary' }}>{position + 1}.</Typography>
                <AttributeSelect
                  value={item.attribute}
                  choices={choices}
                  taken={takenByOthers}
                  label={translate('app.checklist.fields.attribute')}
                  error={attributeError ? translate('ra.validation.required') : undefined}
                  onChange={(id) => changeAttribute(item, id)}
                />
                <FormControlLabel
                  sx={{ mt: 1.5 }}
                  control={<Switch size="small" checked={item.showMandatoryIndicator} onChange={(event) => replace(item, { ...item, showMandatoryIndicator: event.target.checked })} />}
                  label={translate('app.checklist.fields.show_mandatory_indicator')}
                />
                <Box sx={{ flexGrow: 1 }} />
                <MoveButtons
                  sx={{ mt: 1 }}
                  moveUpLabel={translate('app.checklist.fields.move_up', { name: itemName })}
                  moveDownLabel={translate('app.checklist.fields.move_down', { name: itemName })}
                  first={position === 0}
                  last={position === ordered.length - 1}
                  onMove={(direction) => change(moveItem(items, item.sequenceId, direction))}
                  deleteLabel={`${translate('app.checklist.fields.delete_item')} ${itemName}`}
                  deleteTitle={translate('app.checklist.fields.delete_item')}
                  onDelete={() => void remove(item)}
                />
              </Stack>
              <Box sx={{ pl: { sm: 5 } }}>
                <ThresholdInput attribute={attribute} threshold={item.threshold} onChange={(threshold) => replace(item, { ...item, threshold })} />
              </Box>
            </Paper>
          );
        })}
      </Stack>
      <Button size="small" startIcon={<AddIcon />} onClick={add} sx={{ mt: 1 }}>
        {translate('app.checklist.fields.add_item')}
      </Button>
    </Box>
  );
}

/** An item's attribute; one already used by another item of the checklist cannot be chosen again. */
function AttributeSelect({ value, choices, taken, label, error, onChange }: { value: string; choices: readonly AttributeChoice[]; taken: ReadonlySet<string>; label: string; error?: string; onChange: (id: string) => void }) {
  const known = choices.some((choice) => choice.id === value);
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={label}
      sx={{ width: 300 }}
      value={known ? value : ''}
      error={Boolean(error)}
      helperText={error}
      onChange={(event) => onChange(event.target.value)}
    >
      {choices.length === 0 && <ListSubheader>—</ListSubheader>}
      {choices.map((choice) => (
        <MenuItem key={choice.id} value={choice.id} disabled={taken.has(choice.id)}>
          {choice.name}
          <Typography component="span" variant="body2" sx={{ ml: 1, color: 'text.secondary' }}>({choice.type})</Typography>
        </MenuItem>
      ))}
    </TextField>
  );
}
