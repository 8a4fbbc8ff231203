import { useMemo } from 'react';
import { Box, Stack } from '@mui/material';
import { AutocompleteArrayInput, TextInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import type { ChecklistOption } from '../../../common/resources/asset';
import { ChecklistOptionsInput } from './ChecklistOptionsInput';
import { HtmlMessageInput } from '../mechanism/HtmlMessageInput';
import { StaticAttributesInput } from './StaticAttributesInput';
import { TagsInput } from './TagsInput';
import { isArchived, useRelatedList } from '../mechanism/useRelatedList';

interface ChecklistChoice {
  id: string;
  name: string;
}

/**
 * Every input of an asset (spec §2.9 and §3), shared by the New/Copy dialog and the inline
 * editor so both edit the same whole asset. An archived checklist the asset still holds is shown,
 * marked archived, so it can be seen and taken off; it is never offered to be added.
 */
export function AssetInputs() {
  const translate = useTranslate();
  const checklists = useRelatedList<ChecklistChoice>('checklist', ['name'], { withArchived: true });
  const [held, options] = useWatch({ name: ['checklists', 'checklistOptions'] }) as [string[] | undefined, ChecklistOption[] | undefined];
  const checklistChoices = useMemo(() => {
    const kept = new Set([...(held ?? []), ...(options ?? []).flatMap((option) => option.checklistIds ?? [])]);
    return checklists
      .filter((checklist) => !isArchived(checklist) || kept.has(String(checklist.id)))
      .map((checklist) => ({
        id: String(checklist.id),
        name: isArchived(checklist) ? translate('app.archive.archived_name', { name: checklist.name }) : checklist.name,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [checklists, held, options, translate]);

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
