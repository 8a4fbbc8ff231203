import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import type { ScheduleAsset } from './scheduleForm';

interface ChecklistSummary {
  _id: string;
  name: string;
  frequency?: string;
}

export interface ScheduleCatalogue {
  assets: readonly ScheduleAsset[];
  checklistNames: ReadonlyMap<string, string>;
  /** Each checklist's frequency by id, for the frequency filter. */
  frequencies: ReadonlyMap<string, string>;
  loaded: boolean;
  error: string | null;
}

const EMPTY: ScheduleCatalogue = { assets: [], checklistNames: new Map(), frequencies: new Map(), loaded: false, error: null };

const ASSET_FIELDS = { fields: 'name,identification,checklists', orderBy: 'name' };
const CHECKLIST_FIELDS = { fields: 'name,frequency' };

/** GET /asset?fields=name,identification,checklists&orderBy=name. */
export const scheduleAssetsQuery = () => apiQuery<ScheduleAsset[]>('/asset', { query: ASSET_FIELDS });

/** GET /checklist?fields=name,frequency. */
export const scheduleChecklistsQuery = () => apiQuery<ChecklistSummary[]>('/checklist', { query: CHECKLIST_FIELDS });

/**
 * The assets and checklists the schedule screen needs, loaded once (spec §7:
 * GET /asset?fields=name,identification,checklists, GET /checklist?fields=name,frequency).
 */
export function useScheduleCatalogue(): ScheduleCatalogue {
  const translate = useTranslate();
  const assets = useApiQuery(scheduleAssetsQuery());
  const checklists = useApiQuery(scheduleChecklistsQuery());
  const failure = assets.error ?? checklists.error;

  const catalogue = useMemo<ScheduleCatalogue | null>(
    () =>
      assets.data && checklists.data
        ? {
            assets: assets.data,
            checklistNames: new Map(checklists.data.map((checklist) => [checklist._id, checklist.name])),
            frequencies: new Map(checklists.data.map((checklist) => [checklist._id, checklist.frequency ?? ''])),
            loaded: true,
            error: null,
          }
        : null,
    [assets.data, checklists.data],
  );

  // Either read failing leaves the screen without both, with the server's message.
  if (failure) return { ...EMPTY, error: errorMessageOf(failure, translate) };
  return catalogue ?? EMPTY;
}
