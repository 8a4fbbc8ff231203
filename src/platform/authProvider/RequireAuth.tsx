import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Loading } from 'react-admin';
import type { CheckedPermission } from '../../../common/permissions';
import { holdsAll } from '../routes/routeAccess';
import { guardedPage } from './guardedPage';
import { loadSessionUser } from './loadSessionUser';
import { loginPathFor } from './loginRedirect';
import { useSession } from './useSession';

interface RequireAuthProps {
  /** Every one must be held (spec §2.1); an empty list only asks for a signed-in user. */
  permissions?: readonly CheckedPermission[];
  children: ReactNode;
}

/**
 * The route guard of spec §2.1: no stored jwt → Login with 'from'; permissions not loaded → load
 * them with the stored jwt (spinner meanwhile); a rejected token or a missing permission → Login
 * with 'from' (which then names the signed-in account and says it cannot open that page).
 */
export const RequireAuth = ({ permissions = [], children }: RequireAuthProps) => {
  const location = useLocation();
  const session = useSession();
  const { token } = session;
  // The user's arrival (/token/init) mounts the whole page. The session is an external store, whose
  // updates React renders without yielding; deferred, the page's first render is a transition that
  // yields to the browser every few milliseconds (issue 20, Total Blocking Time). Only arrivals
  // wait: a user gone (signed out) is gone in the same render.
  const arrived = useDeferredValue(session.user);
  const user = session.user && arrived ? session.user : null;
  // remembered per token, so signing in again starts from a clean slate
  const [failedToken, setFailedToken] = useState<string | null>(null);
  const granted = Boolean(user && holdsAll(user.permissions, permissions));
  const page = location.pathname + location.search;

  const loaded = Boolean(session.user);
  useEffect(() => {
    if (!token || loaded) return;
    let current = true;
    loadSessionUser().catch(() => {
      if (current) setFailedToken(token);
    });
    return () => {
      current = false;
    };
  }, [token, loaded]);

  useEffect(() => {
    if (granted) guardedPage.set(page);
  }, [granted, page]);

  if (!token || failedToken === token) return <Navigate to={loginPathFor(location)} replace />;
  if (!user) return <Loading />;
  if (!granted) return <Navigate to={loginPathFor(location)} replace />;
  return <>{children}</>;
};
