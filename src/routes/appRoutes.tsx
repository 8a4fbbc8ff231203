import { HomeRedirect } from '../authProvider/HomeRedirect';
import { lazyWithTimeout } from '../common-ui/lazyWithTimeout';
import type { GuardedRoute } from './GuardedRoute';

/*
 * Each area is its own lazy chunk, so what an area pulls in (charts, calendar, QR scanner,
 * spreadsheets) never reaches the /login bundle.
 */
const TechnicianShell = lazyWithTimeout(() =>
  import('../custom/technician/TechnicianShell').then((module) => module.TechnicianShell),
);
const EngineerShell = lazyWithTimeout(() =>
  import('../custom/layout/EngineerShell').then((module) => module.EngineerShell),
);
const OnsiteShell = lazyWithTimeout(() =>
  import('../custom/onsite/OnsiteShell').then((module) => module.OnsiteShell),
);

/** The top of spec §2.1's route table; each area lists its own children. /login is Admin's loginPage. */
export const appRoutes: readonly GuardedRoute[] = [
  { path: '/', element: <HomeRedirect />, permissions: [] },
  { path: '/inspection/*', element: <TechnicianShell />, permissions: ['view-technician'] },
  { path: '/home/*', element: <EngineerShell />, permissions: ['view-engineer'] },
  { path: '/onsite', element: <OnsiteShell />, permissions: ['view-onsite'] },
];
