import { useEffect, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { Button, CircularProgress, Stack, Typography } from '@mui/material';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import ImageIcon from '@mui/icons-material/Image';
import { useNotify, useTranslate } from 'react-admin';
import { sessionStore } from '../../../../platform/authProvider/sessionStore';
import { errorMessageOf } from '../../../../shared/ui/errorMessageOf';
import { keepPhotoOffline } from '../../../../platform/offline/outbox/offlinePhoto';
import { isLocalPhotoId } from '../../../../platform/offline/outbox/outboxItem';
import { removePhoto } from '../../../../platform/offline/outbox/outboxStore';
import { cannotReachServer, isOffline } from '../../../../platform/offline/serverReach';
import { scaleForUpload, useImageUpload } from '../imageUpload';
import { FileThumbnail } from '../../../../shared/ui/FileThumbnail';
import type { ValueInputProps } from './valueInputProps';

interface ImageValueInputProps extends ValueInputProps {
  /** Tells the panel an upload is under way, so Submit waits for its file id. */
  onBusyChange: (busy: boolean) => void;
}

interface PhotoPickerButtonProps {
  label: string;
  icon: ReactNode;
  /** Opens the rear camera rather than the gallery. */
  capture?: boolean;
  error: boolean;
  disabled: boolean;
  onPick: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** A plain button that opens its own hidden file input beside it (axe: no control nested in another). */
const PhotoPickerButton = ({ label, icon, capture = false, error, disabled, onPick }: PhotoPickerButtonProps) => {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" color={error ? 'error' : 'primary'} startIcon={icon} disabled={disabled} onClick={() => input.current?.click()} sx={{ minHeight: 48 }}>
        {label}
      </Button>
      {/*
        `hidden`: out of the layout, the tab order and the accessibility tree, so nothing lies over the
        buttons — an input kept in the layout but transparent took the taps meant for them (issue 40).
      */}
      <input ref={input} type="file" accept="image/*" {...(capture ? { capture: 'environment' } : {})} onChange={onPick} hidden aria-label={label} />
    </>
  );
};

/**
 * Take photo opens the rear camera (capture="environment"); Choose file offers the gallery or files.
 * Each is a plain button that opens its own hidden file input beside it. The photo is scaled and
 * uploaded at once (POST /file) and the value is the returned file id. When the server cannot be
 * reached, the photo is kept on the phone under a local id instead (docs/offline.md): the
 * thumbnail shows it from there, and the submit goes into the outbox, which uploads it first.
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

  const show = (id: string, file: File) => {
    if (typeof URL.createObjectURL === 'function') setLocal({ id, url: URL.createObjectURL(file) });
    onChange(id);
  };

  /** No network: the scaled photo waits on the phone. Rejects where IndexedDB cannot take it. */
  const keep = async (file: File) => {
    const userId = sessionStore.getUser()?._id;
    if (!userId) throw new Error('No signed-in user');
    const id = await keepPhotoOffline(userId, await scaleForUpload(file), file.name);
    show(id, file);
    notify('app.outbox.photo_kept', { type: 'info' });
  };

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploading(true);
    onBusyChange(true);
    try {
      if (isOffline()) await keep(file);
      else {
        try {
          const uploaded = await upload(file);
          show(uploaded._id, file);
        } catch (failure: unknown) {
          if (!cannotReachServer(failure)) throw failure;
          await keep(file).catch(() => {
            throw failure;
          });
        }
      }
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
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <PhotoPickerButton label={translate('app.inspection.take_photo')} icon={<PhotoCameraIcon />} capture error={Boolean(error)} disabled={uploading} onPick={pick} />
        <PhotoPickerButton label={translate('app.inspection.choose_file')} icon={<ImageIcon />} error={Boolean(error)} disabled={uploading} onPick={pick} />
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
