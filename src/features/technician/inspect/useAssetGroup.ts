import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { takeBootAnswer } from '../../../platform/firstScreen/bootAnswers';
import { apiUrl } from '../../../platform/dataProvider/apiBase';
import { useApiFetch } from '../../../platform/dataProvider/useApiFetch';
import { keepAnswer } from '../../../platform/offline/offlineReads';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import { useArrivingState } from '../../../shared/ui/useArrivingState';
import { useServerAnswer } from '../../../platform/firstScreen/serverAnswers';
import type { InspectAsset } from './inspectTypes';

export type AssetGroupState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | { status: 'ready'; assets: InspectAsset[] };

type Settled = Exclude<AssetGroupState, { status: 'loading' }> & { key: string };

const WITH_CHECKLISTS = { expand: 'checklists' };
const ALONE = {};

function groupState(assets: InspectAsset[]): Exclude<AssetGroupState, { status: 'loading' | 'error' }> {
  return assets.length ? { status: 'ready', assets } : { status: 'notFound' };
}

/**
 * The assets sharing an identification, each with its checklists and their attributes, in ONE
 * request (`?expand=checklists`): on a weak signal every round trip counts. Retry asks again.
 * `withChecklists` false asks for the assets alone (the thermography note form needs no checklists).
 */
export function useAssetGroup(identification: string, withChecklists = true): { state: AssetGroupState; retry: () => void } {
  const apiFetch = useApiFetch();
  const translate = useTranslate();
  const [attempt, setAttempt] = useState(0);
  // The answer mounts every panel with its checklists: a render that yields (useArrivingState).
  const [settled, setSettled] = useArrivingState<Settled | null>(null);
  const key = `${attempt}:${identification}`;
  const path = `/asset/identification/group/${encodeURIComponent(identification)}`;
  const query = withChecklists ? WITH_CHECKLISTS : ALONE;
  const readPath = apiUrl(path, query, '');
  // A page the server draws (src/platform/firstScreen/) is drawn with the answer it asked.
  const drawn = useServerAnswer<InspectAsset[]>(readPath);

  useEffect(() => {
    const controller = new AbortController();
    const ask = () => apiFetch<InspectAsset[]>(path, { query, signal: controller.signal, offline: true });
    // Opened straight from a label's link, the boot script has asked already (issue 20); kept on the
    // phone as the page's own read would be.
    const early = attempt === 0 ? takeBootAnswer<InspectAsset[]>(readPath) : null;
    (early ? keepAnswer(early, readPath).catch(ask) : ask()).then(
      (assets) => setSettled({ key, ...groupState(assets) }),
      (error: unknown) => {
        if (!controller.signal.aborted) setSettled({ key, status: 'error', message: errorMessageOf(error, translate) });
      },
    );
    return () => controller.abort();
  }, [apiFetch, attempt, key, path, query, readPath, translate, setSettled]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  // A result of an earlier identification or attempt is not shown while the new one loads.
  const state: AssetGroupState = settled?.key === key ? settled : drawn ? groupState(drawn) : { status: 'loading' };
  return { state, retry };
}
