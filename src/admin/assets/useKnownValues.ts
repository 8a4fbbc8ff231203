import { useCallback, useEffect, useMemo, useState } from 'react';
import { addSorted } from '../../../common/resources/asset';
import { useApiFetch } from '../../platform/dataProvider';

/**
 * A list of known names (spec §7 masterdata: asset tags, static attribute keys) merged with the
 * values the form already holds and those the user added in this editor. Additions stay local
 * (spec §2.9); the list stays sorted.
 */
export function useKnownValues(path: string, inUse: readonly string[]) {
  const apiFetch = useApiFetch();
  const [fetched, setFetched] = useState<readonly string[]>([]);
  const [added, setAdded] = useState<readonly string[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<string[]>(path, { signal: controller.signal })
      .then(setFetched)
      // The list only offers choices: without it the user can still add names of their own.
      .catch(() => undefined);
    return () => controller.abort();
  }, [apiFetch, path]);

  const inUseKey = inUse.join('\u0000');
  const values = useMemo(
    () => [...inUseKey.split('\u0000'), ...added].reduce<string[]>((list, value) => addSorted(list, value), [...fetched]),
    [fetched, added, inUseKey],
  );
  const add = useCallback((value: string | null) => setAdded((current) => addSorted(current, value)), []);

  return { values, add };
}
