import type { FastifyInstance, FastifyReply } from 'fastify';
import type { LoginRequest, LoginResponse } from '../../../common/api';
import { badRequest, unauthorized } from '../../http/errors';
import { errorSchema } from '../../http/schemas';
import { currentUser } from '../../auth/authPlugin';
import { derivedOnce } from '../../auth/derivedOnce';
import type { UserWithGrants } from '../users/user.repository';
import { sessionUserSchema } from '../users/user.schemas';
import { toSessionUser } from '../users/user.views';
import { login } from './session.service';

const loginBodySchema = {
  type: 'object',
  required: ['username', 'password'],
  additionalProperties: false,
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 200 },
    password: { type: 'string', minLength: 1, maxLength: 1024 },
  },
} as const;

/**
 * The largest login body a person can send: the longest username and password, every character
 * written as a JSON \u escape (6 bytes), and the keys. The login is the one body anyone may send
 * without a token, so it is refused by its length before it is read — a flood of 1 MB bodies costs
 * the server no parsing (issue 39 §1).
 */
export const LOGIN_BODY_MAX_BYTES = 8 * 1024;

/** What Fastify itself sets on a serialised JSON answer. */
const JSON_TYPE = 'application/json; charset=utf-8';

export async function sessionRoutes(app: FastifyInstance) {
  // The init answer is asked for on every page load and every reconnect: serialised once per
  // loaded user (through the route's own response schema), not once per request.
  const initAnswerOf = derivedOnce((user: UserWithGrants, reply: FastifyReply) => reply.serialize(toSessionUser(user)) as string);

  app.post<{ Body: LoginRequest }>(
    '/token/login',
    {
      config: { access: { public: true } },
      bodyLimit: LOGIN_BODY_MAX_BYTES,
      schema: {
        tags: ['session'],
        summary: 'Sign in with username and password; answers a JWT for the x-auth header',
        body: loginBodySchema,
        response: {
          200: { type: 'object', properties: { token: { type: 'string' } } },
          400: errorSchema,
          401: errorSchema,
          413: errorSchema,
          429: errorSchema,
        },
      },
    },
    async (request): Promise<LoginResponse> => {
      const username = request.body.username.trim();
      if (!username) throw badRequest('username', 'username is required');
      if (!request.body.password.trim()) throw badRequest('password', 'password is required');
      const token = await login(app.services, username, request.body.password, request.ip);
      return { token };
    },
  );

  app.get(
    '/token/init',
    {
      config: { access: { signedIn: true } },
      schema: {
        tags: ['session'],
        summary: 'The signed-in user with permission strings (role ∪ direct)',
        response: { 200: sessionUserSchema, 401: errorSchema },
      },
    },
    async (request, reply) => {
      const id = currentUser(request)._id;
      // The token check has just read the same cache: no wait in the common case.
      const user = app.services.sessions.peek(id) ?? (await app.services.sessions.get(id));
      if (!user) throw unauthorized();
      return reply.type(JSON_TYPE).send(initAnswerOf(user, reply));
    },
  );
}
