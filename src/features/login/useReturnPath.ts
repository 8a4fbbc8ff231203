import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { FROM_PARAM, loginPathReturningTo, returnPathAfterLogin } from '../../platform/authProvider/loginRedirect';

interface LogoutState {
  nextPathname?: unknown;
  nextSearch?: unknown;
}

/**
 * Where to go after login: the 'from' query (spec §2.1) when it is a same-site path, else '/'.
 * react-admin's own logout (e.g. after a 401 from a data call) carries the page in router state
 * instead; that is moved into the 'from' query so the address bar says the same in both cases.
 */
export function useReturnPath(): string {
  const location = useLocation();
  const navigate = useNavigate();
  const from = new URLSearchParams(location.search).get(FROM_PARAM);
  const state = (location.state ?? {}) as LogoutState;
  const stateFrom =
    typeof state.nextPathname === 'string'
      ? state.nextPathname + (typeof state.nextSearch === 'string' ? state.nextSearch : '')
      : null;

  useEffect(() => {
    if (from === null && stateFrom !== null && returnPathAfterLogin(stateFrom) !== '/') {
      navigate(loginPathReturningTo(stateFrom), { replace: true });
    }
  }, [from, stateFrom, navigate]);

  return returnPathAfterLogin(from ?? stateFrom);
}
