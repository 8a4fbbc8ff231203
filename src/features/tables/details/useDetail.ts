import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import type { UpdateDetailEvent } from '../../../../common/realtime';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { apiQuery } from '../../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../platform/dataProvider/useApiQuery';
import { usePushEvent } from '../../../platform/realtime/usePushEvent';

export interface Detail<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  reload: () => void;
  /**
   * Shows what a save answered as the data, at once: a read still on its way (asked before the
   * save) is dropped, so it cannot put the older version back.
   */
  accept: (data: T) => void;
}

/** GET `path` (its query included): what a detail view shows. */
export const detailQuery = <T>(path: string) => apiQuery<T>(path);

/**
 * The data of a detail view: read from `path`, read again on reload() and whenever an
 * `update-detail` push names something the view shows (spec §4) — the last data stays on screen
 * while the new one loads, so a live update does not flicker. A null path reads nothing (a part
 * the user may not read: asking would answer 403, and a 403 signs the user out).
 */
export function useDetail<T>(path: string | null, showsUpdate: (event: UpdateDetailEvent) => boolean): Detail<T> {
  const translate = useTranslate();
  // A null path's key is never asked: the query is off, and reload() asks nothing.
  const { data, error, isFetching, refetch } = useApiQuery({ ...detailQuery<T>(path ?? ''), enabled: path !== null });
  const client = useQueryClient();
  const reload = useCallback(() => {
    if (path !== null) refetch();
  }, [path, refetch]);
  const accept = useCallback(
    (saved: T) => {
      if (path === null) return;
      const { queryKey } = detailQuery<T>(path);
      void client.cancelQueries({ queryKey, exact: true });
      client.setQueryData(queryKey, saved);
    },
    [client, path],
  );

  usePushEvent('update-detail', (event) => {
    if (showsUpdate(event)) reload();
  });

  return { data: data ?? null, error: error ? errorMessageOf(error, translate) : null, loading: path !== null && isFetching, reload, accept };
}
