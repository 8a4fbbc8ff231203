import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material';
import type { PermissionName } from '../../../common/permissions';

/** One drawer entry: where it leads, its label key, icon, and the permission that shows it (spec §6). */
export interface MenuEntry {
  to: string;
  label: string;
  icon: ComponentType<SvgIconProps>;
  permission: PermissionName;
  /** Highlight only on this exact path, not on the paths below it (Home is /home, the area's root). */
  exact?: boolean;
}

export function visibleEntries(entries: readonly MenuEntry[], granted: readonly string[]): MenuEntry[] {
  return entries.filter((entry) => granted.includes(entry.permission));
}
