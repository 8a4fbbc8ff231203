import { createContext, useContext } from 'react';
import type { RaRecord } from 'react-admin';
import type { ResourceDefinition } from './ResourceDefinition';
import type { useResourceActions } from './useResourceActions';

export interface ResourceScreen<T extends RaRecord = RaRecord> {
  definition: ResourceDefinition<T>;
  actions: ReturnType<typeof useResourceActions<T>>;
  /** The loaded list, for checks against other records (e.g. a config key already taken). */
  rows: readonly T[];
}

export const ResourceScreenContext = createContext<ResourceScreen | null>(null);

/** For an entity's own buttons and dialogs inside its generic screen. */
export function useResourceScreen<T extends RaRecord>(): ResourceScreen<T> {
  const screen = useContext(ResourceScreenContext);
  if (!screen) throw new Error('useResourceScreen is only available inside a ResourceAdminPage');
  return screen as unknown as ResourceScreen<T>;
}
