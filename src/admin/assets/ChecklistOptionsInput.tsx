import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { AutocompleteArrayInput, TextInput, useTranslate } from 'react-admin';
import { useFieldArray } from 'react-hook-form';
import type { ChecklistOption } from '../../../common/resources/asset';

const ROW_COLUMNS = { xs: '1fr', md: '2fr 2fr 4fr auto' };

/**
 * An asset's checklistOptions (spec §3): named buttons of the inspect view, each selecting a set
 * of checklists at once.
 */
export function ChecklistOptionsInput({ source, checklists }: { source: string; checklists: readonly { id: string; name: string }[] }) {
  const translate = useTranslate();
  const { fields, append, remove } = useFieldArray({ name: source });

  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pb: 1.5 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {translate('app.asset.checklist_options')}
      </Typography>
      {fields.map((field, index) => (
        <Box
          key={field.id}
          role="group"
          aria-label={`${translate('app.asset.checklist_options')} ${index + 1}`}
          sx={{ display: 'grid', gap: 1, gridTemplateColumns: ROW_COLUMNS, alignItems: 'start' }}
        >
          <TextInput source={`${source}.${index}.name`} label={translate('app.asset.checklist_option.name')} helperText={false} />
          <TextInput source={`${source}.${index}.btnName`} label={translate('app.asset.checklist_option.btn_name')} helperText={false} />
          <AutocompleteArrayInput
            source={`${source}.${index}.checklistIds`}
            label={translate('app.asset.checklist_option.checklists')}
            choices={checklists as { id: string; name: string }[]}
            helperText={false}
          />
          <Tooltip title={translate('app.asset.checklist_option.remove')}>
            <IconButton aria-label={translate('app.asset.checklist_option.remove')} onClick={() => remove(index)} sx={{ mt: 1 }}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ))}
      <Button size="small" startIcon={<AddIcon />} sx={{ mt: 1 }} onClick={() => append({ name: '', btnName: '', checklistIds: [] } satisfies ChecklistOption)}>
        {translate('app.asset.checklist_option.add')}
      </Button>
    </Box>
  );
}
