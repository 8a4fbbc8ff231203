import { and, eq, getTableColumns, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnyObjectSchema } from 'yup';
import type { Access } from '../auth/access';
import { API_PREFIX, currentUser } from '../auth/authPlugin';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { HttpError, notFound } from '../http/errors';
import { errorSchema, idParamsSchema } from '../http/schemas';
import { READ_ONLY_FIELDS } from '../../common/resources/schemaParts';
import { isReferenced, referenceCounts, type Archiving } from './archiving';
import { auditHistory, diffRecords, recordAudit, type AuditActor } from './auditLog';
import { listQuerySchema, runList, type ListOptions, type ListQuery } from './listQuery';
import { validateBody } from './validateBody';
import { checkDeclaredReferences, releaseReferrers, withNameReaders } from '../fields/declaredReferences';
import { checkConfiguredChoices } from '../fields/configuredChoices';
import { dropDeclaredFiles, keepDeclaredFiles } from '../fields/declaredFiles';
import { fileOwnerReaders } from '../modules/files/fileAccess';
import { describedFields } from '../../common/fields';
import type { DeclarationShape, Row, Transaction } from './crudTypes';

/**
 * One administration entity, declared once (DESIGN §2): its table, the schema from common/ that
 * validates bodies (and drives the web form), who may read and write it, how lists sort and
 * search, what must be unique, and what happens to records that refer to it.
 */
export interface CrudResource extends DeclarationShape {
  /** List order without `orderBy`; default name ascending (spec §2.9). */
  defaultOrder?: readonly string[];
  /** Fields `search` matches; default the stored fields whose kind is searched (common/fields: texts, emails, phones, choices, tags). */
  searchFields?: readonly string[];
  /** Fields the screen shows as other text (names for ids), sorted and searched as shown (listQuery). */
  shown?: ListOptions['shown'];
  /**
   * What must be unique (texts ignoring case): one field, or a set of fields unique together, and
   * the 409's message. Default: name. A declared table gets the same unique index (resourceTable's
   * `unique`).
   */
  unique?: { field: string; message?: (value: string) => string } | { fields: readonly string[]; message?: (value: string) => string };
  /** Path of the single-record read, default '/:id' (widgets and tables use '/id/:id'). */
  getPath?: string;
  /** Calls the spec has for this entity (permission has no PUT, config no DELETE). */
  operations?: { update?: boolean; delete?: boolean };
  /** Normalises a valid body before it is saved (e.g. options cleared for a type without them). */
  prepare?: (input: Record<string, unknown>) => Record<string, unknown>;
  /** Fills in what a valid body may leave out and the server derives (attributes: a technicalName from the name). */
  derive?: (db: Database, input: Record<string, unknown>) => Promise<Record<string, unknown>>;
  /**
   * Checks ids the body refers to; throws 400 naming the field. Without it the mechanism checks the
   * declared reference fields (server/fields/declaredReferences.ts) and releases them when their record goes.
   */
  checkReferences?: (db: Database, input: Record<string, unknown>, existingId: string | null) => Promise<void>;
  /** Inside the delete transaction: refuse with 409 naming the referrers, or clean them up. */
  beforeDelete?: (tx: Transaction, row: Row, actor: AuditActor, app: FastifyInstance) => Promise<void>;
  /**
   * Records that history refers to are archived instead of deleted (server/crud/archiving.ts);
   * the table needs an archivedAt column. Adds GET /:id/references and POST /:id/restore.
   */
  archive?: Archiving;
  /** A field that records who created the record (a `recorded` text): the creator's name, set once. */
  createdBy?: string;
  /** After any committed write (e.g. sessions depend on roles and permissions). */
  afterWrite?: (app: FastifyInstance) => void;
  /** The body of a successful PUT (config answers a message, spec §7). */
  updateResponse?: (row: Row) => unknown;
  /** Answers a list request itself when it returns a value (tables' `limitToRole`); else the generic list. */
  listVariant?: (app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
}

const bodySchema = { type: 'object' } as const;

/**
 * The body a declaration takes, as the API document shows it: each described field's OpenAPI schema
 * from its kind (bounds included: the fuzzer derives its bad values from them). Validation stays the
 * schema's (validateBody), whose 400 words each refusal. A PUT may leave any field out.
 */
function documentedBody(schema: AnyObjectSchema, whole: boolean): Record<string, unknown> {
  const described = describedFields(schema);
  const properties = Object.fromEntries(described.map(({ field, meta, kind }) => [field, kind.openApi(meta)]));
  const required = whole ? described.filter(({ meta }) => meta.required).map(({ field }) => field) : [];
  const allDescribed = described.length === Object.keys(schema.fields).length;
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}), ...(allDescribed ? { additionalProperties: false } : {}) };
}

