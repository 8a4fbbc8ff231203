import { useCallback, useEffect, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { sessionStore } from '../../../platform/authProvider/sessionStore';
import { keepPhotoOffline } from '../../../platform/offline/outbox/offlinePhoto';
import { cannotReachServer, isOffline } from '../../../platform/offline/serverReach';
import { scaleForUpload, useImageUpload } from '../../../features/technician/inspect/imageUpload';
import { errorMessageOf } from '../errorMessageOf';

/** A photo taken: its id (the uploaded file's, or `local-…` while it waits on the phone) and a preview. */
export interface CapturedPhoto {
  id: string;
  /** An object URL of the picked file, shown until the thumbnail can be read by id; revoked on unmount. */
  previewUrl?: string;
}

export interface PhotoCaptureOptions {
  /** POST /file?for=<target> (`workOrder.activity`); an inspection's image sends none. */
  for?: string;
  /** The i18n key said when the photo stays on the phone (what it will be sent with). */
  keptMessage: string;
  /** Whether a photo may wait on the phone when the server cannot be reached (only where the outbox sends what names it). */
  keepOffline?: boolean;
}

/**
 * A photo picked on a phone, uploaded at once (scaled, POST /file) — or, when the server cannot be
 * reached and `keepOffline` allows it, kept in the phone's 'photos' store under a local id (docs/offline.md), which the outbox
 * uploads before the write that names it. Failures are told as notifications; `capture` then
 * answers null. Object URLs made for previews are revoked when the screen goes.
 */
export function usePhotoCapture({ for: target, keptMessage, keepOffline = true }: PhotoCaptureOptions) {
  const translate = useTranslate();
  const notify = useNotify();
  const upload = useImageUpload({ for: target });
  const [uploading, setUploading] = useState(false);
  const previews = useRef<string[]>([]);

  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const captured = useCallback((id: string, file: File): CapturedPhoto => {
    if (typeof URL.createObjectURL !== 'function') return { id };
    const previewUrl = URL.createObjectURL(file);
    previews.current.push(previewUrl);
    return { id, previewUrl };
  }, []);

  /** No network: the scaled photo waits on the phone. Rejects where IndexedDB cannot take it. */
  const keep = useCallback(
    async (file: File): Promise<CapturedPhoto> => {
      const userId = sessionStore.getUser()?._id;
      if (!userId) throw new Error('No signed-in user');
      const id = await keepPhotoOffline(userId, await scaleForUpload(file), file.name);
      notify(keptMessage, { type: 'info' });
      return captured(id, file);
    },
    [captured, keptMessage, notify],
  );

  const capture = useCallback(
    async (file: File): Promise<CapturedPhoto | null> => {
      setUploading(true);
      try {
        if (keepOffline && isOffline()) return await keep(file);
        try {
          return captured((await upload(file))._id, file);
        } catch (failure: unknown) {
          if (!keepOffline || !cannotReachServer(failure)) throw failure;
          return await keep(file).catch(() => {
            throw failure;
          });
        }
      } catch (failure: unknown) {
        const message = errorMessageOf(failure, translate);
        // `_`: the server's words are shown as they are, not looked up as a translation key.
        notify(message, { type: 'error', messageArgs: { _: message } });
        return null;
      } finally {
        setUploading(false);
      }
    },
    [captured, keep, keepOffline, notify, translate, upload],
  );

  return { capture, uploading };
}
