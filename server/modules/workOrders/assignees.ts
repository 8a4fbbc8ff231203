import { inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { isActive } from '../../../common/session';
import type { NamedRef } from '../../../common/resources/workOrder';
import { permissionNamesOf } from '../users/user.views';
import { usersWithGrants, type UserWithGrants } from '../users/user.repository';

/**
 * Who may be given a work order (docs/work-orders.md): an active user holding update-workorder —
 * someone who can open it, change its status and record activity. Weighed with the user's
 * effective permissions (role ∪ direct, narrowed by the module whitelist), as a session would be.
 */
const HOLDS_ORDERS = 'update-workorder';

export const canHoldOrders = (user: UserWithGrants): boolean => isActive(user.status) && permissionNamesOf(user).includes(HOLDS_ORDERS);

export const displayName = (user: { name: string; username: string }): string => user.name || user.username;

/** Every user an order may be assigned to, by name (GET /workOrder/config `users`). */
export async function assignableUsers(db: Database): Promise<NamedRef[]> {
  const all = await usersWithGrants(db);
  return all
    .filter(canHoldOrders)
    .map((user) => ({ _id: user._id, name: displayName(user) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a._id.localeCompare(b._id));
}

/** The users with these ids, by id, with what they may do. */
export async function usersById(db: Database, ids: readonly string[]): Promise<Map<string, UserWithGrants>> {
  if (ids.length === 0) return new Map();
  const found = await usersWithGrants(db, inArray(users._id, [...new Set(ids)]));
  return new Map(found.map((user) => [user._id, user]));
}

/** The users with these usernames (compared ignoring case, as sign-in does), by lower-case username. */
export async function usersByUsername(db: Database, usernames: readonly string[]): Promise<Map<string, UserWithGrants>> {
  const wanted = [...new Set(usernames.map((name) => name.toLowerCase()))];
  if (wanted.length === 0) return new Map();
  const where: SQL = inArray(sql`lower(${users.username})`, wanted);
  const found = await usersWithGrants(db, where);
  return new Map(found.map((user) => [user.username.toLowerCase(), user]));
}
