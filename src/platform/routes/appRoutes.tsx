import { HomeRedirect } from '../authProvider/HomeRedirect';
import { lazyWithTimeout } from '../../shared/ui/lazyWithTimeout';
import type { GuardedRoute } from './GuardedRoute';

/*
 * Each area is its own lazy chunk, so what an area pulls in (charts, calendar, QR scanner,
 * spreadsheets) never reaches the /login bundle.
 */
const loadTechnicianShell = () => import('../../features/technician/TechnicianShell');
const loadEngineerShell = () => import('../../shell/EngineerShell');
const loadOnsiteShell = () => import('../../features/onsite/OnsiteShell');
const TechnicianShell = lazyWithTimeout('TechnicianShell', () => loadTechnicianShell().then((module) => module.TechnicianShell));
const EngineerShell = lazyWithTimeout('EngineerShell', () => loadEngineerShell().then((module) => module.EngineerShell));
const OnsiteShell = lazyWithTimeout('OnsiteShell', () => loadOnsiteShell().then((module) => module.OnsiteShell));

/**
 * Starts downloading the area a page opens on while the session is still being checked (the
 * route waits for /token/init before it renders the area). A failure is left to the route's own load.
 */
export function preloadAreaOf(pathname: string): void {
  const load = pathname.startsWith('/home') ? loadEngineerShell : pathname.startsWith('/inspection') ? loadTechnicianShell : pathname === '/onsite' ? loadOnsiteShell : null;
  void load?.().catch(() => undefined);
}

/** The top of spec §2.1's route table; each area lists its own children. /login is Admin's loginPage. */
export const appRoutes: readonly GuardedRoute[] = [
  { path: '/', element: <HomeRedirect />, permissions: [] },
  {
    path: '/inspection/*',
    element: <TechnicianShell />,
    permissions: ['view-technician'],
    loadChildren: () => import('../../features/technician/technicianRoutes').then((module) => module.technicianRoutes),
  },
  {
    path: '/home/*',
    element: <EngineerShell />,
    permissions: ['view-engineer'],
    loadChildren: () => import('../../shell/engineerRoutes').then((module) => module.engineerRoutes),
  },
  { path: '/onsite', element: <OnsiteShell />, permissions: ['view-onsite'] },
];
