import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { CheckedPermission } from '../../../common/permissions';
import type { GuardedRoute } from './GuardedRoute';

/** Spec §2.1: every required permission must be held. The guard's test, and the Login page's. */
export function holdsAll(held: readonly string[], required: readonly CheckedPermission[]): boolean {
  return required.every((permission) => held.includes(permission));
}

interface TableMatch {
  route: GuardedRoute;
  /** What an area's '/*' left for its own table to match. */
  rest: string;
}

/** The row of `routes` that react-router would render for `pathname` (same ranking), or null. */
function rowFor(routes: readonly GuardedRoute[], pathname: string): TableMatch | null {
  const objects: RouteObject[] = routes.map((route, index) =>
    route.path === undefined ? { index: true, id: String(index) } : { path: route.path, id: String(index) },
  );
  const match = matchRoutes(objects, pathname)?.at(-1);
  if (!match?.route.id) return null;
  const route = routes[Number(match.route.id)];
  return route ? { route, rest: match.params['*'] ?? '' } : null;
}

/**
 * Whether an account holding `held` may open `path` (path and query, as in 'from'): the same route
 * tables and test as the guard, walking an area's own table when the area's permissions are held.
 * A path no route matches goes home (spec §2.1), which any signed-in account may open.
 */
export async function mayOpen(held: readonly string[], path: string, routes: readonly GuardedRoute[]): Promise<boolean> {
  const pathname = path.split(/[?#]/, 1)[0] ?? '/';
  const row = rowFor(routes, pathname);
  if (!row) return true;
  if (!holdsAll(held, row.route.permissions)) return false;
  if (!row.route.loadChildren) return true;
  return mayOpen(held, `/${row.rest}`, await row.route.loadChildren());
}
