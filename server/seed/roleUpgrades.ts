import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { roles, serverSecrets } from '../db/schema';
import { ROLE_NAMES, type PermissionName, type RoleName } from '../../common/permissions';

/**
 * Permissions a later version gives a seeded role that already exists (DESIGN §4): added on the
 * first start of that version, recorded in a ledger, and never added again — an administrator who
 * took one away keeps it away. A fresh database gets them with the role itself.
 */
export const LATER_ROLE_GRANTS: readonly { role: RoleName; permission: PermissionName }[] = [
  // Issue 19: recording notes got its own permission (POST /thermographyNote).
  { role: ROLE_NAMES.thermographyTechnician, permission: 'create-thermography-note' },
  // Issue 42: engineers keep the stores' spare parts and their vendors.
  { role: ROLE_NAMES.engineer, permission: 'manage-vendor' },
  { role: ROLE_NAMES.engineer, permission: 'manage-sparepart' },
];

/** The area permissions decide a user's home screen (DESIGN §4): never added to the superuser by itself. */
const isAreaPermission = (name: string) => name.startsWith('view-');

const ledgerKey = (grant: { role: string; permission: string }) => `granted-role-permission:${grant.role}:${grant.permission}`;

async function addPermission(db: Database, roleName: string, permissionId: string) {
  await db
    .update(roles)
    .set({ permissions: sql`array_append(${roles.permissions}, ${permissionId})`, updatedAt: Date.now() })
    .where(and(eq(roles.name, roleName), sql`not (${permissionId} = any(${roles.permissions}))`));
}

/**
 * DESIGN §4: ROLE_SUPERUSER holds every permission the code defines but the view-* area ones, on
 * every start — those a new version adds too — so an upgrade never locks the administrator out of
 * a new screen. Only adds: what the role holds beyond that is left as it is.
 */
async function grantSuperuserEveryPermission(db: Database, permissionIds: ReadonlyMap<string, string>): Promise<void> {
  const [superuser] = await db.select({ permissions: roles.permissions }).from(roles).where(eq(roles.name, ROLE_NAMES.superuser));
  if (!superuser) return;
  const held = new Set(superuser.permissions);
  const missing = [...permissionIds].filter(([name, id]) => !isAreaPermission(name) && !held.has(id)).map(([, id]) => id);
  if (missing.length === 0) return;
  await db
    .update(roles)
    .set({ permissions: [...superuser.permissions, ...missing], updatedAt: Date.now() })
    .where(eq(roles.name, ROLE_NAMES.superuser));
}

/** Runs after the roles exist: the superuser's full set, and each later grant once. */
export async function applyRoleUpgrades(db: Database, permissionIds: ReadonlyMap<string, string>): Promise<void> {
  await grantSuperuserEveryPermission(db, permissionIds);
  for (const grant of LATER_ROLE_GRANTS) {
    const id = permissionIds.get(grant.permission);
    if (!id) continue;
    const [claimed] = await db.insert(serverSecrets).values({ key: ledgerKey(grant), value: String(Date.now()) }).onConflictDoNothing().returning();
    if (claimed) await addPermission(db, grant.role, id);
  }
}
