import type { FastifyInstance } from 'fastify';
import { isActive } from '../../common/session';
import type { AuthUser } from './access';
import type { VerifiedClaims } from './tokens';
import { toAuthUser } from '../modules/users/user.views';
import type { UserWithGrants } from '../modules/users/user.repository';
import { derivedOnce } from './derivedOnce';

/** Shared by every request of the same loaded user: frozen, and its permissions a ReadonlySet. */
const authUserOf = derivedOnce((user: UserWithGrants) => Object.freeze(toAuthUser(user)));

/** The rule itself: the token's user exists, is active, and still has the token's version. */
function signedIn(claims: VerifiedClaims, user: UserWithGrants | null): AuthUser | null {
  if (!user || user.tokenVersion !== claims.tv || !isActive(user.status)) return null;
  return authUserOf(user);
}

/**
 * The user a token signs in, or null: a bad or expired signature, an unknown or inactive user, or a
 * token issued before the user's token version moved on (password change, deactivation). The same
 * rule as the HTTP `x-auth` check, for callers that are not Fastify requests (sockets).
 */
export async function userOfToken(app: FastifyInstance, token: unknown): Promise<AuthUser | null> {
  if (typeof token !== 'string' || token === '') return null;
  const claims = await app.services.tokens.verify(token);
  if (!claims) return null;
  return signedIn(claims, await app.services.sessions.get(claims.sub));
}

/**
 * userOfToken's answer when it needs no wait — the token was verified before and its user is in
 * the session cache, the case of nearly every request — else undefined. Checking a token is on
 * every API call's path: the promises of the general path are a measurable share of a small answer.
 */
export function userOfTokenNow(app: FastifyInstance, token: string): AuthUser | null | undefined {
  const claims = app.services.tokens.verifiedBefore(token);
  if (!claims) return undefined;
  const user = app.services.sessions.peek(claims.sub);
  return user === undefined ? undefined : signedIn(claims, user);
}
