import { Suspense } from 'react';
import { Route } from 'react-router-dom';
import { Loading } from 'react-admin';
import { RequireAuth } from '../authProvider/RequireAuth';
import type { GuardedRoute } from './GuardedRoute';

/** Turns a route table into <Route> elements, each behind the guard; lazy areas suspend inside it. */
export function renderGuardedRoutes(routes: readonly GuardedRoute[]) {
  return routes.map(({ path, element, permissions }) => (
    <Route
      key={path ?? '(index)'}
      index={path === undefined}
      path={path}
      element={
        <RequireAuth permissions={permissions}>
          <Suspense fallback={<Loading />}>{element}</Suspense>
        </RequireAuth>
      }
    />
  ));
}
