import { and, eq, getTableColumns, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyObjectSchema } from 'yup';
import type { Access } from '../auth/access';
import { currentUser } from '../auth/authPlugin';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { conflict, notFound } from '../http/errors';
import { errorSchema, idParamsSchema } from '../http/schemas';
import type { PermissionName } from '../../common/permissions';
import { READ_ONLY_FIELDS } from '../../common/resources/schemaParts';
import { auditHistory, diffRecords, recordAudit, type AuditActor } from './auditLog';
import { listQuerySchema, runList, type ListQuery } from './listQuery';
import { validateBody } from './validateBody';

type Row = Record<string, unknown> & { _id: string };
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * One administration entity, declared once (DESIGN §2): its table, the schema from common/ that
 * validates bodies (and drives the web form), who may read and write it, how lists sort and
 * search, what must be unique, and what happens to records that refer to it.
 */
export interface CrudResource {
  /** Path segment and audit name: 'attribute' → /attribute, /attribute/:id. */
  entity: string;
  /** For messages: 'Attribute with the name "X" already exists'. */
  label: string;
  table: PgTable;
  schema: AnyObjectSchema;
  read: Access;
  write: PermissionName;
  defaultOrder: readonly string[];
  searchFields: readonly string[];
  /** The field that must be unique (ignoring case), and the 409 message. Default: name. */
  unique?: { field: string; message?: (value: string) => string };
  /** Path of the single-record read, default '/:id' (widgets and tables use '/id/:id'). */
  getPath?: string;
  /** Calls the spec has for this entity (permission has no PUT, config no DELETE). */
  operations?: { update?: boolean; delete?: boolean };
  /** Normalises a valid body before it is saved (e.g. options cleared for a type without them). */
  prepare?: (input: Record<string, unknown>) => Record<string, unknown>;
  /** Checks ids the body refers to; throws 400 naming the field. */
  checkReferences?: (db: Database, input: Record<string, unknown>, existingId: string | null) => Promise<void>;
  /** Inside the delete transaction: refuse with 409 naming the referrers, or clean them up. */
  beforeDelete?: (tx: Transaction, row: Row, actor: AuditActor) => Promise<void>;
  /** After any committed write (e.g. sessions depend on roles and permissions). */
  afterWrite?: (app: FastifyInstance) => void;
  /** The body of a successful PUT (config answers a message, spec §7). */
  updateResponse?: (row: Row) => unknown;
  /** Answers a list request itself when it returns a value (tables' `limitToRole`); else the generic list. */
  listVariant?: (app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

const bodySchema = { type: 'object' } as const;

function withoutReadOnly(body: unknown): Record<string, unknown> {
  const copy = { ...(body as Record<string, unknown>) };
  for (const field of READ_ONLY_FIELDS) delete copy[field];
  return copy;
}

function pick(row: Row, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]]));
}

