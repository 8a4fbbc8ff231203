import { Box } from '@mui/material';
import type { FieldValues } from 'react-hook-form';
import { checklistSchema, thresholdValueFits, type ChecklistItem } from '../../../common/resources/checklist';
import { ChecklistGroupsInput } from './ChecklistGroupsInput';
import { ChecklistItemsInput } from './ChecklistItemsInput';
import { useAttributeChoices } from './useAttributeChoices';
import type { EditorProps } from '../mechanism/ResourceDefinition';
import { ResourceForm } from '../mechanism/ResourceForm';
import { SchemaInputs } from '../mechanism/SchemaInputs';
import type { ChecklistRecord } from './types';

/**
 * The inline checklist editor (spec §2.9): name, frequency (free text), the scripts run after an
 * inspection of it (DESIGN §7), the ordered items and the groups.
 */
export function ChecklistEditor({ record, save }: EditorProps<ChecklistRecord>) {
  const { byId } = useAttributeChoices();
  // The server refuses a threshold value of the wrong form; Save waits until each one fits.
  const saveDisabled = (values: FieldValues) =>
    ((values.checklistItems ?? []) as ChecklistItem[]).some((item) => {
      const attribute = byId.get(item.attribute);
      return item.threshold !== null && attribute !== undefined && !thresholdValueFits(attribute, item.threshold.value);
    });

  return (
    <ResourceForm<ChecklistRecord> record={record} schema={checklistSchema} save={save} saveDisabled={saveDisabled}>
      <Box sx={{ display: 'grid', columnGap: 2, alignItems: 'start', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <SchemaInputs schema={checklistSchema} namespace="checklist" entity="checklist" fields={['name', 'frequency']} />
      </Box>
      <SchemaInputs schema={checklistSchema} namespace="checklist" entity="checklist" fields={['scripts']} />
      <ChecklistItemsInput />
      <ChecklistGroupsInput />
    </ResourceForm>
  );
}
