import { useEffect, useState } from 'react';
import { getPhoto } from './outboxStore';
import { isLocalPhotoId } from './outboxItem';

/**
 * A photo taken offline (a `local-…` id of the 'photos' store) as an object URL for <img src>; null
 * for any other id, while loading, or when the photo is no longer on the phone. Revoked on unmount.
 */
export function useLocalPhotoUrl(id: string | undefined): string | null {
  const [shown, setShown] = useState<{ id: string; url: string } | null>(null);
  useEffect(() => {
    if (!isLocalPhotoId(id) || typeof URL.createObjectURL !== 'function') return;
    let live = true;
    let url: string | null = null;
    getPhoto(id).then(
      (photo) => {
        if (!live || !photo) return;
        url = URL.createObjectURL(photo.blob);
        setShown({ id, url });
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  return shown && shown.id === id ? shown.url : null;
}
