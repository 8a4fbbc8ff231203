import type { ReactNode } from 'react';
import type { CheckedPermission } from '../../../common/permissions';

/** One row of a route table (spec §2.1): a path, what it shows, and the permissions it needs. */
export interface GuardedRoute {
  /** Relative to the enclosing area; omitted for the area's default child. */
  path?: string;
  element: ReactNode;
  /** All must be held; [] means signed in is enough. */
  permissions: readonly CheckedPermission[];
  /**
   * An area's own route table (its shell renders it), loaded on demand: the Login page asks it
   * whether a signed-in account may open a page of the area without the area's code in its bundle.
   */
  loadChildren?: () => Promise<readonly GuardedRoute[]>;
}
