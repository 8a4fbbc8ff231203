import { useCallback, useEffect, useMemo, useState } from 'react';
import type { InspectionValue } from '../../../../common/resources/inspection';
import { bootAsked, takeBootAnswer } from '../../../platform/firstScreen/bootAnswers';
import { useArrivingState } from '../../../shared/ui/useArrivingState';
import { useApiFetch } from '../../../platform/dataProvider/useApiFetch';
import { keepAnswer } from '../../../platform/offline/offlineReads';
import { useServerAnswer } from '../../../platform/firstScreen/serverAnswers';
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
  const apiFetch = useApiFetch();
  const [version, setVersion] = useState(0);
  // Every item of the panel redraws with its previous value: a render that yields (useArrivingState).
  const [inspections, setInspections] = useArrivingState<PreviousInspection[]>([]);
  const [answered, setAnswered] = useArrivingState(false);
  const path = `/asset/${encodeURIComponent(assetId)}/previousInspections`;
  // A page the server draws (src/platform/firstScreen/) is drawn with the answer it asked.
  const drawn = useServerAnswer<PreviousInspection[]>(path);
  const shown = !answered && drawn ? drawn : inspections;

  useEffect(() => {
    if (!allowed) return;
    const controller = new AbortController();
    const ask = () => apiFetch<PreviousInspection[]>(path, { signal: controller.signal, offline: true });
    // Opened from a label's link, the boot script asks these as soon as the asset arrives (issue 20):
    // taken here, and kept on the phone as the page's own read would be.
    const load = async () => {
      if (version > 0) return ask();
      await bootAsked();
      const early = takeBootAnswer<PreviousInspection[]>(path);
      return early ? keepAnswer(early, path).catch(ask) : ask();
    };
    load().then(
      (list) => {
        // An early answer is not cancelled by the controller: one for another asset is dropped here.
        if (controller.signal.aborted) return;
        setInspections(Array.isArray(list) ? list : []);
        setAnswered(true);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Previous inspections could not be loaded', error);
        setAnswered(true);
      },
    );
    return () => controller.abort();
  }, [apiFetch, path, allowed, version, setAnswered, setInspections]);

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

  const reload = useCallback(() => setVersion((n) => n + 1), []);
  const loaded = answered || !allowed || drawn !== undefined;
  return useMemo(() => ({ get: (checklistId, attributeId) => lookup.get(`${checklistId}/${attributeId}`), reload, loaded }), [lookup, reload, loaded]);
}