export function registerCrudResource(app: FastifyInstance, resource: CrudResource) {
  const { entity, label, table } = resource;
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const schemaFields = Object.keys(resource.schema.fields);
  const uniqueField = resource.unique?.field ?? 'name';
  if (!columns._id || !columns[uniqueField]) throw new Error(`Resource ${entity}: table needs _id and ${uniqueField} columns`);
  const idColumn = columns._id as PgColumn;
  const uniqueColumn = columns[uniqueField] as PgColumn;
  const uniqueMessage = resource.unique?.message ?? ((value: string) => `${label} with the name "${value}" already exists`);
  const writeAccess: Access = { permission: resource.write };
  const tags = [entity];
  const base = `/${entity}`;

  const db = () => app.services.db;
  const findById = async (id: string): Promise<Row | null> => {
    const [row] = await db().select().from(table).where(eq(idColumn, id));
    return (row as Row | undefined) ?? null;
  };

  async function validated(body: unknown, existing: Row | null): Promise<Record<string, unknown>> {
    const merged = existing ? { ...pick(existing, schemaFields), ...withoutReadOnly(body) } : withoutReadOnly(body);
    let input = validateBody(resource.schema, merged) as Record<string, unknown>;
    if (resource.prepare) input = resource.prepare(input);
    // Stored and compared trimmed: " Pump" is the same name as "Pump" (as common's keyTakenByOther sees keys).
    if (typeof input[uniqueField] === 'string') input = { ...input, [uniqueField]: (input[uniqueField] as string).trim() };
    const value = input[uniqueField];
    if (typeof value === 'string') {
      const same: SQL[] = [sql`lower(${uniqueColumn}) = lower(${value})`];
      if (existing) same.push(ne(idColumn, existing._id));
      const [taken] = await db().select({ _id: idColumn }).from(table).where(and(...same)).limit(1);
      if (taken) throw conflict(uniqueField, uniqueMessage(value));
    }
    if (resource.checkReferences) await resource.checkReferences(db(), input, existing?._id ?? null);
    return input;
  }

  const actorOf = (request: FastifyRequest): AuditActor => currentUser(request);
  const changed = () => resource.afterWrite?.(app);

  app.get<{ Querystring: ListQuery }>(
    base,
    {
      config: { access: resource.read },
      schema: { tags, summary: `${label} list: fields, orderBy, range/sort/filter`, querystring: listQuerySchema, response: { 400: errorSchema } },
    },
    async (request, reply) => (await resource.listVariant?.(app, request, reply)) ?? runList(db(), table, request.query, resource, reply, entity),
  );

  app.get<{ Params: { id: string } }>(
    `${base}${resource.getPath ?? '/:id'}`,
    { config: { access: resource.read }, schema: { tags, summary: `One ${label}`, params: idParamsSchema, response: { 404: errorSchema } } },
    async (request) => {
      const row = await findById(request.params.id);
      if (!row) throw notFound(`${label} not found`);
      return row;
    },
  );

  app.get<{ Params: { id: string } }>(
    `${base}/:id/history`,
    { config: { access: writeAccess }, schema: { tags, summary: `Audit trail of one ${label}, newest first`, params: idParamsSchema } },
    (request) => auditHistory(db(), entity, request.params.id),
  );

  app.post(
    base,
    { config: { access: writeAccess }, schema: { tags, summary: `Create a ${label} (also a copy's body)`, body: bodySchema, response: { 400: errorSchema, 409: errorSchema } } },
    async (request) => {
      const input = await validated(request.body, null);
      const row = await db().transaction(async (tx) => {
        const [created] = (await tx.insert(table).values({ ...input, _id: newId() }).returning()) as [Row];
        await recordAudit(tx, { entity, recordId: created._id, action: 'create', actor: actorOf(request), changes: diffRecords(null, created) });
        return created;
      });
      changed();
      return row;
    },
  );

  if (resource.operations?.update !== false) {
    app.put<{ Params: { id: string } }>(
      `${base}/:id`,
      {
        config: { access: writeAccess },
        schema: { tags, summary: `Update a ${label}; fields not sent keep their values`, params: idParamsSchema, body: bodySchema, response: { 400: errorSchema, 404: errorSchema, 409: errorSchema } },
      },
      async (request) => {
        const existing = await findById(request.params.id);
        if (!existing) throw notFound(`${label} not found`);
        const input = await validated(request.body, existing);
        const row = await db().transaction(async (tx) => {
          const [saved] = (await tx.update(table).set({ ...input, updatedAt: Date.now() }).where(eq(idColumn, existing._id)).returning()) as [Row];
          await recordAudit(tx, { entity, recordId: saved._id, action: 'update', actor: actorOf(request), changes: diffRecords(existing, saved) });
          return saved;
        });
        changed();
        return resource.updateResponse ? resource.updateResponse(row) : row;
      },
    );
  }

  if (resource.operations?.delete !== false) {
    app.delete<{ Params: { id: string } }>(
      `${base}/:id`,
      { config: { access: writeAccess }, schema: { tags, summary: `Delete a ${label}`, params: idParamsSchema, response: { 404: errorSchema, 409: errorSchema } } },
      async (request) => {
        const existing = await findById(request.params.id);
        if (!existing) throw notFound(`${label} not found`);
        await db().transaction(async (tx) => {
          await resource.beforeDelete?.(tx, existing, actorOf(request));
          await tx.delete(table).where(eq(idColumn, existing._id));
          await recordAudit(tx, { entity, recordId: existing._id, action: 'delete', actor: actorOf(request), changes: diffRecords(existing, null) });
        });
        changed();
        return { _id: existing._id, message: `${label} deleted` };
      },
    );
  }
}

export type { Transaction, Row };

/** "A, B, C and 4 more": referrers named in a 409 without flooding it. */
export function nameList(names: readonly string[], shown = 5): string {
  const head = names.slice(0, shown).map((n) => `"${n}"`).join(', ');
  return names.length > shown ? `${head} and ${names.length - shown} more` : head;
}
