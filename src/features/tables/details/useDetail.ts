import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { UpdateDetailEvent } from '../../../../common/realtime';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { useApiFetch } from '../../../platform/dataProvider/useApiFetch';
import { usePushEvent } from '../../../platform/realtime/usePushEvent';

export interface Detail<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
}

/**
 * The data of a detail view: read from `path`, read again on reload() and whenever an
 * `update-detail` push names something the view shows (spec §4) — the last data stays on screen
 * while the new one loads, so a live update does not flicker. A null path reads nothing (a part
 * the user may not read: asking would answer 403, and a 403 signs the user out).
 */
export function useDetail<T>(path: string | null, showsUpdate: (event: UpdateDetailEvent) => boolean): Detail<T> {
  const translate = useTranslate();
  const apiFetch = useApiFetch();
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const requestKey = `${path}\u0000${generation}`;
  // The request whose answer (or failure) came last; loading until it is the current one.
  const [settledKey, setSettledKey] = useState<string | null>(null);
  const reload = useCallback(() => setGeneration((n) => n + 1), []);

  usePushEvent('update-detail', (event) => {
    if (showsUpdate(event)) reload();
  });

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    apiFetch<T>(path, { signal: controller.signal })
      .then((answer) => {
        setData(answer);
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(errorMessageOf(failure, translate));
      })
      .finally(() => {
        if (!controller.signal.aborted) setSettledKey(requestKey);
      });
    return () => controller.abort();
  }, [apiFetch, path, requestKey, translate]);

  return { data, error, loading: path !== null && settledKey !== requestKey, reload };
}
