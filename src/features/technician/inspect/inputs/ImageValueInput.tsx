import { useState } from 'react';
import { Button, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { isLocalPhotoId } from '../../../../platform/offline/outbox/outboxItem';
import { removePhoto } from '../../../../platform/offline/outbox/outboxStore';
import { FileThumbnail } from '../../../../shared/ui/FileThumbnail';
import { PhotoPickerButtons } from '../../../../shared/ui/photos/PhotoPickerButtons';
import { usePhotoCapture, type CapturedPhoto } from '../../../../shared/ui/photos/usePhotoCapture';
import type { ValueInputProps } from './valueInputProps';

interface ImageValueInputProps extends ValueInputProps {
  /** Tells the panel an upload is under way, so Submit waits for its file id. */
  onBusyChange: (busy: boolean) => void;
}

/**
 * Take photo opens the rear camera (capture="environment"); Choose file offers the gallery or files.
 * The photo is scaled and uploaded at once (POST /file) and the value is the returned file id. When
 * the server cannot be reached, the photo is kept on the phone under a local id instead
 * (docs/offline.md): the thumbnail shows it from there, and the submit goes into the outbox, which
 * uploads it first.
 */
export const ImageValueInput = ({ attribute, value, onChange, error, onBusyChange }: ImageValueInputProps) => {
  const translate = useTranslate();
  const { capture, uploading } = usePhotoCapture({ keptMessage: 'app.outbox.photo_kept' });
  const [shown, setShown] = useState<CapturedPhoto | null>(null);

  const pick = async (file: File) => {
    onBusyChange(true);
    try {
      const photo = await capture(file);
      if (photo) {
        setShown(photo);
        onChange(photo.id);
      }
    } finally {
      onBusyChange(false);
    }
  };

  const fileId = typeof value === 'string' && value !== '' ? value : null;
  const alt = translate('app.inspection.photo_of', { name: attribute.name });
  return (
    <Stack spacing={1}>
      {fileId ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <FileThumbnail fileId={fileId} src={shown?.id === fileId ? shown.previewUrl : undefined} alt={alt} />
          <Button
            color="inherit"
            onClick={() => {
              // A photo kept on the phone that nothing will send any more.
              if (isLocalPhotoId(fileId)) void removePhoto(fileId).catch(() => undefined);
              onChange(null);
            }}
            sx={{ minHeight: 48 }}
          >
            {translate('app.inspection.remove_photo')}
          </Button>
        </Stack>
      ) : null}
      <PhotoPickerButtons onPick={(file) => void pick(file)} uploading={uploading} error={Boolean(error)} />
    </Stack>
  );
};
