import type { GuardedRoute } from '../platform/routes/GuardedRoute';
import { EngineerDashboard } from '../features/dashboards/EngineerDashboard';
import { administrationResources } from '../admin';
import { ResourceAdminPage } from '../admin/mechanism/ResourceAdminPage';
import { AssetLabelsPage } from '../admin/assets/labels/AssetLabelsPage';
import { ASSET_LABELS_ROUTE } from '../admin/assets/labels/labelRoute';
import { TablePage } from '../features/tables/TablePage';
import type { TableRouteSegment } from '../features/tables/tableDefinition';
import { lazyWithTimeout } from '../shared/ui/lazyWithTimeout';

// Their own chunks: FullCalendar loads only when a calendar screen is opened.
const InspectionSchedulePage = lazyWithTimeout('InspectionSchedulePage', () => import('../features/schedule/InspectionSchedulePage').then((module) => module.InspectionSchedulePage));
const CalendarEntriesPage = lazyWithTimeout('CalendarEntriesPage', () => import('../features/calendar/CalendarEntriesPage').then((module) => module.CalendarEntriesPage));
const KpiRowsPage = lazyWithTimeout('KpiRowsPage', () => import('../features/kpis/KpiRowsPage').then((module) => module.KpiRowsPage));
const WorkOrderPage = lazyWithTimeout('WorkOrderPage', () => import('../features/workOrders/WorkOrderPage').then((module) => module.WorkOrderPage));

/** The table containers of spec §2.1, each also with /:tableId; the report container has none. */
const TABLE_SEGMENTS: readonly TableRouteSegment[] = ['asset', 'alert', 'inspection', 'checklist', 'thermographyNote'];

/**
 * Children of /home (spec §2.1), relative to it; the area itself already needs view-engineer.
 * The default child is the user's dashboard.
 */
export const engineerRoutes: readonly GuardedRoute[] = [
  { element: <EngineerDashboard />, permissions: [] },
  ...administrationResources.map((definition) => ({
    path: definition.route,
    element: <ResourceAdminPage key={definition.name} definition={definition} />,
    permissions: [definition.permission],
  })),
  { path: ASSET_LABELS_ROUTE, element: <AssetLabelsPage />, permissions: ['manage-asset'] },
  ...TABLE_SEGMENTS.flatMap((segment) => [
    { path: `${segment}/table`, element: <TablePage key={segment} segment={segment} routed />, permissions: [] },
    { path: `${segment}/table/:tableId`, element: <TablePage key={segment} segment={segment} routed />, permissions: [] },
  ]),
  { path: 'report/table', element: <TablePage key="report" segment="report" routed={false} />, permissions: [] },
  { path: 'inspections', element: <TablePage key="inspections" segment="inspection" routed={false} />, permissions: [] },
  { path: 'inspectionSchedule', element: <InspectionSchedulePage />, permissions: [] },
  { path: 'calendar', element: <CalendarEntriesPage />, permissions: [] },
  { path: 'workOrder', element: <WorkOrderPage />, permissions: ['manage-workorder'] },
  // The rows a KPI widget counted: the server decides who may read them (docs/kpis.md).
  { path: 'kpi/:name', element: <KpiRowsPage />, permissions: [] },
];
