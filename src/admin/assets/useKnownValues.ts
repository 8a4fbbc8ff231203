import { useCallback, useMemo, useState } from 'react';
import { addSorted } from '../../../common/resources/asset';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';

const NONE: readonly string[] = [];

/** GET `path`: a list of known names (asset tags, static attribute keys). */
export const knownValuesQuery = (path: string) => apiQuery<string[]>(path);

/**
 * A list of known names (spec §7 masterdata: asset tags, static attribute keys) merged with the
 * values the form already holds and those the user added in this editor. Additions stay local
 * (spec §2.9); the list stays sorted.
 */
export function useKnownValues(path: string, inUse: readonly string[]) {
  // The list only offers choices: without it (a failure) the user can still add names of their own.
  const { data } = useApiQuery(knownValuesQuery(path));
  const fetched = data ?? NONE;
  const [added, setAdded] = useState<readonly string[]>([]);

  const inUseKey = inUse.join('\u0000');
  const values = useMemo(
    () => [...inUseKey.split('\u0000'), ...added].reduce<string[]>((list, value) => addSorted(list, value), [...fetched]),
    [fetched, added, inUseKey],
  );
  const add = useCallback((value: string | null) => setAdded((current) => addSorted(current, value)), []);

  return { values, add };
}
