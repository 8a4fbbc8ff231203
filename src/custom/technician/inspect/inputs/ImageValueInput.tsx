import { useEffect, useState, type ChangeEvent } from 'react';
import { Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import ImageIcon from '@mui/icons-material/Image';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessageOf } from '../../../../common-ui/errorMessageOf';
import { useImageUpload } from '../imageUpload';
import { FileThumbnail } from '../FileThumbnail';
import type { ValueInputProps } from './valueInputProps';

interface ImageValueInputProps extends ValueInputProps {
  /** Tells the panel an upload is under way, so Submit waits for its file id. */
  onBusyChange: (busy: boolean) => void;
}

const hiddenInput = { position: 'absolute', width: 1, height: 1, opacity: 0, overflow: 'hidden' } as const;

/**
 * Take photo opens the rear camera (capture="environment"); Choose file offers the gallery or files.
 * The photo is scaled and uploaded at once (POST /file) and the value is the returned file id.
 */
export const ImageValueInput = ({ attribute, value, onChange, error, onBusyChange }: ImageValueInputProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const upload = useImageUpload();
  const [uploading, setUploading] = useState(false);
  const [local, setLocal] = useState<{ id: string; url: string } | null>(null);

  useEffect(() => () => {
    if (local) URL.revokeObjectURL(local.url);
  }, [local]);

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    onBusyChange(true);
    try {
      const uploaded = await upload(file);
      if (typeof URL.createObjectURL === 'function') setLocal({ id: uploaded._id, url: URL.createObjectURL(file) });
      onChange(uploaded._id);
    } catch (failure: unknown) {
      const message = errorMessageOf(failure, translate);
      // `_`: the server's words are shown as they are, not looked up as a translation key.
      notify(message, { type: 'error', messageArgs: { _: message } });
    } finally {
      setUploading(false);
      onBusyChange(false);
    }
  };

  const fileId = typeof value === 'string' && value !== '' ? value : null;
  const alt = translate('app.inspection.photo_of', { name: attribute.name });
  return (
    <Stack spacing={1}>
      {fileId ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <FileThumbnail fileId={fileId} src={local?.id === fileId ? local.url : undefined} alt={alt} />
          <Button color="inherit" onClick={() => onChange(null)} sx={{ minHeight: 48 }}>
            {translate('app.inspection.remove_photo')}
          </Button>
        </Stack>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component="label" variant="outlined" color={error ? 'error' : 'primary'} startIcon={<PhotoCameraIcon />} disabled={uploading} sx={{ minHeight: 48 }}>
          {translate('app.inspection.take_photo')}
          <Box component="input" type="file" accept="image/*" capture="environment" onChange={pick} sx={hiddenInput} />
        </Button>
        <Button component="label" variant="outlined" color={error ? 'error' : 'primary'} startIcon={<ImageIcon />} disabled={uploading} sx={{ minHeight: 48 }}>
          {translate('app.inspection.choose_file')}
          <Box component="input" type="file" accept="image/*" onChange={pick} sx={hiddenInput} />
        </Button>
        {uploading ? (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={20} />
            <Typography variant="body2">{translate('app.inspection.uploading')}</Typography>
          </Stack>
        ) : null}
      </Stack>
    </Stack>
  );
};
