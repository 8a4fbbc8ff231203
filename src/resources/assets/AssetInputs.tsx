import { useMemo } from 'react';
import { Box, Stack } from '@mui/material';
import { AutocompleteArrayInput, TextInput, useTranslate } from 'react-admin';
import { ChecklistOptionsInput } from '../../custom/fields/ChecklistOptionsInput';
import { HtmlMessageInput } from '../../custom/fields/HtmlMessageInput';
import { StaticAttributesInput } from '../../custom/fields/StaticAttributesInput';
import { TagsInput } from '../../custom/fields/TagsInput';
import { useRelatedList } from '../generic/useRelatedList';

interface ChecklistChoice {
  id: string;
  name: string;
}

/**
 * Every input of an asset (spec §2.9 and §3), shared by the New/Copy dialog and the inline
 * editor so both edit the same whole asset.
 */
export function AssetInputs() {
  const translate = useTranslate();
  const checklists = useRelatedList<ChecklistChoice>('checklist', ['name']);
  const checklistChoices = useMemo(
    () => checklists.map(({ id, name }) => ({ id: String(id), name })).sort((a, b) => a.name.localeCompare(b.name)),
    [checklists],
  );

  return (
    <Stack spacing={1}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextInput source="name" label={translate('app.asset.columns.name')} helperText={false} />
        <TextInput source="identification" label={translate('app.asset.columns.identification')} helperText={false} />
      </Box>
      <TagsInput source="tags" label={translate('app.asset.columns.tags')} />
      <AutocompleteArrayInput
        source="checklists"
        label={translate('app.asset.columns.checklists')}
        choices={checklistChoices}
        helperText={false}
      />
      <StaticAttributesInput source="staticAttributes" />
      <ChecklistOptionsInput source="checklistOptions" checklists={checklistChoices} />
      <HtmlMessageInput source="message" label={translate('app.asset.message')} previewLabel={translate('app.asset.message_preview')} />
    </Stack>
  );
}
