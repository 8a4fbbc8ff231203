import type { PgTable } from 'drizzle-orm/pg-core';
import type { AnyObjectSchema } from 'yup';
import type { Access } from '../auth/access';
import type { Database } from '../db/client';
import type { CheckedPermission } from '../../common/permissions';

export type Row = Record<string, unknown> & { _id: string };

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What the mechanism's other parts read of a declaration (declared references, configured
 * choices): its name, table, schema and who may use it. CrudResource (crudResource.ts) is the
 * whole declaration.
 */
export interface DeclarationShape {
  /** Path segment and audit name: 'attribute' → /attribute, /attribute/:id. */
  entity: string;
  /** For messages: 'Attribute with the name "X" already exists'. */
  label: string;
  table: PgTable;
  /** The schema from common/ that validates bodies and drives the web form. */
  schema: AnyObjectSchema;
  /** Who may list and read; default the holders of `write`. */
  read?: Access;
  /**
   * The permission of every write and of the history. A `manage-<entity>` named here is a known
   * permission like the listed ones (registry.ts `knownPermissions`): seeded, and held by
   * ROLE_SUPERUSER from the next start (DESIGN §4).
   */
  write: CheckedPermission;
  /** A declaration keeping its references itself (crudResource.ts). */
  checkReferences?: unknown;
}
