import type { GuardedRoute } from '../../routes/GuardedRoute';
import { TechnicianHome } from './TechnicianHome';
import { lazyWithTimeout } from '../../common-ui/lazyWithTimeout';

// Its own chunk: the camera library and the zxing wasm load only when the scanner is opened.
const ScannerPage = lazyWithTimeout(() => import('./scanner/ScannerPage').then((module) => module.ScannerPage));
// Its own chunk too: the inspect view with its inputs for every attribute type.
const AssetInspectPage = lazyWithTimeout(() => import('./inspect/AssetInspectPage').then((module) => module.AssetInspectPage));

/** Children of /inspection (spec §2.1), relative to it; the area itself already needs view-technician. */
export const technicianRoutes: readonly GuardedRoute[] = [
  { element: <TechnicianHome />, permissions: [] },
  { path: 'scanner', element: <ScannerPage />, permissions: [] },
  { path: 'asset/identification/:assetIdentification', element: <AssetInspectPage />, permissions: [] },
];
