import { Box } from '@mui/material';
import { useFileUrl } from './useFileUrl';
import { isLocalPhotoId } from '../../platform/offline/outbox/outboxItem';
import { useLocalPhotoUrl } from '../../platform/offline/outbox/useLocalPhotoUrl';

interface FileThumbnailProps {
  /** An uploaded file id (fetched with the session's token), a photo taken offline (`local-…`, read from the phone), or a local object URL. */
  fileId?: string;
  src?: string;
  alt: string;
  size?: number;
}

/**
 * A small photo of an image value; stored files are the server's thumbnail (fetched with the token),
 * photos taken offline read from IndexedDB, local ones shown directly.
 */
export const FileThumbnail = ({ fileId, src, alt, size = 96 }: FileThumbnailProps) => {
  const local = isLocalPhotoId(fileId);
  const fetched = useFileUrl(src || local ? undefined : fileId, 'thumbnail');
  const kept = useLocalPhotoUrl(src ? undefined : fileId);
  const shown = src ?? (local ? kept : fetched);
  if (!shown) return null;
  return (
    <Box
      component="img"
      src={shown}
      alt={alt}
      sx={{ width: size, height: size, objectFit: 'cover', borderRadius: 1, border: 1, borderColor: 'divider', display: 'block' }}
    />
  );
};
