import { useEffect, useId, useState } from 'react';
import { Box, Button, IconButton, Stack, TextField } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { ACTIVITY_COMMENT_MAX_LENGTH, ACTIVITY_PHOTO_UPLOAD_TARGET, ACTIVITY_PHOTOS_MAX, activityComment } from '../../../../common/resources/workOrder';
import { sessionStore } from '../../../platform/authProvider/sessionStore';
import { isLocalPhotoId } from '../../../platform/offline/outbox/outboxItem';
import { removePhoto } from '../../../platform/offline/outbox/outboxStore';
import { FileThumbnail } from '../../../shared/ui/FileThumbnail';
import { PhotoPickerButtons } from '../../../shared/ui/photos/PhotoPickerButtons';
import { usePhotoCapture, type CapturedPhoto } from '../../../shared/ui/photos/usePhotoCapture';
import { clearActivityDraft, loadActivityDraft } from './activityDraft';

interface Props {
  /** The order: a draft brought back from the outbox by Edit opens in the form. */
  orderId: string;
  /** Sends the comment (trimmed there) with the photos' ids; resolves true once it was recorded. */
  onRecord: (text: string, photos: string[]) => Promise<boolean>;
  busy: boolean;
  /** One line that grows as it is typed, Record beside it from `sm` on (the engineer's dialog, where the log should show under it). */
  compact?: boolean;
  /**
   * Photos taken while the server cannot be reached wait on the phone (the technician's outbox sends
   * them with the comment); without it such a photo is refused as any failed upload.
   */
  keepsPhotosOffline?: boolean;
}

/**
 * 'Record activity' and its Record button (spec §2.3, §5): the button stays disabled while the text
 * is empty or only blanks; once recorded the form is cleared, and on a failure the text and photos
 * stay so nothing is lost. Photos (DESIGN §18, at most ACTIVITY_PHOTOS_MAX) go up as they are taken
 * (POST /file?for=workOrder.activity) and are sent with the comment by their ids.
 */
export function RecordActivityForm({ orderId, onRecord, busy, compact = false, keepsPhotosOffline = false }: Props) {
  const translate = useTranslate();
  const fieldId = useId();
  const [draft] = useState(() => loadActivityDraft(sessionStore.getUser()?._id, orderId));
  const [text, setText] = useState(draft?.text ?? '');
  const [photos, setPhotos] = useState<CapturedPhoto[]>(() => (draft?.photos ?? []).map((id) => ({ id })));
  useEffect(() => clearActivityDraft(sessionStore.getUser()?._id, orderId), [orderId]);
  const { capture, uploading } = usePhotoCapture({ for: ACTIVITY_PHOTO_UPLOAD_TARGET, keptMessage: 'app.work_order.photo_kept', keepOffline: keepsPhotosOffline });
  const blank = activityComment(text) === null;
  const full = photos.length >= ACTIVITY_PHOTOS_MAX;

  const pick = async (file: File) => {
    const photo = await capture(file);
    if (photo) setPhotos((taken) => [...taken, photo]);
  };

  const remove = (id: string) => {
    // A photo kept on the phone that nothing will send any more; an uploaded one no record claims goes after a day.
    if (isLocalPhotoId(id)) void removePhoto(id).catch(() => undefined);
    setPhotos((taken) => taken.filter((photo) => photo.id !== id));
  };

  const record = (
    <Button
      type="submit"
      variant="contained"
      disabled={blank || busy || uploading}
      sx={compact ? { minHeight: 48, alignSelf: { xs: 'stretch', sm: 'flex-start' }, minWidth: 120, mt: { sm: 0.5 } } : { minHeight: 48, alignSelf: { xs: 'stretch', sm: 'flex-end' }, minWidth: 160 }}
    >
      {translate('app.work_order.record')}
    </Button>
  );

  return (
    <Stack
      component="form"
      spacing={1}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (blank || busy || uploading) return;
        void onRecord(text, photos.map((photo) => photo.id)).then((recorded) => {
          if (!recorded) return;
          setText('');
          setPhotos([]);
        });
      }}
    >
      <Stack direction={compact ? { xs: 'column', sm: 'row' } : 'column'} spacing={1}>
        <TextField
          id={fieldId}
          label={translate('app.work_order.record_activity')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          multiline
          minRows={compact ? 1 : 3}
          fullWidth
          slotProps={{ htmlInput: { maxLength: ACTIVITY_COMMENT_MAX_LENGTH } }}
        />
        {compact && record}
      </Stack>
      {photos.length > 0 && (
        <Stack component="ul" direction="row" useFlexGap spacing={1} aria-label={translate('app.work_order.photos')} sx={{ flexWrap: 'wrap', listStyle: 'none', m: 0, p: 0, pt: 1.5 }}>
          {photos.map((photo, index) => (
            <Box component="li" key={photo.id} sx={{ position: 'relative' }}>
              <FileThumbnail fileId={photo.id} src={photo.previewUrl} alt={translate('app.work_order.photo_n', { n: index + 1 })} size={72} />
              <IconButton
                size="small"
                aria-label={translate('app.work_order.remove_photo_n', { n: index + 1 })}
                onClick={() => remove(photo.id)}
                sx={{ position: 'absolute', top: -12, right: -12, bgcolor: 'background.paper', border: 1, borderColor: 'divider', '&:hover': { bgcolor: 'background.paper' } }}
              >
                <CloseIcon fontSize="small" />
              </IconButton>
            </Box>
          ))}
        </Stack>
      )}
      <PhotoPickerButtons onPick={(file) => void pick(file)} uploading={uploading} disabled={busy || full} />
      {!compact && record}
    </Stack>
  );
}
