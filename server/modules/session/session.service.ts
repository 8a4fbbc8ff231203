import { isActive } from '../../../common/session';
import { HttpError } from '../../http/errors';
import { verifyPassword } from '../../auth/passwords';
import type { Services } from '../../services';

export const LOGIN_MESSAGES = {
  invalid: 'Invalid username or password',
  inactive: 'This account is inactive',
  tooMany: 'Too many failed sign-in attempts, try again later',
} as const;

/**
 * Checks the credentials and answers a token; failures never tell which part was wrong. The
 * attempt is counted before the password is looked at (server/auth/loginRateLimit.ts), so no
 * burst, however concurrent, gets more passwords checked than the limits allow.
 */
export async function login(services: Services, username: string, password: string, address: string): Promise<string> {
  const { loginRateLimit, users, tokens } = services;
  const attempt = await loginRateLimit.reserve(username, address);
  if (!attempt.mayVerify) throw new HttpError(429, LOGIN_MESSAGES.tooMany);
  const user = await users.findByUsername(username);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? null, password);
  if (!user || !passwordMatches) {
    await attempt.failed();
    throw attempt.addressOverLimit ? new HttpError(429, LOGIN_MESSAGES.tooMany) : new HttpError(401, LOGIN_MESSAGES.invalid);
  }
  await attempt.succeeded();
  if (!isActive(user.status)) throw new HttpError(401, LOGIN_MESSAGES.inactive);
  return tokens.sign({ sub: user._id, tv: user.tokenVersion });
}
