import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
import type { CalendarConfig, CalendarEntryType } from './calendarConfig';

export interface CalendarSetup {
  config: CalendarConfig;
  types: CalendarEntryType[];
}

/**
 * The calendar config and the entry types (GET /calendarEntry/calendarConfig, GET
 * /calendarEntryType), both needed before the first entries are asked for: the filters' default
 * values go with that first call. The server serves the config checked and complete.
 */
export function useCalendarSetup() {
  const apiFetch = useApiFetch();
  const translate = useTranslate();
  const [setup, setSetup] = useState<CalendarSetup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    const signal = controller.signal;
    Promise.all([apiFetch<CalendarConfig>('/calendarEntry/calendarConfig', { signal }), apiFetch<CalendarEntryType[]>('/calendarEntryType', { signal })])
      .then(([config, types]) => {
        setSetup({ config, types });
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!signal.aborted) setError(errorMessageOf(failure, translate));
      });
    return () => controller.abort();
  }, [apiFetch, translate, attempt]);

  return { setup, error, retry: () => setAttempt((n) => n + 1) };
}
