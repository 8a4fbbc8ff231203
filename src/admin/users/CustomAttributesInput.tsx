import { useState } from 'react';
import { Box, Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useInput, useTranslate } from 'react-admin';
import { useDialogs } from '../../shared/ui/dialogs/DialogsProvider';

type AttributeMap = Record<string, string>;

const asMap = (value: unknown): AttributeMap => (value && typeof value === 'object' ? (value as AttributeMap) : {});
const keepMap = (value: AttributeMap) => value;

/**
 * A user's custom attributes (spec §3: a free key/value map) as a list of named values. A new
 * one is named by prompt (spec §5: non-blank, and not a name already used); removing one that
 * holds a value asks first, since the value would be lost on save.
 */
export function CustomAttributesInput({ source, label }: { source: string; label?: string }) {
  const translate = useTranslate();
  const dialogs = useDialogs();
  const { field } = useInput<AttributeMap>({ source, format: asMap, parse: keepMap });
  const attributes = asMap(field.value);
  const [added, setAdded] = useState<string | null>(null);

  const add = async () => {
    const name = await dialogs.prompt({
      title: translate('app.user.add_custom_attribute'),
      label: translate('app.user.custom_attribute_name'),
      onSubmit: async (candidate) => {
        if (Object.hasOwn(attributes, candidate)) throw new Error(translate('app.user.custom_attribute_exists', { name: candidate }));
      },
    });
    if (name === null) return;
    field.onChange({ ...attributes, [name]: '' });
    setAdded(name);
  };

  const remove = async (name: string) => {
    const value = attributes[name] ?? '';
    if (value.trim() !== '' && !(await dialogs.confirm(translate('app.user.delete_custom_attribute', { name })))) return;
    const rest = { ...attributes };
    delete rest[name];
    field.onChange(rest);
  };

  // Stored maps come back in the database's key order; alphabetical is what a reader scans.
  const names = Object.keys(attributes).sort((a, b) => a.localeCompare(b));
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography component="legend" variant="subtitle2" sx={{ flexGrow: 1 }}>
          {label ?? translate('app.user.fields.custom_attributes')}
        </Typography>
        <Button size="small" startIcon={<AddIcon />} onClick={() => void add()}>
          {translate('app.user.add_custom_attribute')}
        </Button>
      </Stack>
      {names.length === 0 && (
        <Typography variant="body2" color="text.secondary">{translate('app.user.no_custom_attributes')}</Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        {names.map((name) => (
          <Stack key={name} direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              fullWidth
              label={name}
              value={attributes[name] ?? ''}
              autoFocus={name === added}
              onChange={(event) => field.onChange({ ...attributes, [name]: event.target.value })}
            />
            <Tooltip title={translate('app.user.remove_custom_attribute', { name })}>
              <IconButton size="small" aria-label={translate('app.user.remove_custom_attribute', { name })} onClick={() => void remove(name)}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        ))}
      </Box>
    </Box>
  );
}
