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
  entity: string;
  label: string;
  table: PgTable;
  schema: AnyObjectSchema;
  read?: Access;
  write: CheckedPermission;
  /** A declaration keeping its references itself (crudResource.ts). */
  checkReferences?: unknown;
}
