import { arrayContains, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { readsOnlyNameList, type Access, type AuthUser } from '../auth/access';
import type { Database } from '../db/client';
import { conflict } from '../http/errors';
import type { CheckedPermission } from '../../common/permissions';
import { describedFields } from '../../common/fields';
import type { DeclarationShape, Row, Transaction } from '../crud/crudTypes';
import { requireIds } from '../crud/references';

/** A field of a declaration naming records of another: `vendor` → 'vendor', `assets` → 'asset' (many). */
export interface DeclaredReference {
  field: string;
  entity: string;
  many: boolean;
}

/** The reference and references fields of a declaration (common/fields). */
export function declaredReferences(resource: DeclarationShape): DeclaredReference[] {
  return describedFields(resource.schema).flatMap(({ field, meta }) => (meta.reference ? [{ field, entity: meta.reference, many: meta.kind === 'references' }] : []));
}

/**
 * Whether the mechanism keeps a declaration's references: ids that must exist when saved, and what
 * happens to them when the record they name is deleted. A declaration with `checkReferences` of its
 * own (the spec's resources) keeps them itself, and its targets' own `beforeDelete` answer for it.
 */
const referencesKeptByMechanism = (resource: DeclarationShape) => resource.checkReferences === undefined;

/** The same resource among `peers` by entity, or none: a reference to a resource this app does not serve is not checked. */
const peerOf = (peers: readonly DeclarationShape[], entity: string) => peers.find((peer) => peer.entity === entity);

/** Every id the record refers to names an existing (not newly archived) record: otherwise 400 naming the field. */
export async function checkDeclaredReferences(db: Database, resource: DeclarationShape, peers: readonly DeclarationShape[], input: Record<string, unknown>, existing: Row | null): Promise<void> {
  if (!referencesKeptByMechanism(resource)) return;
  for (const { field, entity, many } of declaredReferences(resource)) {
    const target = peerOf(peers, entity);
    if (!target) continue;
    const ids = many ? ((input[field] as string[] | undefined) ?? []) : typeof input[field] === 'string' ? [input[field]] : [];
    const held = existing ? new Set(many ? ((existing[field] as string[] | undefined) ?? []) : [existing[field] as string]) : new Set<string>();
    await requireIds(db, target.table, ids, field, target.label.toLowerCase(), held);
  }
}

/**
 * What a record's deletion does to the records of other declarations naming it: one that holds it
 * in a list (a part's assets) drops it; one whose single reference it is (a part's vendor) refuses
 * the deletion with 409 naming them — the user decides what they refer to instead.
 */
export async function releaseReferrers(tx: Transaction, resource: DeclarationShape, peers: readonly DeclarationShape[], row: Row): Promise<void> {
  for (const referrer of peers.filter(referencesKeptByMechanism)) {
    const columns = getTableColumns(referrer.table) as Record<string, PgColumn>;
    for (const { field, many } of declaredReferences(referrer).filter(({ entity }) => entity === resource.entity)) {
      const column = columns[field] as PgColumn;
      if (many) {
        await tx.update(referrer.table).set({ [field]: sql`array_remove(${column}, ${row._id})` }).where(arrayContains(column, [row._id]));
        continue;
      }
      const labelColumn = (columns.name ?? columns._id) as PgColumn;
      const users = await tx.select({ name: labelColumn }).from(referrer.table).where(eq(column, row._id)).limit(6);
      if (users.length > 0) {
        const names = users.slice(0, 5).map((user) => `"${String(user.name)}"`).join(', ') + (users.length > 5 ? ' and more' : '');
        throw conflict('_id', `${resource.label} "${String(row.name ?? row._id)}" is used by ${referrer.label.toLowerCase()}s ${names}`);
      }
    }
  }
}

/**
 * DESIGN §15: a reference is readable, names only, by whoever may use the referring resource. The
 * holders of a referring declaration's permissions may list this one's names (`fields=id,name`),
 * as the referring screen's column and picker ask them.
 */
export function withNameReaders(access: Access, resource: DeclarationShape, peers: readonly DeclarationShape[], listPath: string): Access {
  const readers = [
    ...new Set(
      peers
        .filter((peer) => declaredReferences(peer).some(({ entity }) => entity === resource.entity) && peer.entity !== resource.entity)
        .flatMap((peer): CheckedPermission[] => [peer.write, ...(peer.read && 'permission' in peer.read ? [peer.read.permission] : [])]),
    ),
  ].sort();
  if (readers.length === 0 || !('permission' in access)) return access;
  const namesOnly = (request: FastifyRequest, user: AuthUser) => readers.some((permission) => user.permissions.has(permission)) && readsOnlyNameList(request, listPath);
  const said = `${readers.join(' or ')} for names only (GET ${listPath}?fields=id,name)`;
  return {
    permission: access.permission,
    orIf: (request, user) => (access.orIf?.(request, user) ?? false) || namesOnly(request, user),
    orIfDescription: access.orIfDescription ? `${access.orIfDescription}; ${said}` : said,
  };
}
