import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/access';
import { currentUser } from '../../auth/authPlugin';
import { roles, tableDefinitions, users } from '../../db/schema';
import { badRequest } from '../../http/errors';
import { TABLE_TYPES } from '../../../common/resources/table';

/** One entry of GET /table?limitToRole=true[&type=…] (spec §7: {name, _id, default}). */
export interface RoleTableSummary {
  _id: string;
  name: string;
  type: string;
  default: boolean;
}

type TableListQuery = { limitToRole?: string; type?: string };

const queryOf = (request: FastifyRequest) => (request.query ?? {}) as TableListQuery;

/** `limitToRole=true` on GET /table: the caller's own role's tables, which read-table may read. */
export function asksForRoleTables(request: FastifyRequest): boolean {
  return request.routeOptions?.url?.toLowerCase() === '/api/table' && queryOf(request).limitToRole === 'true';
}

/** Who may list tables: the managers (roles list them; widgets open one), or read-table for the role's own list. */
export function mayListTables(request: FastifyRequest, user: AuthUser): boolean {
  return user.permissions.has('manage-role') || user.permissions.has('manage-widget') || (user.permissions.has('read-table') && asksForRoleTables(request));
}

function typeFilter(request: FastifyRequest): string | undefined {
  const { type } = queryOf(request);
  if (type === undefined || type === '') return undefined;
  if (!(TABLE_TYPES as readonly string[]).includes(type)) throw badRequest('type', `type must be one of: ${TABLE_TYPES.join(', ')}`);
  return type;
}

/**
 * The table list's variants (spec §7 GET /table with type, limitToRole): with limitToRole=true the
 * caller's role's tables in the role's order, each with its default flag; with only `type` the
 * tables of that type (default false). Without either: undefined, the generic admin list.
 */
export async function tableListVariant(app: FastifyInstance, request: FastifyRequest): Promise<RoleTableSummary[] | undefined> {
  const { limitToRole } = queryOf(request);
  const type = typeFilter(request);
  const db = app.services.db;
  if (limitToRole !== undefined && limitToRole !== 'true' && limitToRole !== 'false') throw badRequest('limitToRole', 'limitToRole must be true or false');
  if (limitToRole !== 'true') {
    if (!type) return undefined;
    const rows = await db
      .select({ _id: tableDefinitions._id, name: tableDefinitions.name, type: tableDefinitions.type })
      .from(tableDefinitions)
      .where(eq(tableDefinitions.type, type))
      .orderBy(asc(tableDefinitions.name));
    return rows.map((row) => ({ ...row, default: false }));
  }
  const user = currentUser(request);
  const [role] = await db.select({ tables: roles.tables }).from(users).innerJoin(roles, eq(roles._id, users.role)).where(eq(users._id, user._id));
  const entries = role?.tables ?? [];
  if (entries.length === 0) return [];
  const records = await db
    .select({ _id: tableDefinitions._id, name: tableDefinitions.name, type: tableDefinitions.type })
    .from(tableDefinitions)
    .where(inArray(tableDefinitions._id, entries.map((entry) => entry.table)));
  const byId = new Map(records.map((record) => [record._id, record]));
  const list: RoleTableSummary[] = [];
  for (const entry of entries) {
    const record = byId.get(entry.table);
    if (record && (!type || record.type === type)) list.push({ ...record, default: entry.default === true });
  }
  return list;
}
