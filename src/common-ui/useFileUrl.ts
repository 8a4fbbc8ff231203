import { useEffect, useState } from 'react';
import { fetchFileUrl } from '../custom/technician/inspect/imageUpload';

/**
 * An uploaded file as an object URL (GET /file/:id needs the x-auth header, which <img src> cannot
 * send); null until it has arrived or when it cannot be fetched. The URL is revoked on unmount.
 */
export function useFileUrl(fileId: string | undefined): string | null {
  const [fetched, setFetched] = useState<{ id: string; url: string } | null>(null);
  useEffect(() => {
    if (!fileId || typeof URL.createObjectURL !== 'function') return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchFileUrl(fileId, controller.signal).then(
      (objectUrl) => {
        url = objectUrl;
        setFetched({ id: fileId, url: objectUrl });
      },
      () => {
        // No picture is no loss: the caller still has the file id.
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [fileId]);
  return fetched && fetched.id === fileId ? fetched.url : null;
}
