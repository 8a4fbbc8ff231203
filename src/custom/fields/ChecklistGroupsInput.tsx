import { ChipMultiSelect } from '../../common-ui/ChipMultiSelect';
import { Box, Button, IconButton, Paper, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { useController, useWatch } from 'react-hook-form';
import { canDeleteGroup, moveGroup, orderedItems, type ChecklistGroup, type ChecklistItem } from '../../../common/resources/checklist';
import { useDialogs } from '../../common-ui/dialogs/DialogsProvider';
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
                <Stack direction="row" sx={{ mt: 1 }}>
                  <Tooltip title={translate('ra.action.move_up')}>
                    <span>
                      <IconButton aria-label={translate('app.checklist.fields.move_up', { name: label })} disabled={index === 0} onClick={() => change(moveGroup(groups, index, -1))}>
                        <ArrowUpwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={translate('ra.action.move_down')}>
                    <span>
                      <IconButton aria-label={translate('app.checklist.fields.move_down', { name: label })} disabled={index === groups.length - 1} onClick={() => change(moveGroup(groups, index, 1))}>
                        <ArrowDownwardIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={canDeleteGroup(group) ? translate('ra.action.delete') : translate('app.checklist.fields.group_not_empty')}>
                    <span>
                      <IconButton
                        aria-label={translate('app.checklist.fields.delete_group', { name: label })}
                        disabled={!canDeleteGroup(group)}
                        onClick={() => change(groups.filter((_, i) => i !== index))}
                      >
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </Stack>
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
