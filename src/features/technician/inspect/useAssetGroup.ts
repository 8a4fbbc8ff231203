import { useTranslate } from 'react-admin';
import { assetGroupPath } from '../../../../common/firstAsks';
import { apiQuery } from '../../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../platform/dataProvider/useApiQuery';
import { errorMessageOf } from '../../../shared/ui/errorMessageOf';
import type { InspectAsset } from './inspectTypes';

export type AssetGroupState =
  | { status: 'loading' }
  | { status: 'notFound' }
  | { status: 'error'; message: string }
  | { status: 'ready'; assets: InspectAsset[] };

/** GET /asset/identification/group/{identification}, kept for offline use. */
export const assetGroupQuery = (identification: string, withChecklists: boolean) =>
  apiQuery<InspectAsset[]>(assetGroupPath(identification, withChecklists), { offline: true });

/**
 * The assets sharing an identification, each with its checklists and their attributes, in ONE
 * request (`?expand=checklists`): on a weak signal every round trip counts. Retry asks again.
 * `withChecklists` false asks for the assets alone (the thermography note form needs no checklists).
 */
export function useAssetGroup(identification: string, withChecklists = true): { state: AssetGroupState; retry: () => void } {
  const translate = useTranslate();
  // Opened straight from a label's link, the drawn page holds it (common/firstAsks.ts): apiQuery takes it.
  const { data, error, isFetching, refetch } = useApiQuery(assetGroupQuery(identification, withChecklists));
  // A retry shows the spinner again, not the failure it retries.
  const state: AssetGroupState = error
    ? isFetching
      ? { status: 'loading' }
      : { status: 'error', message: errorMessageOf(error, translate) }
    : data
      ? data.length
        ? { status: 'ready', assets: data }
        : { status: 'notFound' }
      : { status: 'loading' };
  return { state, retry: refetch };
}
