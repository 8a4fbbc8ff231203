import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
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

/**
 * The assets and checklists the schedule screen needs, loaded once (spec §7:
 * GET /asset?fields=name,identification,checklists, GET /checklist?fields=name,frequency).
 */
export function useScheduleCatalogue(): ScheduleCatalogue {
  const apiFetch = useApiFetch();
  const translate = useTranslate();
  const [catalogue, setCatalogue] = useState<ScheduleCatalogue>(EMPTY);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    Promise.all([
      apiFetch<ScheduleAsset[]>('/asset', { query: { fields: 'name,identification,checklists', orderBy: 'name' }, signal }),
      apiFetch<ChecklistSummary[]>('/checklist', { query: { fields: 'name,frequency' }, signal }),
    ]).then(
      ([assets, checklists]) =>
        setCatalogue({
          assets,
          checklistNames: new Map(checklists.map((checklist) => [checklist._id, checklist.name])),
          frequencies: new Map(checklists.map((checklist) => [checklist._id, checklist.frequency ?? ''])),
          loaded: true,
          error: null,
        }),
      (error: unknown) => {
        if (!signal.aborted) setCatalogue({ ...EMPTY, error: errorMessageOf(error, translate) });
      },
    );
    return () => controller.abort();
  }, [apiFetch, translate]);

  return catalogue;
}
