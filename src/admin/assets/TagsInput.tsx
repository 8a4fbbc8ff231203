import { useMemo } from 'react';
import { Box, IconButton, Stack, Tooltip } from '@mui/material';
import NewLabelIcon from '@mui/icons-material/NewLabel';
import { AutocompleteArrayInput, useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { useKnownValues } from './useKnownValues';

/**
 * An asset's tags (spec §2.9): a multi-select over the tags in use, and a button that asks for a
 * 'Tag name' and offers it in the list (it is stored once selected and saved).
 */
export function TagsInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const tags = (useWatch({ name: source }) as string[] | undefined) ?? [];
  const known = useKnownValues('/masterdata/assetTags', tags);
  const choices = useMemo(() => known.values.map((tag) => ({ id: tag, name: tag })), [known.values]);

  const addTag = async () => {
    const title = translate('app.asset.tag_name_prompt');
    known.add(await dialogs.prompt({ title, label: title }));
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <AutocompleteArrayInput source={source} label={label} choices={choices} helperText={false} />
      </Box>
      <Tooltip title={translate('app.asset.add_tag')}>
        <IconButton aria-label={translate('app.asset.add_tag')} onClick={() => void addTag()} sx={{ mt: 1 }}>
          <NewLabelIcon />
        </IconButton>
      </Tooltip>
    </Stack>
  );
}
