import { Box } from '@mui/material';
import { useFileUrl } from '../../../common-ui/useFileUrl';

interface FileThumbnailProps {
  /** An uploaded file id (fetched with the session's token), or a local object URL. */
  fileId?: string;
  src?: string;
  alt: string;
  size?: number;
}

/** A small photo of an image value; stored files are fetched with the token, local ones shown directly. */
export const FileThumbnail = ({ fileId, src, alt, size = 96 }: FileThumbnailProps) => {
  const fetched = useFileUrl(src ? undefined : fileId);
  const shown = src ?? fetched;
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