/** Set only by DELETE and restore; clients send records back whole, so it is ignored in bodies. */
const ARCHIVE_FIELD = 'archivedAt';

function withoutReadOnly(body: unknown, archivable: boolean): Record<string, unknown> {
  const copy = { ...(body as Record<string, unknown>) };
  for (const field of READ_ONLY_FIELDS) delete copy[field];
  if (archivable) delete copy[ARCHIVE_FIELD];
  return copy;
}

/**
 * Lists of archivable entities leave archived records out; `archived=include` lists them too
 * (the administrators' "Show archived"), `archived=only` lists just them (names of what records
 * still refer to).
 */
const archivableListQuerySchema = {
  ...listQuerySchema,
  properties: { ...listQuerySchema.properties, archived: { type: 'string', enum: ['include', 'only'] } },
} as const;

type ArchivedParam = 'include' | 'only';

function pick(row: Row, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.filter((f) => f in row).map((f) => [f, row[f]]));
}

/** Who may list and read `resource`: its `read`, by default the holders of its write permission. */
export function readAccess(resource: CrudResource): Access {
  return resource.read ?? { permission: resource.write };
}

/**
 * The routes of one declaration. `peers` are every declaration the app serves: the ones referring
 * to this one may read its names, and are told when one of its records goes.
 */
