import { useEffect, useState } from 'react';
import { fetchFileBlob } from '../technician/inspect/imageUpload';

export type PictureState = { status: 'none' } | { status: 'loading' } | { status: 'ready'; bitmap: ImageBitmap } | { status: 'failed' };

/**
 * A stored picture decoded for drawing on a canvas (the image editor): fetched with the session's
 * token and decoded off the main thread by createImageBitmap. The bitmap is closed when the picture
 * changes or the view goes.
 */
export function usePicture(fileId: string | null): PictureState {
  const [state, setState] = useState<{ id: string; picture: PictureState } | null>(null);
  useEffect(() => {
    if (!fileId) return;
    const controller = new AbortController();
    let bitmap: ImageBitmap | null = null;
    fetchFileBlob(fileId, controller.signal)
      .then((blob) => createImageBitmap(blob))
      .then(
        (decoded) => {
          if (controller.signal.aborted) {
            decoded.close();
            return;
          }
          bitmap = decoded;
          setState({ id: fileId, picture: { status: 'ready', bitmap: decoded } });
        },
        () => {
          if (!controller.signal.aborted) setState({ id: fileId, picture: { status: 'failed' } });
        },
      );
    return () => {
      controller.abort();
      bitmap?.close();
    };
  }, [fileId]);
  if (!fileId) return { status: 'none' };
  return state && state.id === fileId ? state.picture : { status: 'loading' };
}
