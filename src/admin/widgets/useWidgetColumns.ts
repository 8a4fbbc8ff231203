import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { DashboardSection } from '../../../common/resources/dashboard';
import type { RecordColumn } from '../../shared/ui/recordTable/RecordTable';
import { useNameLookup, useRelatedList } from '../mechanism/useRelatedList';
import type { WidgetRecord } from './types';

interface DashboardSections {
  id: string;
  name: string;
  sections?: DashboardSection[];
}

/** Widget, Type, Script (its name), Dashboards (those whose sections show the widget) — spec §2.9. */
export function useWidgetColumns(): RecordColumn<WidgetRecord>[] {
  const translate = useTranslate();
  const scriptNames = useNameLookup('script');
  const dashboards = useRelatedList<DashboardSections>('dashboard', ['name', 'sections']);
  return useMemo(() => {
    const dashboardsByWidget = new Map<string, Set<string>>();
    for (const dashboard of dashboards) {
      for (const section of dashboard.sections ?? []) {
        for (const item of section.items ?? []) {
          const names = dashboardsByWidget.get(item.widget) ?? new Set<string>();
          dashboardsByWidget.set(item.widget, names.add(dashboard.name));
        }
      }
    }
    const dashboardsOf = (row: WidgetRecord) => [...(dashboardsByWidget.get(String(row.id)) ?? [])].sort((a, b) => a.localeCompare(b)).join(', ');
    const scriptOf = (row: WidgetRecord) => (row.script ? (scriptNames.get(row.script) ?? '') : '');
    return [
      { key: 'name', label: translate('app.widget.columns.widget') },
      { key: 'type', label: translate('app.widget.columns.type') },
      { key: 'script', label: translate('app.widget.columns.script'), render: scriptOf, sortValue: scriptOf },
      { key: 'dashboards', label: translate('app.widget.columns.dashboards'), render: dashboardsOf, sortValue: dashboardsOf },
    ];
  }, [translate, scriptNames, dashboards]);
}
