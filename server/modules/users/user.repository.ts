import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

export type UserRow = typeof users.$inferSelect;

/** A user with what a session needs: the role's name and the names of role and direct permissions. */
export interface UserWithGrants extends UserRow {
  roleName: string | null;
  rolePermissionNames: string[];
  directPermissionNames: string[];
  /** The role's dashboard: what the user sees unless their own dashboardId says otherwise. */
  roleDashboard: string | null;
}

const grantsColumns = {
  roleName: sql<string | null>`(select r.name from roles r where r.id = ${users.role})`,
  rolePermissionNames: sql<string[]>`coalesce((select array_agg(p.name) from roles r join permissions p on p.id = any(r.permissions) where r.id = ${users.role}), '{}')`,
  directPermissionNames: sql<string[]>`coalesce((select array_agg(p.name) from permissions p where p.id = any(${users.permissions})), '{}')`,
  roleDashboard: sql<string | null>`(select r.dashboard from roles r where r.id = ${users.role})`,
};

/**
 * Users matching `where` (every user without one) with their grants, for code that weighs what
 * several users may do — e.g. who may be given a work order — without a session for each.
 */
export async function usersWithGrants(db: Database, where?: SQL): Promise<UserWithGrants[]> {
  const rows = await db.select({ user: users, ...grantsColumns }).from(users).where(where);
  return rows.map((row) => ({ ...row.user, roleName: row.roleName, rolePermissionNames: row.rolePermissionNames, directPermissionNames: row.directPermissionNames, roleDashboard: row.roleDashboard }));
}

/** Which users' cached sessions a write made stale (one id, or everybody). */
export type UsersChanged = (id?: string) => void;

export function createUserRepository(db: Database, changed: UsersChanged) {
  return {
    async findWithGrants(id: string): Promise<UserWithGrants | null> {
      const [user] = await usersWithGrants(db, eq(users._id, id));
      return user ?? null;
    },

    async findByUsername(username: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`);
      return row ?? null;
    },

    async findById(id: string): Promise<UserRow | null> {
      const [row] = await db.select().from(users).where(eq(users._id, id));
      return row ?? null;
    },

    /** Saves a profile change; a new password also bumps the token version (earlier tokens stop working). */
    async updateProfile(id: string, change: { email: string; passwordHash?: string }): Promise<UserRow | null> {
      const [row] = await db
        .update(users)
        .set({
          email: change.email,
          updatedAt: Date.now(),
          ...(change.passwordHash
            ? { passwordHash: change.passwordHash, tokenVersion: sql`${users.tokenVersion} + 1` }
            : {}),
        })
        .where(eq(users._id, id))
        .returning();
      changed(id);
      return row ?? null;
    },

    /** Saves administration changes to a user (status, role, direct permissions, whitelist…). */
    async update(id: string, patch: Partial<Omit<UserRow, '_id' | 'createdAt'>>): Promise<UserRow | null> {
      const [row] = await db.update(users).set({ ...patch, updatedAt: Date.now() }).where(eq(users._id, id)).returning();
      changed(id);
      return row ?? null;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
