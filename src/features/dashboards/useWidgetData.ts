import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { WidgetData } from '../../../common/dashboards/widgetData';
import type { Widget } from '../../../common/resources/widget';
import type { QueryValue } from '../../platform/dataProvider/apiBase';
import { takePrefetched } from '../../platform/dataProvider/prefetch';
import { useApiFetch } from '../../platform/dataProvider/useApiFetch';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { useArrivingState } from '../../shared/ui/useArrivingState';
import { useServerAnswer } from '../../platform/firstScreen/serverAnswers';
import { concerns, type EntityVersions } from './liveReload';

/** Where a widget's data is asked (spec §7). */
export const widgetPath = (widgetId: string) => `/widget/${encodeURIComponent(widgetId)}`;

/** GET /widget/{id}: the widget with its data and the entities its script read. */
export interface LoadedWidget extends Widget {
  data: WidgetData;
  dependsOn: string[];
}

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
  const apiFetch = useApiFetch();
  const translate = useTranslate();
  // A widget's figures or chart draw in a render that yields (useArrivingState); settled in the same
  // task as its answer, so no screen shows a widget settled without it.
  const queryKey = JSON.stringify(query);
  // A board the server draws (src/platform/firstScreen/) has the figures of the widgets that receive no filter.
  const drawn = useServerAnswer<LoadedWidget>(widgetPath(widgetId));
  const drawnHere = enabled && queryKey === '{}' ? drawn : undefined;
  const [widget, setWidget] = useArrivingState<LoadedWidget | null>(drawnHere ?? null);
  const [error, setError] = useArrivingState<string | null>(null);
  const [settled, setSettled] = useArrivingState(drawnHere !== undefined);
  const [reload, setReload] = useState(0);
  const seenVersions = useRef(versions);
  const loading = useRef(false);
  const stale = useRef(false);
  const lastStarted = useRef(0);
  const gapTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const firstLoad = useRef(true);
  const dependsOn = widget?.dependsOn ?? null;

  const liveReload = useCallback(() => {
    // A reload already waiting for its turn will read whatever changed meanwhile.
    if (gapTimer.current !== undefined) return;
    if (loading.current) {
      stale.current = true;
      return;
    }
    const wait = lastStarted.current + LIVE_RELOAD_MIN_GAP_MS - Date.now();
    if (wait <= 0) {
      setReload((n) => n + 1);
      return;
    }
    gapTimer.current = setTimeout(() => {
      gapTimer.current = undefined;
      setReload((n) => n + 1);
    }, wait);
  }, []);
  useEffect(() => () => clearTimeout(gapTimer.current), []);

  useEffect(() => {
    const previous = seenVersions.current;
    seenVersions.current = versions;
    if (concerns(previous, versions, error ? null : dependsOn)) liveReload();
  }, [versions, dependsOn, error, liveReload]);

  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    loading.current = true;
    stale.current = false;
    lastStarted.current = Date.now();
    const query = JSON.parse(queryKey) as Record<string, QueryValue>;
    const ask = () => apiFetch<LoadedWidget>(widgetPath(widgetId), { query, signal: controller.signal, offline: true });
    // The first load may have been asked already while the dashboard's filter bar loaded (DashboardView),
    // under the live versions this widget starts with; otherwise it asks.
    const early = firstLoad.current ? takePrefetched<LoadedWidget>(widgetPath(widgetId), query, seenVersions.current) : null;
    firstLoad.current = false;
    (early ? early.catch(ask) : ask())
      .then((next) => {
        // An early answer is not cancelled by the controller: one for other filters is dropped here.
        if (controller.signal.aborted) return;
        setWidget(next);
        setError(null);
        setSettled(true);
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorMessageOf(failure, translate));
        setSettled(true);
      })
      .finally(() => {
        if (controller.signal.aborted) return;
        loading.current = false;
        if (stale.current) {
          stale.current = false;
          liveReload();
        }
      });
    return () => {
      controller.abort();
      loading.current = false;
    };
  }, [apiFetch, translate, widgetId, queryKey, reload, enabled, liveReload, setError, setSettled, setWidget]);

  return { widget, error, loading: !settled };
}
