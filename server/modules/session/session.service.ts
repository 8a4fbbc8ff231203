import { isActive } from '../../../common/session';
import { HttpError } from '../../http/errors';
import { verifyPassword } from '../../auth/passwords';
import type { Services } from '../../services';
import type { UserRow } from '../users/user.repository';

export const LOGIN_MESSAGES = {
  invalid: 'Invalid username or password',
  inactive: 'This account is inactive',
  tooMany: 'Too many failed sign-in attempts, try again later',
} as const;

/**
 * Checks a username's password behind the login limits (server/auth/loginRateLimit.ts): the
 * attempt is counted before the password is looked at, so no burst, however concurrent, gets
 * more passwords checked than the limits allow. Sign-in and a password change both come here,
 * so guessing through either counts against the same limits.
 * @param wrongPassword the error for an unknown username or a wrong password.
 */
export async function checkPassword(
  services: Services,
  credentials: { username: string; password: string; address: string },
  wrongPassword: () => HttpError,
): Promise<UserRow> {
  const { loginRateLimit, users } = services;
  const attempt = await loginRateLimit.reserve(credentials.username, credentials.address);
  if (!attempt.mayVerify) throw new HttpError(429, LOGIN_MESSAGES.tooMany);
  const user = await users.findByUsername(credentials.username);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? null, credentials.password);
  if (!user || !passwordMatches) {
    await attempt.failed();
    throw attempt.addressOverLimit ? new HttpError(429, LOGIN_MESSAGES.tooMany) : wrongPassword();
  }
  await attempt.succeeded();
  return user;
}

/** Checks the credentials and answers a token; failures never tell which part was wrong. */
export async function login(services: Services, username: string, password: string, address: string): Promise<string> {
  const user = await checkPassword(services, { username, password, address }, () => new HttpError(401, LOGIN_MESSAGES.invalid));
  if (!isActive(user.status)) throw new HttpError(401, LOGIN_MESSAGES.inactive);
  return services.tokens.sign({ sub: user._id, tv: user.tokenVersion });
}
