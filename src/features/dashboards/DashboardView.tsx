import { Suspense, useEffect, useMemo, useRef } from 'react';
import { lazyWithTimeout } from '../../shared/ui/lazyWithTimeout';
import { Alert, Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { orderedSections, type DashboardRecord, type DashboardSection } from '../../../common/resources/dashboard';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { dashboardQuery } from '../../platform/authProvider/loadSessionUser';
import { useApiQuery } from '../../platform/dataProvider/useApiQuery';
import { errorMessageOf } from '../../shared/ui/errorMessageOf';
import { filtersReady, widgetFilterQuery, type DashboardFilterValues } from './dashboardFilters';
import type { EntityVersions } from './liveReload';
import { useDashboardFilters } from './useDashboardFilters';
import { useLiveVersions } from './useLiveVersions';
import { useToday } from './useToday';
import { widgetQuery, type LoadedWidget } from './useWidgetData';
import { navigationPath } from './widgetNavigation';
import { preloadChartWidget, WidgetItem } from './WidgetItem';
import { STACKED_BELOW } from './widgets/widgetSizes';

/*
 * The filter bar (date pickers, dayjs: ~45 KiB compressed) is its own chunk, loaded only for a
 * dashboard that has filters: the technician's home, painted on a phone's first load, has none
 * (issue 20). A dashboard with filters keeps its placeholder until the bar can show with its
 * sections, as before: a wrapping bar's height is not known ahead, and what sits below must not move.
 */
const DashboardFilterBar = lazyWithTimeout('DashboardFilterBar', () => import('./DashboardFilterBar').then((module) => module.DashboardFilterBar));

/** Runs `run` once shown (and when it changes: `run` keeps itself to once): in a Suspense fallback, only while something is awaited. */
function WhileWaiting({ run }: { run: () => void }) {
  useEffect(() => run(), [run]);
  return null;
}

/** Tells the page the dashboard's layout is known, once it is on screen (inside the bar's Suspense). */
function SettledSignal({ onSettled }: { onSettled?: () => void }) {
  useEffect(() => {
    onSettled?.();
  }, [onSettled]);
  return null;
}

export interface DashboardViewProps {
  dashboardId: string;
  /** Widgets with navigation open their tables (the engineer's dashboard). */
  navigable?: boolean;
  /** Large type for the on-site wall board. */
  large?: boolean;
  /**
   * Called once the dashboard's layout is known (its record, or an error): a page can hold what
   * comes below it until then, so it does not jump when the placeholder is replaced (issue 20, CLS).
   */
  onSettled?: () => void;
}

function useDashboard(dashboardId: string) {
  const translate = useTranslate();
  // Asked for at sign-in (loadSessionUser); a board the server draws finds it in its cache.
  const { data, error, refetch } = useApiQuery(dashboardQuery(dashboardId));
  return { dashboard: data ?? null, error: error ? errorMessageOf(error, translate) : null, retry: refetch };
}

interface SectionProps {
  dashboard: DashboardRecord;
  section: DashboardSection;
  values: DashboardFilterValues;
  versions: EntityVersions;
  /** A moment of today, changing at midnight (useToday). */
  today: number;
  navigable: boolean;
  large: boolean;
}

function DashboardSectionView({ dashboard, section, values, versions, today, navigable, large }: SectionProps) {
  const navigate = useNavigate();
  const ready = filtersReady(section.filters, values);
  // `today` rolls '{n} days' ranges forward at midnight.
  const query = useMemo(() => widgetFilterQuery(dashboard.filters, section.filters, values, today), [dashboard.filters, section.filters, values, today]);
  const onNavigate = navigable
    ? (widget: LoadedWidget, picked: Record<string, string> | null) => {
        if (widget.navigation) void navigate(navigationPath(widget.navigation, dashboard.filters, section.filters, values, picked));
      }
    : undefined;
  return (
    <Box component="section" aria-label={section.title || undefined} sx={{ mb: 3 }}>
      {section.title && (
        <Typography variant={large ? 'h4' : 'h6'} component="h2" sx={{ mb: 1.5 }}>
          {section.title}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(12, minmax(0, 1fr))' }}>
        {section.items.map((item) => (
          <Box key={item._id} sx={{ gridColumn: { xs: 'span 12', [STACKED_BELOW]: `span ${Math.min(12, item.width * 2)}`, lg: `span ${item.width}` }, minWidth: 0 }}>
            <WidgetItem widgetId={item.widget} height={item.height} query={query} versions={versions} ready={ready} onNavigate={onNavigate} large={large} headingLevel={section.title ? 'h3' : 'h2'} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * A dashboard (spec §1, §3, §4): its filters, then its sections of widget items in sequence order.
 * Widgets wait for their filters to initialise, reload when those change, and reload on live pushes
 * about the data they read — the filters the user chose stay.
 */
export function DashboardView({ dashboardId, navigable = false, large = false, onSettled }: DashboardViewProps) {
  const translate = useTranslate();
  const { dashboard, error, retry } = useDashboard(dashboardId);
  const { values, change } = useDashboardFilters(dashboardId, dashboard?.filters ?? null);
  const versions = useLiveVersions();
  const today = useToday();
  const sections = useMemo(() => (dashboard ? orderedSections(dashboard.sections) : []), [dashboard]);
  // Engineers' and wall boards' dashboards mostly chart something: chart.js loads alongside the
  // widgets' data rather than after it — in the commit that sends the widgets' requests, after
  // them (children's effects run first). A technician's phone only loads it when a chart arrives.
  const shown = dashboard !== null;
  // With filters, the bar's code first (SettledSignal below).
  const settled = (shown && dashboard.filters.length === 0) || error !== null;
  useEffect(() => {
    if (settled) onSettled?.();
  }, [settled, onSettled]);
  useEffect(() => {
    if (shown && (navigable || large)) void preloadChartWidget();
  }, [shown, navigable, large]);
  // With filters the sections wait for the bar's code (below); their widgets' first requests need
  // not: asked while it loads, once per dashboard (issue 20: a board's first load). Only then — with
  // the code already here nothing waits, and the widgets ask themselves.
  const client = useQueryClient();
  const widgetsAskedFor = useRef<DashboardRecord | null>(null);
  const askedEarly = useRef<{ versions: EntityVersions; keys: QueryKey[] } | null>(null);
  const askWidgetsEarly = () => {
    if (!dashboard || widgetsAskedFor.current === dashboard) return;
    widgetsAskedFor.current = dashboard;
    const keys: QueryKey[] = [];
    for (const section of dashboard.sections) {
      if (!filtersReady(section.filters, values)) continue;
      const query = widgetFilterQuery(dashboard.filters, section.filters, values, today);
      for (const item of section.items) {
        const early = widgetQuery(item.widget, query);
        keys.push(early.queryKey);
        void client.prefetchQuery(early);
      }
    }
    askedEarly.current = { versions, keys };
  };
  // A push before the widgets show may have outdated what was asked early: those answers are
  // dropped, and each widget asks again when it shows rather than draw an answer older than the push.
  useEffect(() => {
    const early = askedEarly.current;
    if (!early || early.versions === versions) return;
    askedEarly.current = null;
    for (const queryKey of early.keys) client.removeQueries({ queryKey, exact: true });
  }, [client, versions]);

  const placeholder = (
    <Stack spacing={2} aria-busy>
      <Skeleton variant="rounded" height={48} />
      <Skeleton variant="rounded" height={240} />
    </Stack>
  );
  if (!dashboard) {
    return error ? (
      <Alert severity="error" action={<Button onClick={retry}>{translate('app.tables.retry')}</Button>}>
        {error}
      </Alert>
    ) : (
      placeholder
    );
  }
  const view = (
    <Box aria-label={dashboard.name}>
      {dashboard.filters.length > 0 ? <DashboardFilterBar filters={dashboard.filters} values={values} onChange={change} /> : null}
      {sections.map((section, index) => (
        <DashboardSectionView
          key={`${section.sequenceId}-${index}`}
          dashboard={dashboard}
          section={section}
          values={values}
          versions={versions}
          today={today}
          navigable={navigable}
          large={large}
        />
      ))}
      {sections.every((section) => section.items.length === 0) && <Typography color="text.secondary">{translate('app.dashboard.empty')}</Typography>}
    </Box>
  );
  if (dashboard.filters.length === 0) return view;
  return (
    <Suspense
      fallback={
        <>
          {placeholder}
          <WhileWaiting run={askWidgetsEarly} />
        </>
      }
    >
      {view}
      <SettledSignal onSettled={onSettled} />
    </Suspense>
  );
}
