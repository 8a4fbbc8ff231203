import type { ReactNode } from 'react';
import type { PermissionName } from '../../common/permissions';

/** One row of a route table (spec §2.1): a path, what it shows, and the permissions it needs. */
export interface GuardedRoute {
  /** Relative to the enclosing area; omitted for the area's default child. */
  path?: string;
  element: ReactNode;
  /** All must be held; [] means signed in is enough. */
  permissions: readonly PermissionName[];
}
