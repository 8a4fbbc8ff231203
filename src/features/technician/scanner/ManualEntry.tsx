import { useState, type FormEvent } from 'react';
import { Box, Button, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { parseAssetQrPayload } from '../../../../common/resources/asset';

/**
 * For a torn, dirty or glare-covered label: the technician types the identification printed under
 * the code. A pasted label text (ASSET_ID:…) is accepted too.
 */
export const ManualEntry = ({ onOpen }: { onOpen: (identification: string) => void }) => {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const identification = parseAssetQrPayload(text) ?? text.trim();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (identification) onOpen(identification);
  };
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {translate('app.scanner.manual_hint')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          label={translate('app.scanner.manual_label')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          autoComplete="off"
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false, enterKeyHint: 'go' } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" size="large" disabled={!identification} sx={{ minHeight: 56 }}>
          {translate('app.scanner.manual_open')}
        </Button>
      </Box>
    </Box>
  );
};
