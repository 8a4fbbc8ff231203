import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Box, Button, CircularProgress, FormHelperText, FormLabel, Stack, Typography } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import { useInput, useTranslate } from 'react-admin';
import { INSPECTION_IMAGE_MAX_BYTES } from '../../../common/constants';
import { FILE_CONTENT_TYPES, type FileType, type StoredFile } from '../../../common/fields/file';
import { FileDownloadCell } from '../../features/tables/FileCells';
import { UploadTooLargeError, useImageUpload } from '../../features/technician/inspect/imageUpload';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { FileThumbnail } from '../../shared/ui/FileThumbnail';

interface FileInputProps {
  source: string;
  label: string;
  /** The API resource the record belongs to: the upload is for `<entity>.<source>`. */
  entity: string;
  accept: readonly FileType[];
  photo: boolean;
}

const isStoredFile = (value: unknown): value is StoredFile => typeof value === 'object' && value !== null && typeof (value as StoredFile)._id === 'string';

export const isImageFile = (file: Pick<StoredFile, 'contentType'>) => typeof file.contentType === 'string' && file.contentType.startsWith('image/');

/**
 * A file or photo field: the held file (a photo's thumbnail, a document's name and download), a
 * button choosing another, uploaded at once (POST /file?for=<entity>.<field>; pictures scaled
 * first), and Remove. No `capture`: it would force the camera, and a part's photo is often in the
 * gallery already.
 */
export function FileInput({ source, label, entity, accept, photo }: FileInputProps) {
  const translate = useTranslate();
  const { field, fieldState } = useInput({ source });
  const upload = useImageUpload({ for: `${entity}.${source}`, maxBytes: INSPECTION_IMAGE_MAX_BYTES });
  const picker = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const [uploading, setUploading] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const held = isStoredFile(field.value) ? field.value : null;
  const message = failure ?? fieldState.error?.message;
  const chooseLabel = translate(photo ? 'app.admin.choose_photo' : 'app.admin.choose_file');

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Choosing the same file again after a failure must fire a change.
    event.target.value = '';
    if (!file) return;
    setFailure(null);
    setUploading(true);
    try {
      field.onChange(await upload(file));
    } catch (error: unknown) {
      setFailure(error instanceof UploadTooLargeError ? translate('app.admin.file_too_large', { field: label, size: error.maxBytes / 1_048_576 }) : errorMessageOf(error, translate));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box role="group" aria-labelledby={labelId}>
      <FormLabel id={labelId} error={Boolean(message)} sx={{ display: 'block', mb: 0.5 }}>
        {label}
      </FormLabel>
      {held && (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1, minWidth: 0 }}>
          {isImageFile(held) && <FileThumbnail fileId={held._id} alt={held.name || label} size={64} />}
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
            {held.name}
          </Typography>
          {!isImageFile(held) && <FileDownloadCell fileId={held._id} name={held.name || label} />}
        </Stack>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Button variant="outlined" color={message ? 'error' : 'primary'} startIcon={photo ? <AddPhotoAlternateIcon /> : <AttachFileIcon />} disabled={uploading} onClick={() => picker.current?.click()} sx={{ minHeight: 48 }}>
          {chooseLabel}
        </Button>
        {/* `hidden`: out of the layout and the tab order, so it takes no taps meant for the buttons (issue 40). */}
        <input ref={picker} type="file" accept={accept.flatMap((type) => FILE_CONTENT_TYPES[type]).join(',')} onChange={(event) => void pick(event)} hidden aria-label={chooseLabel} />
        {held && (
          <Button
            color="inherit"
            startIcon={<DeleteIcon />}
            disabled={uploading}
            onClick={() => {
              setFailure(null);
              field.onChange(null);
            }}
            sx={{ minHeight: 48 }}
          >
            {translate('app.admin.remove_file')}
          </Button>
        )}
        {uploading && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={20} />
            <Typography variant="body2">{translate('app.admin.uploading')}</Typography>
          </Stack>
        )}
      </Stack>
      {message && <FormHelperText error>{message}</FormHelperText>}
    </Box>
  );
}
