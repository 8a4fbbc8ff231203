import { useCallback, useEffect, useState } from 'react';
import type { DashboardFilter } from '../../../common/resources/dashboard';
import { useTimeZone } from '../../shared/ui/timeZone';
import {
  fitsFilter,
  initialDashboardFilterValue,
  loadChosenFilters,
  saveChosenFilters,
  type DashboardFilterValue,
  type DashboardFilterValues,
} from './dashboardFilters';

/** Each filter's value: the one it holds if it still fits, else what was chosen earlier in this tab, else its default. */
function initialised(dashboardId: string, filters: readonly DashboardFilter[], current: DashboardFilterValues, timeZone: string | undefined): DashboardFilterValues {
  const chosen = loadChosenFilters(dashboardId);
  return Object.fromEntries(
    filters.map((filter) => {
      const held = current[filter.name];
      if (fitsFilter(filter, held)) return [filter.name, held];
      const earlier = chosen[filter.name];
      return [filter.name, fitsFilter(filter, earlier) ? earlier : initialDashboardFilterValue(filter, Date.now(), timeZone)];
    }),
  );
}

/**
 * The dashboard's filter values (spec §4). They are initialised as soon as the dashboard's filters
 * are known — before anything renders with them — and widgets load only once every filter they
 * receive holds a value (filtersReady). Chosen values are kept for this browser tab.
 */
export function useDashboardFilters(dashboardId: string, filters: readonly DashboardFilter[] | null) {
  // The phone's zone where the board is drawn elsewhere (a server's first screen): its dates are the phone's.
  const timeZone = useTimeZone();
  const [values, setValues] = useState<DashboardFilterValues>({});
  const [initialisedFor, setInitialisedFor] = useState<readonly DashboardFilter[] | null>(null);
  if (filters && filters !== initialisedFor) {
    setInitialisedFor(filters);
    setValues((current) => initialised(dashboardId, filters, current, timeZone));
  }

  useEffect(() => {
    if (Object.keys(values).length > 0) saveChosenFilters(dashboardId, values);
  }, [dashboardId, values]);

  const change = useCallback((name: string, value: DashboardFilterValue) => setValues((current) => ({ ...current, [name]: value })), []);
  return { values, change };
}
