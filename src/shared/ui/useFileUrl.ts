import { useEffect, useState } from 'react';
import { fetchFileUrl, type FileVariant } from '../../features/technician/inspect/imageUpload';

/**
 * An uploaded file as an object URL (GET /file/:id needs the x-auth header, which <img src> cannot
 * send); null until it has arrived or when it cannot be fetched. The URL is revoked on unmount.
 * `thumbnail` for small renders: the server's scaled copy instead of the file as uploaded.
 */
export function useFileUrl(fileId: string | undefined, variant: FileVariant = 'original'): string | null {
  const [fetched, setFetched] = useState<{ key: string; url: string } | null>(null);
  const key = `${variant} ${fileId}`;
  useEffect(() => {
    if (!fileId || typeof URL.createObjectURL !== 'function') return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchFileUrl(fileId, controller.signal, variant).then(
      (objectUrl) => {
        url = objectUrl;
        setFetched({ key, url: objectUrl });
      },
      () => {
        // No picture is no loss: the caller still has the file id.
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId, variant, key]);
  return fetched && fetched.key === key ? fetched.url : null;
}
