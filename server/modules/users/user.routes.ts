import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProfileUpdate } from '../../../common/api';
import { badRequest, notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { MIN_PASSWORD_LENGTH, hashPassword } from '../../auth/passwords';
import { checkPassword } from '../session/session.service';
import { currentUser } from '../../auth/authPlugin';
import { userRecordSchema } from './user.schemas';
import { toUserRecord } from './user.views';

import { EMAIL_PATTERN } from '../../../common/fields/email';

interface UserParams {
  id: string;
}
interface UserQuery {
  fields?: string;
}

function requestedFields(fields: string | undefined): string[] {
  return (fields ?? '').split(',').map((f) => f.trim()).filter(Boolean);
}

/** Any signed-in user may read another user's name (DESIGN §4); the rest is theirs or an admin's. */
function readsOnlyNameOrSelf(request: FastifyRequest, user: { _id: string }): boolean {
  const { id } = request.params as UserParams;
  if (id === user._id) return true;
  const fields = requestedFields((request.query as UserQuery).fields);
  return fields.length > 0 && fields.every((f) => f === 'name' || f === '_id');
}

export async function userRoutes(app: FastifyInstance) {
  /** A new password of one's own: long enough, and only by someone who knows the current one. */
  async function checkPasswordChange(request: FastifyRequest, password: string, currentPassword: string | undefined) {
    if (password.length < MIN_PASSWORD_LENGTH) {
      throw badRequest('password', `password must be at least ${MIN_PASSWORD_LENGTH} characters`);
    }
    if (!currentPassword) throw badRequest('currentPassword', 'currentPassword is required to set a new password');
    const credentials = { username: currentUser(request).username, password: currentPassword, address: request.ip };
    await checkPassword(app.services, credentials, () => badRequest('currentPassword', 'currentPassword is not your current password'));
  }

  app.get<{ Params: UserParams; Querystring: UserQuery }>(
    '/user/:id',
    {
      config: {
        access: { permission: 'manage-user', orIf: readsOnlyNameOrSelf, orIfDescription: 'own record, or fields=name for any signed-in user' },
      },
      schema: {
        tags: ['users'],
        summary: 'One user; fields=name projects',
        params: idParamsSchema,
        querystring: { type: 'object', properties: { fields: { type: 'string', maxLength: 500 } } },
        response: { 200: userRecordSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const user = await app.services.users.findById(request.params.id);
      if (!user) throw notFound('User not found');
      const record = toUserRecord(user);
      const fields = requestedFields(request.query.fields);
      if (fields.length === 0) return record;
      return Object.fromEntries(
        Object.entries(record).filter(([key]) => key === '_id' || fields.includes(key)),
      );
    },
  );

  app.put<{ Params: UserParams; Body: ProfileUpdate }>(
    '/user/:id',
    {
      config: { access: { self: 'id' } },
      schema: {
        tags: ['users'],
        summary: 'Update one\'s own profile: email, and a new password if given (with the current one)',
        description:
          'A new password needs currentPassword (OWASP ASVS V2.1.6) and at least 10 characters; a wrong currentPassword answers 400 ' +
          '(never 401: the client would sign out) and counts against the login limits. A new password invalidates earlier tokens; ' +
          'a fresh token comes back in the x-auth response header.',
        params: idParamsSchema,
        body: {
          type: 'object',
          required: ['email'],
          additionalProperties: false,
          properties: {
            email: { type: 'string', maxLength: 320 },
            password: { type: 'string', maxLength: 1024 },
            currentPassword: { type: 'string', maxLength: 1024 },
          },
        },
        response: { 200: userRecordSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      if (email && !EMAIL_PATTERN.test(email)) throw badRequest('email', 'email is not a valid email address');
      const { password, currentPassword } = request.body;
      if (password) await checkPasswordChange(request, password, currentPassword);
      const passwordHash = password ? await hashPassword(password) : undefined;
      const saved = await app.services.users.updateProfile(currentUser(request)._id, { email, passwordHash });
      if (!saved) throw notFound('User not found');
      if (passwordHash) {
        reply.header('x-auth', await app.services.tokens.sign({ sub: saved._id, tv: saved.tokenVersion }));
      }
      return toUserRecord(saved);
    },
  );
}