export function registerCrudResource(app: FastifyInstance, resource: CrudResource, peers: readonly CrudResource[] = [resource]) {
  const { entity, label, table } = resource;
  const read = readAccess(resource);
  const listing = {
    ...resource,
    defaultOrder: resource.defaultOrder ?? ['name'],
    searchFields: resource.searchFields ?? describedFields(resource.schema).filter(({ kind, meta }) => kind.searched && kind.column && !meta.reference).map(({ field }) => field),
  };
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const schemaFields = Object.keys(resource.schema.fields);
  const uniqueFields = resource.unique ? ('fields' in resource.unique ? resource.unique.fields : [resource.unique.field]) : ['name'];
  const missing = ['_id', ...uniqueFields].filter((field) => !columns[field]);
  if (missing.length > 0) throw new Error(`Resource ${entity}: table needs ${missing.join(', ')} columns`);
  const idColumn = columns._id as PgColumn;
  const archiving = resource.archive;
  if (archiving && !columns[ARCHIVE_FIELD]) throw new Error(`Resource ${entity}: archiving needs an ${ARCHIVE_FIELD} column`);
  const archivedColumn = archiving ? (columns[ARCHIVE_FIELD] as PgColumn) : null;
  const labels = new Map(describedFields(resource.schema).map(({ field, meta }) => [field, meta.label.toLowerCase()]));
  const uniqueMessage =
    resource.unique?.message ?? ((value: string) => `${label} with the ${uniqueFields.map((field) => labels.get(field) ?? field).join(' and ')} "${value}" already exists`);
  const writeAccess: Access = { permission: resource.write };
  const fileReaders = fileOwnerReaders(peers);
  const tags = [entity];
  const base = `/${entity}`;

  const db = () => app.services.db;
  const findById = async (id: string): Promise<Row | null> => {
    const [row] = await db().select().from(table).where(eq(idColumn, id));
    return (row as Row | undefined) ?? null;
  };

  async function validated(body: unknown, existing: Row | null): Promise<Record<string, unknown>> {
    const content = withoutReadOnly(body, archiving !== undefined);
    const merged = existing ? { ...pick(existing, schemaFields), ...content } : content;
    let input = validateBody(resource.schema, merged) as Record<string, unknown>;
    if (resource.prepare) input = resource.prepare(input);
    if (resource.derive) input = await resource.derive(db(), input);
    // Stored and compared trimmed: " Pump" is the same name as "Pump" (as common's keyTakenByOther sees keys).
    for (const field of uniqueFields) if (typeof input[field] === 'string') input = { ...input, [field]: (input[field] as string).trim() };
    const values = uniqueFields.map((field) => input[field]);
    // A set with an empty member (no vendor yet) takes no place: as PostgreSQL's unique index has it for null.
    if (values.every((value) => value !== null && value !== undefined)) {
      const same: SQL[] = uniqueFields.map((field, i) => {
        const column = columns[field] as PgColumn;
        // Texts ignoring case, as resourceTable's index has them; any other column as it compares.
        return column.columnType === 'PgText' && typeof values[i] === 'string' ? sql`lower(${column}) = lower(${values[i]})` : sql`${column} = ${values[i]}`;
      });
      if (existing) same.push(ne(idColumn, existing._id));
      const [taken] = await db().select({ _id: idColumn, archivedAt: archivedColumn ?? sql<null>`null` }).from(table).where(and(...same)).limit(1);
      if (taken) {
        const shown = values.map(String).join(' / ');
        // Names stay unique with archived records too: history must not show two "AHU monthly check".
        const message = taken.archivedAt === null ? uniqueMessage(shown) : `${uniqueMessage(shown)} (archived: restore it, or choose another name)`;
        throw new HttpError(409, message, Object.fromEntries(uniqueFields.map((field) => [field, message])));
      }
    }
    if (resource.checkReferences) await resource.checkReferences(db(), input, existing?._id ?? null);
    else await checkDeclaredReferences(db(), resource, peers, input, existing);
    await checkConfiguredChoices(db(), resource, input, existing);
    return input;
  }

  const actorOf = (request: FastifyRequest): AuditActor => currentUser(request);
  const changed = () => resource.afterWrite?.(app);

  app.get<{ Querystring: ListQuery & { archived?: ArchivedParam } }>(
    base,
    {
      config: { access: withNameReaders(read, resource, peers, `${API_PREFIX}${base}`) },
      schema: {
        tags,
        summary: archivedColumn
          ? `${label} list: fields, orderBy, range/sort/filter; archived ones with archived=include (all) or archived=only`
          : `${label} list: fields, orderBy, range/sort/filter`,
        querystring: archivedColumn ? archivableListQuerySchema : listQuerySchema,
        response: { 400: errorSchema },
      },
    },
    async (request, reply) => {
      const variant = await resource.listVariant?.(app, request, reply);
      if (variant !== undefined && variant !== null) return variant;
      // Pickers and new work read the default list: archived records are not offered there.
      const archived = request.query.archived;
      const where = !archivedColumn || archived === 'include' ? undefined : archived === 'only' ? isNotNull(archivedColumn) : isNull(archivedColumn);
      return runList(db(), table, request.query, { ...listing, where }, reply, entity);
    },
  );

  app.get<{ Params: { id: string } }>(
    `${base}${resource.getPath ?? '/:id'}`,
    { config: { access: read }, schema: { tags, summary: `One ${label}`, params: idParamsSchema, response: { 404: errorSchema } } },
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
    {
      config: { access: writeAccess, documentedBody: documentedBody(resource.schema, true) },
      schema: { tags, summary: `Create a ${label} (also a copy's body)`, body: bodySchema, response: { 400: errorSchema, 409: errorSchema } },
    },
    async (request) => {
      const input = await validated(request.body, null);
      const id = newId();
      const row = await db().transaction(async (tx) => {
        const stored = await keepDeclaredFiles(tx, resource, id, input, null, currentUser(request), fileReaders);
        const creator = resource.createdBy ? { [resource.createdBy]: currentUser(request).name || currentUser(request).username } : {};
        const [created] = (await tx.insert(table).values({ ...stored, ...creator, _id: id }).returning()) as [Row];
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
        config: { access: writeAccess, documentedBody: documentedBody(resource.schema, false) },
        schema: { tags, summary: `Update a ${label}; fields not sent keep their values`, params: idParamsSchema, body: bodySchema, response: { 400: errorSchema, 404: errorSchema, 409: errorSchema } },
      },
      async (request) => {
        const existing = await findById(request.params.id);
        if (!existing) throw notFound(`${label} not found`);
        const input = await validated(request.body, existing);
        const row = await db().transaction(async (tx) => {
          const stored = await keepDeclaredFiles(tx, resource, existing._id, input, existing, currentUser(request), fileReaders);
          const [saved] = (await tx.update(table).set({ ...stored, updatedAt: Date.now() }).where(eq(idColumn, existing._id)).returning()) as [Row];
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
      {
        config: { access: writeAccess },
        schema: {
          tags,
          summary: archiving ? `Delete a ${label}; one that history refers to is archived instead` : `Delete a ${label}`,
          params: idParamsSchema,
          response: { 404: errorSchema, 409: errorSchema },
        },
      },
      async (request) => {
        const actor = actorOf(request);
        const outcome = await db().transaction(async (tx) => {
          // Locked: a concurrent delete or restore of the same record waits for this one.
          const [existing] = (await tx.select().from(table).where(eq(idColumn, request.params.id)).for('update')) as Row[];
          if (!existing) throw notFound(`${label} not found`);
          const references = archiving ? await referenceCounts(tx, archiving, existing._id) : {};
          if (archiving && archivedColumn && isReferenced(references)) {
            await archiving.beforeArchive?.(tx, existing);
            if (existing.archivedAt === null) {
              const [archived] = (await tx.update(table).set({ [ARCHIVE_FIELD]: Date.now(), updatedAt: Date.now() }).where(eq(idColumn, existing._id)).returning()) as [Row];
              await recordAudit(tx, { entity, recordId: existing._id, action: 'archive', actor, changes: diffRecords(existing, archived) });
            }
            return { _id: existing._id, message: `${label} archived`, archived: true, references };
          }
          await resource.beforeDelete?.(tx, existing, actor, app);
          await releaseReferrers(tx, resource, peers, existing);
          await tx.delete(table).where(eq(idColumn, existing._id));
          await dropDeclaredFiles(tx, resource, existing._id);
          await recordAudit(tx, { entity, recordId: existing._id, action: 'delete', actor, changes: diffRecords(existing, null) });
          return { _id: existing._id, message: `${label} deleted`, ...(archiving ? { archived: false, references } : {}) };
        });
        changed();
        return outcome;
      },
    );
  }

  if (archiving && archivedColumn) {
    app.get<{ Params: { id: string } }>(
      `${base}/:id/references`,
      {
        config: { access: writeAccess },
        schema: { tags, summary: `What refers to a ${label}, by kind: whether DELETE archives it (the confirmation counts them)`, params: idParamsSchema, response: { 404: errorSchema } },
      },
      async (request) => {
        const existing = await findById(request.params.id);
        if (!existing) throw notFound(`${label} not found`);
        const references = await referenceCounts(db(), archiving, existing._id);
        return { references, archives: isReferenced(references) };
      },
    );

    app.post<{ Params: { id: string } }>(
      `${base}/:id/restore`,
      {
        config: { access: writeAccess },
        schema: { tags, summary: `Restore an archived ${label}: listed and offered for new work again`, params: idParamsSchema, response: { 404: errorSchema, 409: errorSchema } },
      },
      async (request) => {
        const row = await db().transaction(async (tx) => {
          const [existing] = (await tx.select().from(table).where(eq(idColumn, request.params.id)).for('update')) as Row[];
          if (!existing) throw notFound(`${label} not found`);
          if (existing.archivedAt === null) return existing;
          await archiving.beforeRestore?.(tx, existing);
          const [restored] = (await tx.update(table).set({ [ARCHIVE_FIELD]: null, updatedAt: Date.now() }).where(eq(idColumn, existing._id)).returning()) as [Row];
          await recordAudit(tx, { entity, recordId: existing._id, action: 'restore', actor: actorOf(request), changes: diffRecords(existing, restored) });
          return restored;
        });
        changed();
        return row;
      },
    );
  }
}

/** "A, B, C and 4 more": referrers named in a 409 without flooding it. */
export function nameList(names: readonly string[], shown = 5): string {
  const head = names.slice(0, shown).map((n) => `"${n}"`).join(', ');
  return names.length > shown ? `${head} and ${names.length - shown} more` : head;
}
