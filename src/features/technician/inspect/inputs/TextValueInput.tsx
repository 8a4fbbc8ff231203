import type { ChangeEvent } from 'react';
import { Box, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { GrowingTextField } from '../../../../shared/ui/GrowingTextField';
import { SafeHtml } from '../../../../shared/ui/SafeHtml';
import { touchFieldSx, type ValueInputProps } from './valueInputProps';

/**
 * string: one line; long string: several; html: typed as text with a sanitised preview below it
 * (the typed markup is never put on the page as it is).
 */
export const TextValueInput = ({ attribute, value, onChange, labelId, describedBy, error, required }: ValueInputProps) => {
  const translate = useTranslate();
  const text = typeof value === 'string' ? value : '';
  const field = {
    variant: 'outlined',
    fullWidth: true,
    value: text,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    error,
    sx: touchFieldSx,
    slotProps: { htmlInput: { 'aria-labelledby': labelId, 'aria-describedby': describedBy, 'aria-required': required } },
  } as const;
  return (
    <Box>
      {attribute.type === 'string' ? <TextField {...field} /> : <GrowingTextField {...field} minRows={attribute.type === 'html' ? 4 : 3} />}
      {attribute.type === 'html' && text.trim() !== '' ? (
        <Box sx={{ mt: 1, p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
          <Typography variant="caption" color="text.secondary">
            {translate('app.inspection.preview')}
          </Typography>
          <SafeHtml html={text} className="inspection-html-preview" />
        </Box>
      ) : null}
    </Box>
  );
};
