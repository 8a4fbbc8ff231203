import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessageOf } from '../../common-ui/errorMessageOf';
import { useApiFetch } from '../../dataProvider/useApiFetch';
import { readCalendarConfig, type CalendarConfig, type CalendarEntryType } from './calendarConfig';

export interface CalendarSetup {
  config: CalendarConfig;
  types: CalendarEntryType[];
}

const typesOf = (answer: unknown): CalendarEntryType[] =>
  (Array.isArray(answer) ? answer : []).filter(
    (type): type is CalendarEntryType => typeof type === 'object' && type !== null && typeof (type as CalendarEntryType)._id === 'string' && typeof (type as CalendarEntryType).name === 'string',
  );

/**
 * The calendar config and the entry types (GET /calendarEntry/calendarConfig, GET
 * /calendarEntryType), both needed before the first entries are asked for: the filters' default
 * values go with that first call.
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
    Promise.all([apiFetch<unknown>('/calendarEntry/calendarConfig', { signal }), apiFetch<unknown>('/calendarEntryType', { signal })])
      .then(([config, types]) => {
        setSetup({ config: readCalendarConfig(config), types: typesOf(types) });
        setError(null);
      })
      .catch((failure: unknown) => {
        if (!signal.aborted) setError(errorMessageOf(failure, translate));
      });
    return () => controller.abort();
  }, [apiFetch, translate, attempt]);

  return { setup, error, retry: () => setAttempt((n) => n + 1) };
}
