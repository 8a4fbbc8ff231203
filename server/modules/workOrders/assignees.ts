import { inArray, or, sql } from 'drizzle-orm';
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
export const HOLDS_ORDERS = 'update-workorder';

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

/** `usersById` and `usersByUsername` at once, in one statement. */
export async function usersByIdOrUsername(db: Database, ids: readonly string[], usernames: readonly string[]) {
  const wantedIds = [...new Set(ids)];
  const wantedNames = [...new Set(usernames.map((name) => name.toLowerCase()))];
  const conditions = [
    ...(wantedIds.length > 0 ? [inArray(users._id, wantedIds)] : []),
    ...(wantedNames.length > 0 ? [inArray(sql`lower(${users.username})`, wantedNames)] : []),
  ];
  const found = conditions.length === 0 ? [] : await usersWithGrants(db, or(...conditions));
  return {
    byId: new Map(found.filter((user) => wantedIds.includes(user._id)).map((user) => [user._id, user])),
    byUsername: new Map(found.filter((user) => wantedNames.includes(user.username.toLowerCase())).map((user) => [user.username.toLowerCase(), user])),
  };
}
