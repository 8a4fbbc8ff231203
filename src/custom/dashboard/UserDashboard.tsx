import { useSessionUser } from '../../authProvider/useSession';
import { DashboardView } from './DashboardView';
import { NoDashboard } from './NoDashboard';

/**
 * The signed-in user's dashboard (spec §1: each role is tied to a dashboard; the user's own
 * dashboardId wins), or the empty state when there is none.
 */
export function UserDashboard({ navigable = false, large = false }: { navigable?: boolean; large?: boolean }) {
  const user = useSessionUser();
  // Without read-dashboard its calls would answer 403, which signs the user out (spec §8).
  if (!user?.dashboardId || !user.permissions.includes('read-dashboard')) return <NoDashboard large={large} />;
  return <DashboardView key={user.dashboardId} dashboardId={user.dashboardId} navigable={navigable} large={large} />;
}
