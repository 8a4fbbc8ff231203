import type { AuthUser } from '../../../server/auth/access';
import type { SessionUser } from '../../../common/api';
import type { TestApp } from '../helpers/testApp';

/** The AuthUser a route would see for a demo user, read through GET /token/init. */
export async function authUserOf(t: TestApp, username: string): Promise<AuthUser> {
  const response = await t.request({ as: username, method: 'GET', url: '/api/token/init' });
  if (response.statusCode !== 200) throw new Error(`token/init ${username}: ${response.statusCode}`);
  const me = response.json() as SessionUser;
  return { _id: me._id, name: me.name, username: me.username, roleName: me.roleName, permissions: new Set(me.permissions) };
}
