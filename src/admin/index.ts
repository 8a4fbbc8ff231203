import type { RaRecord } from 'react-admin';
import type { ResourceDefinition } from './mechanism/ResourceDefinition';

/** Spec §2.1's route table: the drawer's order of the screens it lists. */
const SPEC_ORDER = ['user', 'config', 'script', 'checklist', 'permission', 'role', 'table', 'report', 'widget', 'dashboard', 'job', 'attribute', 'asset'];

/** A module export that is a screen's definition (declareResource's, or written out). */
function isDefinition(value: unknown): value is ResourceDefinition<RaRecord> {
  return typeof value === 'object' && value !== null && typeof (value as ResourceDefinition<RaRecord>).name === 'string' && typeof (value as ResourceDefinition<RaRecord>).useColumns === 'function';
}

/** Where a screen goes in the drawer: the spec's order, then the others by name. */
function rank(name: string) {
  const index = SPEC_ORDER.indexOf(name);
  return index < 0 ? SPEC_ORDER.length : index;
}

// Every src/admin/<folder>/index.ts(x) is a screen: adding one is adding its folder (README, "Adding a resource").
const modules = import.meta.glob<Record<string, unknown>>('./*/index.ts*', { eager: true });

/**
 * Every administration screen, in the drawer's order (spec §2.1's route table). The engineer
 * routes and the drawer's manage-* entries are built from this list.
 */
export const administrationResources: readonly ResourceDefinition<RaRecord>[] = Object.values(modules)
  .flatMap((module) => Object.values(module).filter(isDefinition))
  .sort((a, b) => rank(a.name) - rank(b.name) || a.name.localeCompare(b.name));
