import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import type { WidgetData } from '../../../common/dashboards/widgetData';
import { widgetPath } from '../../../common/firstAsks';
import type { Widget } from '../../../common/resources/widget';
import type { QueryValue } from '../../platform/dataProvider/apiBase';
import { apiQuery, PREFETCHED_FRESH_MS } from '../../platform/dataProvider/apiQuery';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { concerns, type EntityVersions } from './liveReload';

/** Where a widget's data is asked (spec §7). */

/** GET /widget/{id}: the widget with its data and the entities its script read. */
export interface LoadedWidget extends Widget {
  data: WidgetData;
  dependsOn: string[];
}

/**
 * GET /widget/{id}?filters, kept for offline use. Asked while the board's filter bar loads
 * (DashboardView), it is not asked a second time when the widget shows.
 */
export const widgetQuery = (widgetId: string, query: Record<string, QueryValue>) =>
  apiQuery<LoadedWidget>(widgetPath(widgetId), { query, offline: true, staleTime: PREFETCHED_FRESH_MS });

/** The shortest time between the starts of two loads of a widget caused by pushes. */
export const LIVE_RELOAD_MIN_GAP_MS = 2_000;

/**
 * GET /widget/{id}?filters (spec §7), once `enabled` (its filters initialised) and again whenever the
 * query changes or `versions` says an entity the last answer read has changed (a live push). What was drawn stays while the next answer loads — a live reload does
 * not flicker — and a failure is kept with the message for the widget to show.
 *
 * A live reload never cancels an answer on its way (issue 21): on a busy plant pushes come faster
 * than a loaded server answers, and cancelling each time would leave the widget never updated while
 * the server still ran every cancelled script. A push during a load marks the widget stale; it asks
 * once more when the answer has arrived. Other filter values do cancel: that answer is of no use.
 * And a live reload starts at least LIVE_RELOAD_MIN_GAP_MS after the widget's previous load
 * started: under a steady stream of pushes (200 technicians submitting) a widget redraws every two
 * seconds instead of as fast as the server can answer, and a wall of fifty dashboards no longer
 * keeps the server saturated redrawing charts nobody can read that fast (docs/dashboards.md).
 */
export function useWidgetData(widgetId: string, query: Record<string, QueryValue>, versions: EntityVersions, enabled: boolean) {
  const translate = useTranslate();
  const client = useQueryClient();
  const options = widgetQuery(widgetId, query);
  const asked = options.queryKey[1];
  // A board the server draws (src/platform/firstScreen/) finds the figures of the widgets that receive no filter in its cache.
  const { data, error, isPending } = useApiQuery({ ...options, enabled });
  const seenVersions = useRef(versions);
  const stale = useRef(false);
  const lastStarted = useRef(0);
  const gapTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dependsOn = data?.dependsOn ?? null;

  // Other filter values start a load of their own (useQuery): the gap counts from it.
  useEffect(() => {
    if (enabled) lastStarted.current = Date.now();
  }, [asked, enabled]);

  const liveReload = useCallback(
    function reloadWhenDue() {
      // A reload already waiting for its turn will read whatever changed meanwhile.
      if (gapTimer.current !== undefined) return;
      const asking = { queryKey: ['api', asked], exact: true };
      if (client.isFetching(asking) > 0) {
        // Never cancelled: once the answer on its way has arrived, asked once more.
        if (stale.current) return;
        stale.current = true;
        void client.refetchQueries(asking, { cancelRefetch: false }).finally(() => {
          stale.current = false;
          reloadWhenDue();
        });
        return;
      }
      const reloadNow = () => {
        lastStarted.current = Date.now();
        void client.refetchQueries(asking, { cancelRefetch: false });
      };
      const wait = lastStarted.current + LIVE_RELOAD_MIN_GAP_MS - Date.now();
      if (wait <= 0) {
        reloadNow();
        return;
      }
      gapTimer.current = setTimeout(() => {
        gapTimer.current = undefined;
        reloadNow();
      }, wait);
    },
    [client, asked],
  );
  useEffect(() => () => clearTimeout(gapTimer.current), []);

  useEffect(() => {
    const previous = seenVersions.current;
    seenVersions.current = versions;
    if (concerns(previous, versions, error ? null : dependsOn)) liveReload();
  }, [versions, dependsOn, error, liveReload]);

  return { widget: data ?? null, error: error ? errorMessageOf(error, translate) : null, loading: isPending };
}
