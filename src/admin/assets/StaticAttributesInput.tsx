import { useMemo } from 'react';
import { Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import PlaylistAddIcon from '@mui/icons-material/PlaylistAdd';
import { AutocompleteInput, NumberInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray, useWatch } from 'react-hook-form';
import type { StaticAttribute } from '../../../common/resources/asset';
import { nextSequenceId } from '../../../common/resources/checklist';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';
import { useKnownValues } from './useKnownValues';

const ROW_COLUMNS = { xs: '1fr', md: '2fr 1fr 3fr 1fr auto' };

/**
 * An asset's static attributes (spec §2.9): each a name chosen from the known keys, a read-only
 * type (a new attribute is a string, spec §3), a value and a numeric Sequence ID. New keys are
 * asked for by prompt and only join the local list of keys.
 */
export function StaticAttributesInput({ source }: { source: string }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const { fields, append, remove } = useFieldArray({ name: source });
  const attributes = (useWatch({ name: source }) as Partial<StaticAttribute>[] | undefined) ?? [];
  const keys = useKnownValues('/masterdata/assetStaticAttributeKeys', attributes.flatMap((attribute) => (attribute.name ? [attribute.name] : [])));
  const keyChoices = useMemo(() => keys.values.map((key) => ({ id: key, name: key })), [keys.values]);

  const addKey = async () => {
    const title = translate('app.asset.static_attribute_name_prompt');
    keys.add(await dialogs.prompt({ title, label: title }));
  };
  const addAttribute = () => {
    const sequenceId = nextSequenceId(attributes.map((attribute) => ({ sequenceId: Number(attribute.sequenceId) || 0 })));
    append({ name: '', type: 'string', value: '', sequenceId } satisfies StaticAttribute);
  };

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pb: 1.5 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {translate('app.asset.static_attributes')}
      </Typography>
      {fields.map((field, index) => (
        <Box
          key={field.id}
          role="group"
          aria-label={`${translate('app.asset.static_attributes')} ${index + 1}`}
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: ROW_COLUMNS, alignItems: 'start' }}
        >
          <AutocompleteInput source={`${source}.${index}.name`} label={translate('app.asset.static_attribute.name')} choices={keyChoices} helperText={false} />
          <TextInput source={`${source}.${index}.type`} label={translate('app.asset.static_attribute.type')} readOnly helperText={false} />
          <TextInput source={`${source}.${index}.value`} label={translate('app.asset.static_attribute.value')} multiline helperText={false} />
          <NumberInput source={`${source}.${index}.sequenceId`} label={translate('app.asset.sequence_id')} step={1} helperText={false} />
          <Tooltip title={translate('app.asset.static_attribute.remove')}>
            <IconButton aria-label={translate('app.asset.static_attribute.remove')} onClick={() => remove(index)} sx={{ mt: 1 }}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ))}
      <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap' }}>
        <Button size="small" startIcon={<PlaylistAddIcon />} onClick={() => void addKey()}>
          {translate('app.asset.new_static_attribute_key')}
        </Button>
        <Button size="small" startIcon={<AddIcon />} onClick={addAttribute}>
          {translate('app.asset.add_static_attribute')}
        </Button>
      </Stack>
    </Box>
  );
}
