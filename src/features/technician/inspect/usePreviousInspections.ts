import { useMemo } from 'react';
import { previousInspectionsPath } from '../../../../common/firstAsks';
import type { InspectionValue } from '../../../../common/resources/inspection';
import { apiQuery } from '../../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../../platform/dataProvider/useApiQuery';
import type { PreviousInspection } from './inspectTypes';

export interface PreviousValue {
  value: InspectionValue;
  timestamp: number;
  userName: string | null;
}

export interface PreviousValues {
  /** The value an item had at the latest inspection of its checklist, if it had one. */
  get(checklistId: string, attributeId: string): PreviousValue | undefined;
  /** Asks again, after a submit. */
  reload(): void;
  /** The first answer is in, or failed, or was never to be asked: what the panel shows first is drawn. */
  loaded: boolean;
}

/**
 * GET /asset/:id/previousInspections, shown next to each input. Only asked for by users who may
 * read inspections (a 403 would send the user to Login, spec §8); a failure just leaves the
 * previous values out: they help, they do not block an inspection.
 */
export function usePreviousInspections(assetId: string, allowed: boolean): PreviousValues {
  // Opened from a label's link, the drawn page holds these (common/firstAsks.ts): apiQuery takes them.
  const { data, error, refetch } = useApiQuery({
    ...apiQuery<PreviousInspection[]>(previousInspectionsPath(assetId), { offline: true }),
    enabled: allowed,
  });
  const shown = useMemo(() => (Array.isArray(data) ? data : []), [data]);

  const lookup = useMemo(() => {
    const byKey = new Map<string, PreviousValue>();
    // Newest first: the first inspection of a checklist is its latest.
    for (const inspection of shown) {
      for (const { attribute, value } of inspection.attributeData) {
        const key = `${inspection.checklist}/${attribute}`;
        if (!byKey.has(key)) byKey.set(key, { value, timestamp: inspection.timestamp, userName: inspection.userName ?? null });
      }
    }
    return byKey;
  }, [shown]);

  const loaded = !allowed || data !== undefined || error !== null;
  return useMemo(() => ({ get: (checklistId, attributeId) => lookup.get(`${checklistId}/${attributeId}`), reload: refetch, loaded }), [lookup, refetch, loaded]);
}
