import { Box, Typography } from '@mui/material';
import { TextInput } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { SafeHtml } from '../../shared/ui/SafeHtml';

/**
 * HTML typed as source — an asset's message (spec §3), a rich text field (common/fields/richText.ts)
 * — with the sanitised rendering the reader will see next to it (SafeHtml: DOMPurify).
 */
export function HtmlMessageInput({ source, label, previewLabel }: { source: string; label: string; previewLabel: string }) {
  const html = (useWatch({ name: source }) as string | undefined) ?? '';
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <TextInput source={source} label={label} multiline minRows={4} helperText={false} />
      <Box component="section" aria-label={previewLabel} sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, mt: 1, minHeight: 96, overflow: 'auto' }}>
        <Typography variant="caption" color="text.secondary">{previewLabel}</Typography>
        <SafeHtml html={html} />
      </Box>
    </Box>
  );
}
