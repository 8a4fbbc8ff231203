import { useEffect, useRef } from 'react';
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import { useController } from 'react-hook-form';

/**
 * The option values of a select, radio or color attribute (spec §3): an editable list of strings.
 * Spec §5: each value must be non-blank, flagged on the spot rather than only on Save.
 */
export function OptionValuesInput({ source, label }: { source: string; label: string }) {
  const translate = useTranslate();
  const { field, fieldState } = useController({ name: source, defaultValue: [] });
  const values = (field.value ?? []) as string[];
  const focusLast = useRef(false);
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!focusLast.current) return;
    focusLast.current = false;
    const inputs = listRef.current?.querySelectorAll('input');
    inputs?.[inputs.length - 1]?.focus();
  }, [values.length]);

  const change = (next: string[]) => field.onChange(next);
  const add = () => {
    focusLast.current = true;
    change([...values, '']);
  };

  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>{label}</Typography>
      <Stack spacing={1} ref={listRef}>
        {values.map((value, index) => {
          const blank = value.trim() === '';
          return (
            <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <TextField
                size="small"
                sx={{ flexGrow: 1, maxWidth: 480 }}
                label={translate('app.attribute.fields.option_value', { n: index + 1 })}
                value={value}
                error={blank}
                helperText={blank ? translate('app.attribute.fields.blank_option') : undefined}
                onChange={(event) => change(values.map((v, i) => (i === index ? event.target.value : v)))}
              />
              <Tooltip title={translate('ra.action.remove')}>
                <IconButton
                  aria-label={translate('app.attribute.fields.remove_option', { value: value || index + 1 })}
                  onClick={() => change(values.filter((_, i) => i !== index))}
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        })}
      </Stack>
      {fieldState.error?.message && values.every((v) => v.trim() !== '') && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
      <Button size="small" startIcon={<AddIcon />} onClick={add} sx={{ mt: 1 }}>
        {translate('app.attribute.fields.add_option')}
      </Button>
    </Box>
  );
}
