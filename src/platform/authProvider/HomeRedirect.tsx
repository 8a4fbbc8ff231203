import { useEffect } from 'react';
import { Navigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import { homePathFor } from '../../../common/permissions';
import { LOGIN_PATH } from './loginRedirect';
import { useSessionUser } from './useSession';

/** `/` routes on to the home of the user's permissions (spec §6); with none of them, back to Login. */
export const HomeRedirect = () => {
  const user = useSessionUser();
  const notify = useNotify();
  const home = user ? homePathFor(user.permissions) : null;

  useEffect(() => {
    if (user && !home) notify('app.auth.no_area', { type: 'warning' });
  }, [user, home, notify]);

  return <Navigate to={home ?? LOGIN_PATH} replace />;
};
