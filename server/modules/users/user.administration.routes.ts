import { randomInt } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser } from '../../auth/authPlugin';
import { hashPassword } from '../../auth/passwords';
import { newId } from '../../db/ids';
import { dashboards, permissions, roles, users } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { auditHistory, diffRecords, recordAudit } from '../../crud/auditLog';
import { listQuerySchema, runList, type ListOptions, type ListQuery } from '../../crud/listQuery';
import { requireIds } from '../../crud/references';
import { validateBody } from '../../crud/validateBody';
import { READ_ONLY_FIELDS } from '../../../common/resources/schemaParts';
import { newUserSchema, userAdministrationSchema } from '../../../common/resources/user';
import { userRecordSchema } from './user.schemas';
import { toUserRecord, type UserRow } from './user.views';

const ADMIN_FIELDS = Object.keys(userAdministrationSchema.fields);
const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/** Readable (no 0/O, 1/l), 12 characters ≈ 70 bits: shown once to the administrator. */
export function generatePassword(length = 12): string {
  return Array.from({ length }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
}

/**
 * User management's list (spec §2.9): sorted and searched as the screen shows a user, the role by
 * its name, a missing status as 'active', custom attributes by their values (docs/administration.md).
 */
const USER_LIST: ListOptions = {
  defaultOrder: ['name', 'username'],
  searchFields: ['name', 'username', 'email'],
  hiddenFields: ['passwordHash', 'tokenVersion'],
  shown: {
    role: {
      text: sql`(select ${roles.name} from ${roles} where ${roles._id} = ${users.role})`,
      matches: (pattern) => sql`${users.role} in (select ${roles._id} from ${roles} where ${roles.name} ilike ${pattern})`,
    },
    status: { text: sql`coalesce(nullif(${users.status}, ''), 'active')` },
    customAttributes: {
      text: sql`(select string_agg(value, ' ') from jsonb_each_text(${users.customAttributes}))`,
      matches: (pattern) => sql`exists (select 1 from jsonb_each_text(${users.customAttributes}) attribute where attribute.value ilike ${pattern})`,
    },
  },
};

const EXPLAINED_CONFLICT = { 409: errorSchema, 400: errorSchema, 404: errorSchema };

/**
 * User administration (spec §7): list, add by username, update, reset password, delete. An
 * administrator cannot delete, deactivate or reset the password of their own account here (the
 * profile dialog changes one's own password), so nobody locks themselves out by a click.
 */
export async function userAdministrationRoutes(app: FastifyInstance) {
  const db = () => app.services.db;
  const repo = () => app.services.users;

  async function usernameFree(username: string, exceptId: string | null) {
    const holder = await repo().findByUsername(username.trim());
    if (holder && holder._id !== exceptId) throw conflict('username', `User with the username "${username.trim()}" already exists`);
  }

  async function existing(request: FastifyRequest<{ Params: { id: string } }>): Promise<UserRow> {
    const user = await repo().findById(request.params.id);
    if (!user) throw notFound('User not found');
    return user;
  }

  function notSelf(request: FastifyRequest<{ Params: { id: string } }>, what: string) {
    if (request.params.id === currentUser(request)._id) throw conflict('_id', `You cannot ${what} your own account here`);
  }

  app.get<{ Querystring: ListQuery }>(
    '/user',
    {
      config: { access: { anyPermission: ['manage-user', 'manage-role', 'manage-permission'] } },
      schema: { tags: ['users'], summary: 'User list: fields, orderBy, range/sort/filter; never a password', querystring: listQuerySchema },
    },
    (request, reply) => runList(db(), users, request.query, USER_LIST, reply, 'user'),
  );

  app.get(
    '/user/customAttributeNames',
    {
      config: { access: { permission: 'manage-user' } },
      schema: {
        tags: ['users'],
        summary: 'Every custom attribute name users hold, sorted: one column each on User management, whichever page is shown',
        response: { 200: { type: 'array', items: { type: 'string' } } },
      },
    },
    async () => {
      const result = (await db().execute(
        sql`select name from (select distinct jsonb_object_keys(${users.customAttributes}) as name from ${users}) keys order by lower(name), name`,
      )) as unknown as { rows: { name: string }[] };
      return result.rows.map((row) => row.name);
    },
  );

  app.post<{ Body: { username: string; name?: string; role?: string | null } }>(
    '/user',
    {
      config: { access: { permission: 'manage-user' } },
      schema: {
        tags: ['users'],
        summary: 'Add a user by username; the account has no usable password until one is reset',
        body: { type: 'object' },
        response: { 200: userRecordSchema, ...EXPLAINED_CONFLICT },
      },
    },
    async (request) => {
      const input = validateBody(newUserSchema, request.body);
      const username = input.username.trim();
      await usernameFree(username, null);
      if (input.role) await requireIds(db(), roles, [input.role], 'role', 'role');
      const created = await db().transaction(async (tx) => {
        const [row] = await tx
          .insert(users)
          .values({
            _id: newId(),
            username,
            name: input.name?.trim() || username,
            role: input.role ?? null,
            status: 'active',
            // Nobody knows this password: the administrator resets it to hand one out.
            passwordHash: await hashPassword(generatePassword(32)),
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        await recordAudit(tx, { entity: 'user', recordId: row._id, action: 'create', actor: currentUser(request), changes: diffRecords(null, toUserRecord(row)) });
        return row;
      });
      return toUserRecord(created);
    },
  );

  app.put<{ Params: { id: string } }>(
    '/user/updateByUserAdministration/:id',
    {
      config: { access: { permission: 'manage-user' } },
      schema: {
        tags: ['users'],
        summary: 'Update a user: role, status, direct permissions, custom attributes…; fields not sent keep their values',
        params: idParamsSchema,
        body: { type: 'object' },
        response: { 200: userRecordSchema, ...EXPLAINED_CONFLICT },
      },
    },
    async (request) => {
      const before = await existing(request);
      const sent = { ...(request.body as Record<string, unknown>) };
      for (const field of [...READ_ONLY_FIELDS, 'password']) delete sent[field];
      const current = Object.fromEntries(ADMIN_FIELDS.map((f) => [f, (before as unknown as Record<string, unknown>)[f]]));
      const input = validateBody(userAdministrationSchema, { ...current, ...sent });
      await usernameFree(input.username, before._id);
      await requireIds(db(), permissions, input.permissions, 'permissions', 'permission');
      if (input.role) await requireIds(db(), roles, [input.role], 'role', 'role');
      if (input.dashboardId) await requireIds(db(), dashboards, [input.dashboardId], 'dashboardId', 'dashboard');
      const deactivating = input.status === 'inactive' && before.status !== 'inactive';
      if (deactivating) notSelf(request, 'deactivate');
      const saved = await db().transaction(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({
            ...input,
            username: input.username.trim(),
            customAttributes: input.customAttributes as Record<string, string>,
            updatedAt: Date.now(),
            ...(deactivating ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
          })
          .where(eq(users._id, before._id))
          .returning();
        if (!row) throw notFound('User not found');
        await recordAudit(tx, { entity: 'user', recordId: row._id, action: 'update', actor: currentUser(request), changes: diffRecords(toUserRecord(before), toUserRecord(row)) });
        return row;
      });
      app.services.sessions.invalidate(saved._id);
      return toUserRecord(saved);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/user/:id/resetPassword',
    {
      config: { access: { permission: 'manage-user' } },
      schema: {
        tags: ['users'],
        summary: 'Give a user a new generated password (answered once); earlier tokens stop working',
        params: idParamsSchema,
        response: { 200: { type: 'object', properties: { password: { type: 'string' } } }, ...EXPLAINED_CONFLICT },
      },
    },
    async (request) => {
      const user = await existing(request);
      notSelf(request, 'reset the password of');
      const password = generatePassword();
      const passwordHash = await hashPassword(password);
      await db().transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: Date.now() }).where(eq(users._id, user._id));
        await recordAudit(tx, { entity: 'user', recordId: user._id, action: 'resetPassword', actor: currentUser(request), changes: [{ field: 'password', from: null, to: null }] });
      });
      app.services.sessions.invalidate(user._id);
      return { password };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/user/:id',
    {
      config: { access: { permission: 'manage-user' } },
      schema: { tags: ['users'], summary: 'Delete a user', params: idParamsSchema, response: EXPLAINED_CONFLICT },
    },
    async (request) => {
      const user = await existing(request);
      notSelf(request, 'delete');
      await db().transaction(async (tx) => {
        await tx.delete(users).where(eq(users._id, user._id));
        await recordAudit(tx, { entity: 'user', recordId: user._id, action: 'delete', actor: currentUser(request), changes: diffRecords(toUserRecord(user), null) });
      });
      app.services.sessions.invalidate(user._id);
      return { _id: user._id, message: 'User deleted' };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/user/:id/history',
    { config: { access: { permission: 'manage-user' } }, schema: { tags: ['users'], summary: 'Audit trail of one user, newest first', params: idParamsSchema } },
    (request) => auditHistory(db(), 'user', request.params.id),
  );
}
