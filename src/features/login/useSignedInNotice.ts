import { useEffect, useState } from 'react';
import type { SessionUser } from '../../../common/api';
import { homePathFor } from '../../../common/permissions';
import { loadSessionUser } from '../../platform/authProvider/loadSessionUser';
import { useSession } from '../../platform/authProvider/useSession';
import { appRoutes } from '../../platform/routes/appRoutes';
import { mayOpen } from '../../platform/routes/routeAccess';

export interface SignedInNotice {
  name: string;
  username: string;
  /** The page it cannot open ('from'). */
  path: string;
  /** Its own home (spec §6), or null for an account without an area. */
  home: string | null;
}

/**
 * Login reached while an account is signed in, from a page that account may not open (the route
 * tables say so, or the server answered a call of that page with 403): who is signed in, that
 * page, and the account's home. Null otherwise — Login is then the plain sign-in form.
 */
export function useSignedInNotice(returnPath: string): SignedInNotice | null {
  const { token, user, deniedPath } = useSession();
  const [refused, setRefused] = useState<{ user: SessionUser; path: string } | null>(null);

  useEffect(() => {
    // Reloading Login keeps only the jwt: find out whose it is (a rejected one is forgotten).
    if (token && !user) loadSessionUser().catch(() => undefined);
  }, [token, user]);

  useEffect(() => {
    if (!user) return;
    let current = true;
    mayOpen(user.permissions, returnPath, appRoutes).then(
      (allowed) => {
        if (current) setRefused(allowed ? null : { user, path: returnPath });
      },
      // An area's table that cannot load now: no notice; signing in works as always.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [user, returnPath]);

  if (!user) return null;
  const refusedHere = deniedPath === returnPath || (refused?.user === user && refused.path === returnPath);
  return refusedHere ? { name: user.name, username: user.username, path: returnPath, home: homePathFor(user.permissions) } : null;
}
