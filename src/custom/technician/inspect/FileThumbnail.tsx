import { useEffect, useState } from 'react';
import { Box } from '@mui/material';
import { fetchFileUrl } from './imageUpload';

interface FileThumbnailProps {
  /** An uploaded file id (fetched with the session's token), or a local object URL. */
  fileId?: string;
  src?: string;
  alt: string;
  size?: number;
}

/** A small photo of an image value; stored files are fetched with the token, local ones shown directly. */
export const FileThumbnail = ({ fileId, src, alt, size = 96 }: FileThumbnailProps) => {
  const [fetched, setFetched] = useState<{ id: string; url: string } | null>(null);

  useEffect(() => {
    if (src || !fileId || typeof URL.createObjectURL !== 'function') return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchFileUrl(fileId, controller.signal).then(
      (objectUrl) => {
        url = objectUrl;
        setFetched({ id: fileId, url: objectUrl });
      },
      () => {
        // No thumbnail is no loss: the value is still the file id.
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId, src]);

  const shown = src ?? (fetched && fetched.id === fileId ? fetched.url : null);
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
