import { ChipMultiSelect } from '../../shared/ui/ChipMultiSelect';
import { Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { useController, useWatch } from 'react-hook-form';
import { canDeleteGroup, moveGroup, orderedItems, type ChecklistGroup, type ChecklistItem } from '../../../common/resources/checklist';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { MoveButtons } from '../../shared/ui/MoveButtons';
import { useAttributeChoices } from './useAttributeChoices';

/**
 * A checklist's groups (spec §3, §4): a name and some of the checklist's item attributes each.
 * Groups are reordered up and down; one still holding attributes cannot be deleted, and the
 * disabled button says why. A new group's name is asked for and must not be blank.
 */
export function ChecklistGroupsInput({ source = 'groups', itemsSource = 'checklistItems' }: { source?: string; itemsSource?: string }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const { field } = useController({ name: source, defaultValue: [] });
  const groups = (field.value ?? []) as ChecklistGroup[];
  const items = (useWatch({ name: itemsSource }) ?? []) as ChecklistItem[];
  const { byId } = useAttributeChoices();
  const itemAttributes = orderedItems(items)
    .map((item) => item.attribute)
    .filter((id) => id !== '');
  const nameOf = (id: string) => byId.get(id)?.name ?? id;

  const change = (next: ChecklistGroup[]) => field.onChange(next);
  const update = (index: number, group: ChecklistGroup) => change(groups.map((g, i) => (i === index ? group : g)));
  const add = () =>
    dialogs.prompt({
      title: translate('app.checklist.fields.add_group'),
      label: translate('app.checklist.fields.group_name'),
      // The prompt answers null for an empty or blank name: nothing is added (spec §5).
      onSubmit: async (name) => change([...groups, { name, attributes: [] }]),
    });

  return (
    <Box component="section" aria-label={translate('app.checklist.fields.groups')}>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2, mb: 1 }}>{translate('app.checklist.fields.groups')}</Typography>
      <Stack spacing={1}>
        {groups.length === 0 && <Typography color="text.secondary">{translate('app.checklist.fields.no_groups')}</Typography>}
        {groups.map((group, index) => {
          const blank = group.name.trim() === '';
          const label = group.name || String(index + 1);
          return (
            <Paper key={index} variant="outlined" sx={{ p: 1.5 }} data-testid="checklist-group">
              <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'flex-start', flexWrap: 'wrap' }}>
                <TextField
                  size="small"
                  fullWidth={false}
                  sx={{ width: 240 }}
                  label={translate('app.checklist.fields.group_name')}
                  value={group.name}
                  error={blank}
                  helperText={blank ? translate('ra.validation.required') : undefined}
                  onChange={(event) => update(index, { ...group, name: event.target.value })}
                />
                <ChipMultiSelect
                  label={translate('app.checklist.fields.group_attributes')}
                  sx={{ minWidth: 280, flex: 1 }}
                  value={group.attributes}
                  choices={itemAttributes}
                  nameOf={nameOf}
                  onChange={(attributes) => update(index, { ...group, attributes })}
                />
                <MoveButtons
                  sx={{ mt: 1 }}
                  moveUpLabel={translate('app.checklist.fields.move_up', { name: label })}
                  moveDownLabel={translate('app.checklist.fields.move_down', { name: label })}
                  first={index === 0}
                  last={index === groups.length - 1}
                  onMove={(direction) => change(moveGroup(groups, index, direction))}
                  deleteLabel={translate('app.checklist.fields.delete_group', { name: label })}
                  deleteTitle={canDeleteGroup(group) ? translate('ra.action.delete') : translate('app.checklist.fields.group_not_empty')}
                  deleteDisabled={!canDeleteGroup(group)}
                  onDelete={() => change(groups.filter((_, i) => i !== index))}
                />
              </Stack>
            </Paper>
          );
        })}
      </Stack>
      <Button size="small" startIcon={<AddIcon />} onClick={() => void add()} sx={{ mt: 1 }}>
        {translate('app.checklist.fields.add_group')}
      </Button>
    </Box>
  );
}
