import { useEffect, useRef } from 'react';
import { Box, Button, FormHelperText, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import { useTranslate } from 'react-admin';
import type { FieldInput } from '../../../common/fields';
import { capitalised } from '../../../common/fields/namedValues';
import { useField, type InputProps } from './fieldInput';

/**
 * Texts in order, a row each (common/fields/texts.ts: a select attribute's option values). Spec §5:
 * each must be non-blank, flagged on the spot rather than only on Save; a new row takes the focus.
 */
export function TextsInput({ source, label, item }: InputProps & Omit<Extract<FieldInput, { control: 'texts' }>, 'control'>) {
  const translate = useTranslate();
  const { field, message } = useField(source);
  const values = Array.isArray(field.value) ? (field.value as string[]) : [];
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
                label={translate('app.admin.texts.value', { item: capitalised(item), n: index + 1 })}
                value={value}
                error={blank}
                helperText={blank ? translate('app.admin.texts.blank', { item: capitalised(item) }) : undefined}
                onChange={(event) => change(values.map((v, i) => (i === index ? event.target.value : v)))}
              />
              <Tooltip title={translate('ra.action.remove')}>
                <IconButton aria-label={translate('app.admin.texts.remove', { item, value: value || index + 1 })} onClick={() => change(values.filter((_, i) => i !== index))}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Stack>
          );
        })}
      </Stack>
      {message && values.every((v) => v.trim() !== '') && <FormHelperText error>{message}</FormHelperText>}
      <Button size="small" startIcon={<AddIcon />} onClick={add} sx={{ mt: 1 }}>
        {translate('app.admin.texts.add', { item })}
      </Button>
    </Box>
  );
}
