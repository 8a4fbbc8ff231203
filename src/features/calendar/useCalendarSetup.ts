import { useCallback, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { apiQuery } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import type { CalendarConfig, CalendarEntryType } from './calendarConfig';

export interface CalendarSetup {
  config: CalendarConfig;
  types: CalendarEntryType[];
}

/** GET /calendarEntry/calendarConfig. */
export const calendarConfigQuery = () => apiQuery<CalendarConfig>('/calendarEntry/calendarConfig');

/** GET /calendarEntryType. */
export const calendarEntryTypesQuery = () => apiQuery<CalendarEntryType[]>('/calendarEntryType');

/**
 * The calendar config and the entry types (GET /calendarEntry/calendarConfig, GET
 * /calendarEntryType), both needed before the first entries are asked for: the filters' default
 * values go with that first call. The server serves the config checked and complete.
 */
export function useCalendarSetup() {
  const translate = useTranslate();
  const { data: config, error: configError, refetch: refetchConfig } = useApiQuery(calendarConfigQuery());
  const { data: types, error: typesError, refetch: refetchTypes } = useApiQuery(calendarEntryTypesQuery());
  const setup = useMemo<CalendarSetup | null>(() => (config && types ? { config, types } : null), [config, types]);
  const failure = configError ?? typesError;
  const retry = useCallback(() => {
    refetchConfig();
    refetchTypes();
  }, [refetchConfig, refetchTypes]);
  return { setup, error: failure ? errorMessageOf(failure, translate) : null, retry };
}
