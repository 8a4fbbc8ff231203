import type { FastifyInstance } from 'fastify';
import { isActive } from '../../common/session';
import type { AuthUser } from './access';
import { toAuthUser } from '../modules/users/user.views';
import type { UserWithGrants } from '../modules/users/user.repository';
import { derivedOnce } from './derivedOnce';

/** Shared by every request of the same loaded user: frozen, and its permissions a ReadonlySet. */
const authUserOf = derivedOnce((user: UserWithGrants) => Object.freeze(toAuthUser(user)));

/**
 * The user a token signs in, or null: a bad or expired signature, an unknown or inactive user, or a
 * token issued before the user's token version moved on (password change, deactivation). The same
 * rule as the HTTP `x-auth` check, for callers that are not Fastify requests (sockets).
 */
export async function userOfToken(app: FastifyInstance, token: unknown): Promise<AuthUser | null> {
  if (typeof token !== 'string' || token === '') return null;
  const claims = await app.services.tokens.verify(token);
  if (!claims) return null;
  const user = await app.services.sessions.get(claims.sub);
  if (!user || user.tokenVersion !== claims.tv || !isActive(user.status)) return null;
  return authUserOf(user);
}
