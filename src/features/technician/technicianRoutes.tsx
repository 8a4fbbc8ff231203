import type { GuardedRoute } from '../../platform/routes/GuardedRoute';
import { lazyWithTimeout } from '../../shared/ui/lazyWithTimeout';
import { OutboxPage } from '../../platform/offline/outbox/OutboxPage';

// Its own chunk with the dashboard it shows: the inspect view and the scanner never load them (issue 20).
const TechnicianHome = lazyWithTimeout('TechnicianHome', () => import('./TechnicianHome').then((module) => module.TechnicianHome));

// Its own chunk: the camera library and the zxing wasm load only when the scanner is opened.
const ScannerPage = lazyWithTimeout('ScannerPage', () => import('./scanner/ScannerPage').then((module) => module.ScannerPage));
// Its own chunk too: the inspect view with its inputs for every attribute type.
const AssetInspectPage = lazyWithTimeout('AssetInspectPage', () => import('./inspect/AssetInspectPage').then((module) => module.AssetInspectPage));
// And the work order detail: the home's list is all most visits need.
const WorkOrderDetailPage = lazyWithTimeout('WorkOrderDetailPage', () => import('./workOrders/WorkOrderDetailPage').then((module) => module.WorkOrderDetailPage));
// A work order's procedure: the inspect panel of its checklist.
const WorkOrderProcedurePage = lazyWithTimeout('WorkOrderProcedurePage', () => import('./workOrders/WorkOrderProcedurePage').then((module) => module.WorkOrderProcedurePage));

/** Children of /inspection (spec §2.1), relative to it; the area itself already needs view-technician. */
export const technicianRoutes: readonly GuardedRoute[] = [
  { element: <TechnicianHome />, permissions: [] },
  { path: 'scanner', element: <ScannerPage />, permissions: [] },
  { path: 'asset/identification/:assetIdentification', element: <AssetInspectPage />, permissions: [] },
  // Spec §2.1 asks nothing more than the area does; an order that is not the user's answers 403 and the page says so.
  { path: 'workOrder/:id', element: <WorkOrderDetailPage />, permissions: [] },
  { path: 'workOrder/:id/procedure', element: <WorkOrderProcedurePage />, permissions: [] },
  // What waits on this phone to be sent (docs/offline.md): small, and needed offline, so not a chunk of its own.
  { path: 'outbox', element: <OutboxPage />, permissions: [] },
];
