import { Stack } from '@mui/material';
import { AutocompleteArrayInput, TextInput, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { checklistSchema, thresholdValueFits, type ChecklistItem } from '../../../common/resources/checklist';
import { ChecklistGroupsInput } from './ChecklistGroupsInput';
import { ChecklistItemsInput } from './ChecklistItemsInput';
import { useAttributeChoices } from './useAttributeChoices';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { useRelatedList } from '../mechanism/useRelatedList';
import type { ChecklistRecord } from './types';

/**
 * The inline checklist editor (spec §2.9): name, frequency (free text), the scripts run after an
 * inspection of it (DESIGN §7), the ordered items and the groups.
 */
export function ChecklistEditor({ record, save }: EditorProps<ChecklistRecord>) {
  const translate = useTranslate();
  const scripts = useRelatedList<{ id: string; name: string }>('script', ['name']);
  const { byId } = useAttributeChoices();
  // The server refuses a threshold value of the wrong form; Save waits until each one fits.
  const saveDisabled = (values: FieldValues) =>
    ((values.checklistItems ?? []) as ChecklistItem[]).some((item) => {
      const attribute = byId.get(item.attribute);
      return item.threshold !== null && attribute !== undefined && !thresholdValueFits(attribute, item.threshold.value);
    });

  return (
    <ResourceForm<ChecklistRecord> record={record} schema={checklistSchema} save={save} saveDisabled={saveDisabled}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextInput source="name" label={translate('app.checklist.fields.name')} helperText={false} sx={{ flex: 1 }} />
        <TextInput source="frequency" label={translate('app.checklist.fields.frequency')} helperText={false} sx={{ flex: 1 }} />
      </Stack>
      <AutocompleteArrayInput source="scripts" label={translate('app.checklist.fields.scripts')} choices={scripts} helperText={false} />
      <ChecklistItemsInput />
      <ChecklistGroupsInput />
    </ResourceForm>
  );
}
