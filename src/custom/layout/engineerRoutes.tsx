import type { GuardedRoute } from '../../routes/GuardedRoute';
import { NoDashboard } from '../dashboard/NoDashboard';

/**
 * Children of /home (spec §2.1), relative to it; the area itself already needs view-engineer.
 * The default child is the dashboard, shown as its empty state until dashboards exist.
 */
export const engineerRoutes: readonly GuardedRoute[] = [{ element: <NoDashboard />, permissions: [] }];
