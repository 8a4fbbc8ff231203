import { useEffect } from 'react';
import { boardOf } from '../../../common/firstAsks';
import { useSessionUser } from '../../platform/authProvider/useSession';
import { DashboardView } from './DashboardView';
import { NoDashboard } from './NoDashboard';

/**
 * The signed-in user's dashboard (spec §1: each role is tied to a dashboard; the user's own
 * dashboardId wins), or the empty state when there is none.
 */
export function UserDashboard({ navigable = false, large = false, onSettled }: { navigable?: boolean; large?: boolean; onSettled?: () => void }) {
  const user = useSessionUser();
  // Without read-dashboard its calls would answer 403, which signs the user out (spec §8).
  const dashboardId = user ? boardOf(user) : null;
  useEffect(() => {
    if (!dashboardId) onSettled?.();
  }, [dashboardId, onSettled]);
  if (!dashboardId) return <NoDashboard large={large} />;
  return <DashboardView key={dashboardId} dashboardId={dashboardId} navigable={navigable} large={large} onSettled={onSettled} />;
}
