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
  { role: ROLE_NAMES.superuser, permission: 'create-thermography-note' },
];

const ledgerKey = (grant: { role: string; permission: string }) => `granted-role-permission:${grant.role}:${grant.permission}`;

async function addPermission(db: Database, roleName: string, permissionId: string) {
  await db
    .update(roles)
    .set({ permissions: sql`array_append(${roles.permissions}, ${permissionId})`, updatedAt: Date.now() })
    .where(and(eq(roles.name, roleName), sql`not (${permissionId} = any(${roles.permissions}))`));
}

/** Runs after the roles exist: each later grant once. */
export async function applyRoleUpgrades(db: Database, permissionIds: ReadonlyMap<string, string>): Promise<void> {
  for (const grant of LATER_ROLE_GRANTS) {
    const id = permissionIds.get(grant.permission);
    if (!id) continue;
    const [claimed] = await db.insert(serverSecrets).values({ key: ledgerKey(grant), value: String(Date.now()) }).onConflictDoNothing().returning();
    if (claimed) await addPermission(db, grant.role, id);
  }
}
