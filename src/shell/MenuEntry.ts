import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import type { CheckedPermission } from '../../common/permissions';

interface EntryBase {
  label: string;
  icon: ComponentType<SvgIconProps>;
  /** The permission that shows the entry (spec §6). */
  permission: CheckedPermission;
  /**
   * Permissions the screen behind the entry also needs (its route's): an entry the user could
   * only follow to Login stays hidden (Work Order: nav-work-order, and the route's manage-workorder).
   */
  alsoRequires?: readonly CheckedPermission[];
}

/** A drawer entry leading to a screen of the app. */
export interface RouteMenuEntry extends EntryBase {
  to: string;
  /** Highlight only on this exact path, not on the paths below it (Home is /home, the area's root). */
  exact?: boolean;
}

/** A drawer entry opening a document outside the app in a new tab (spec §2.4 Thermography Info). */
export interface DocumentMenuEntry extends EntryBase {
  key: string;
  /** The document's address, read when the drawer shows; null until known. */
  useUrl: () => string | null;
}

/** One drawer entry: its label key, icon, the permission that shows it, and where it leads. */
export type MenuEntry = RouteMenuEntry | DocumentMenuEntry;

export const isRouteEntry = (entry: MenuEntry): entry is RouteMenuEntry => 'to' in entry;
export const entryKey = (entry: MenuEntry) => (isRouteEntry(entry) ? entry.to : entry.key);

export function visibleEntries<E extends MenuEntry>(entries: readonly E[], granted: readonly string[]): E[] {
  return entries.filter((entry) => granted.includes(entry.permission) && (entry.alsoRequires ?? []).every((permission) => granted.includes(permission)));
}
