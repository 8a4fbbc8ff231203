import { readdirSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ALL_PERMISSIONS } from '../../common/permissions';
import { registerCrudResource, type CrudResource } from './crudResource';
import { registerConfiguredChoicesRoute } from '../fields/configuredChoices';

/** A module export that is a declaration (an entity, its table, schema and write permission). */
function isCrudResource(value: unknown): value is CrudResource {
  if (typeof value !== 'object' || value === null) return false;
  const { entity, table, schema, write } = value as Partial<CrudResource>;
  return typeof entity === 'string' && typeof write === 'string' && table !== undefined && schema !== undefined;
}

/**
 * Every `server/modules/<module>/<entity>.resource.ts`, imported: adding a resource is adding its
 * file (README: "Adding a resource"), the same glob drizzle.config.ts reads the tables from.
 */
async function discoverResources(): Promise<CrudResource[]> {
  const modules = new URL('../modules/', import.meta.url);
  const files = readdirSync(modules, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((folder) => readdirSync(new URL(`${folder.name}/`, modules)).filter((file) => file.endsWith('.resource.ts')).map((file) => new URL(`${folder.name}/${file}`, modules)));
  const loaded = await Promise.all(files.map((file) => import(file.href) as Promise<Record<string, unknown>>));
  // By entity, so the order files are listed in changes nothing (routes, seeded permissions).
  return loaded.flatMap((module) => Object.values(module).filter(isCrudResource)).sort((a, b) => a.entity.localeCompare(b.entity));
}

/** Every entity served by the generic CRUD registration (README: "Adding a resource"). */
export const crudResources: readonly CrudResource[] = await discoverResources();

/**
 * Every permission the code defines: common/permissions.ts's list and each declared resource's
 * write permission, so declaring `write: 'manage-vendor'` is all a new resource does for it.
 */
export function knownPermissions(resources: readonly CrudResource[] = crudResources): string[] {
  return [...new Set<string>([...ALL_PERMISSIONS, ...resources.map((resource) => resource.write)])];
}

declare module 'fastify' {
  interface FastifyInstance {
    /** knownPermissions() of the resources this app serves: the ones nobody may delete. */
    knownPermissions: ReadonlySet<string>;
  }
}

/** The generic CRUD routes of `resources` (buildApp's, by default every declared one). */
export async function crudRoutes(app: FastifyInstance, { resources = crudResources }: { resources?: readonly CrudResource[] }) {
  for (const resource of resources) registerCrudResource(app, resource, resources);
  registerConfiguredChoicesRoute(app, resources);
}
