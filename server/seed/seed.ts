import { eq, inArray, sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { newId } from '../db/ids';
import { alertLevels, configEntries, permissions, roles, users } from '../db/schema';
import { DEFAULT_ALERT_LEVELS } from './alertLevels';
import { ensureDemoCatalogue } from './demoCatalogue';
import { ensureDemoDashboards } from './demoDashboards';
import { ensureDemoHistory } from './demoHistory';
import { ensureDemoJobs } from './demoJobs';
import { ensureDemoReports } from './demoReports';
import { ensureDemoTables, ensureLaterDemoTables } from './demoTables';
import { ensureCalendarConfig, ensureDemoCalendarEntries } from './demoCalendar';
import { ALL_PERMISSIONS, ROLE_NAMES, type RoleName } from '../../common/permissions';
import { hashPassword } from '../auth/passwords';
import { DEFAULT_ROLE_PERMISSIONS } from './defaultRoles';
import { applyRoleUpgrades } from './roleUpgrades';
import { THERMOGRAPHY_CONFIG_ENTRIES } from '../modules/thermography/thermographyConfig';
import { ensureDemoThermography } from './demoThermography';
import { DEMO_CONFIG_ENTRIES, DEMO_USERS } from './demoUsers';
import { workOrderConfigEntries } from '../modules/workOrders/workOrderSettings';
import { KPI_CONFIG_ENTRIES } from '../modules/kpis/kpiScope';
import { ensureDemoWorkOrders } from './demoWorkOrders';
import { ensureDemoStores } from './demoStores';
import { ensureDemoMonitoring } from './demoMonitoring';
import { ensureDemoWorkAccounting } from './demoWorkAccounting';

export class SeedError extends Error {}

/**
 * System data on every start (every permission string, the seeded roles, the alert levels); demo
 * users, config and the demo catalogue (attributes, checklists, assets) only on the embedded
 * default; a production start adds just the superuser (DESIGN §4).
 * Idempotent: existing records are left as administrators made them.
 */
export async function seedDatabase(
  db: Database,
  config: Pick<AppConfig, 'seed' | 'demoPassword' | 'adminPassword'>,
  permissionNames: readonly string[] = ALL_PERMISSIONS,
  /** The config entries of declared fields whose options administrators keep (server/fields/configuredChoices.ts). */
  choiceEntries: readonly { key: string; description: string; value: string }[] = [],
): Promise<void> {
  const permissionIds = await ensurePermissions(db, permissionNames);
  const roleIds = await ensureRoles(db, permissionIds);
  await applyRoleUpgrades(db, permissionIds);
  if (choiceEntries.length > 0) await db.insert(configEntries).values(choiceEntries.map((entry) => ({ _id: newId(), ...entry }))).onConflictDoNothing();
  await db.insert(alertLevels).values(DEFAULT_ALERT_LEVELS.map((level) => ({ _id: newId(), ...level }))).onConflictDoNothing();
  // System config of thermography (severity → alert level, the info PDF's address), production too.
  await db.insert(configEntries).values(THERMOGRAPHY_CONFIG_ENTRIES.map((e) => ({ _id: newId(), ...e }))).onConflictDoNothing();
  // Work order lists and the alert → order rule (docs/work-orders.md); the rule is on for the demo only.
  await db.insert(configEntries).values(workOrderConfigEntries(config.seed === 'demo').map((e) => ({ _id: newId(), ...e }))).onConflictDoNothing();
  await db.insert(configEntries).values(KPI_CONFIG_ENTRIES.map((e) => ({ _id: newId(), ...e }))).onConflictDoNothing();
  if (config.seed === 'demo') {
    await ensureDemoUsers(db, roleIds, config.demoPassword);
    await db.insert(configEntries).values(DEMO_CONFIG_ENTRIES.map((e) => ({ _id: newId(), ...e }))).onConflictDoNothing();
    // After the alert levels: checklist thresholds name them.
    await ensureDemoCatalogue(db);
    // 90 days of inspections, alerts and schedules on that catalogue, once, while there are none.
    await ensureDemoHistory(db);
    // After the history: the hourly job that raises alerts for overdue inspection schedules.
    await ensureDemoJobs(db);
    await ensureDemoReports(db);
    // After the reports: the report table lists them.
    await ensureDemoTables(db);
    await ensureLaterDemoTables(db);
    // After the tables: widgets open them.
    await ensureDemoDashboards(db);
    // Notes in every status on the catalogue's electrical assets, their pictures read from the fixtures.
    await ensureDemoThermography(db);
    // After the history and thermography: orders over the demo period, some for their alerts.
    await ensureDemoWorkOrders(db);
    // Vendors and the spare parts the catalogue's assets use (docs/spare-parts.md).
    await ensureDemoStores(db);
    // Sensors on a chiller and a pump, with a month of readings (docs/monitoring.md).
    await ensureDemoMonitoring(db);
    // After the orders, the stores and the meters: labour, parts, downtime and acknowledgements for the KPIs (docs/kpis.md).
    await ensureDemoWorkAccounting(db);
    // The calendar's config for the demo plant, and entries over the demo period (issue 17).
    await ensureCalendarConfig(db, true);
    await ensureDemoCalendarEntries(db);
  } else {
    await ensureSuperuser(db, roleIds, config.adminPassword);
    await ensureCalendarConfig(db, false);
  }
}

/** Every permission the code defines (registry.ts `knownPermissions`), once. */
async function ensurePermissions(db: Database, names: readonly string[]): Promise<Map<string, string>> {
  await db.insert(permissions).values(names.map((name) => ({ _id: newId(), name }))).onConflictDoNothing();
  const rows = await db.select().from(permissions).where(inArray(permissions.name, [...names]));
  return new Map(rows.map((row) => [row.name, row._id]));
}

async function ensureRoles(db: Database, permissionIds: Map<string, string>): Promise<Map<RoleName, string>> {
  const names = Object.values(ROLE_NAMES);
  await db
    .insert(roles)
    .values(
      names.map((name) => ({
        _id: newId(),
        name,
        permissions: DEFAULT_ROLE_PERMISSIONS[name].map((p) => permissionIds.get(p)).filter((id): id is string => Boolean(id)),
      })),
    )
    .onConflictDoNothing();
  const rows = await db.select({ _id: roles._id, name: roles.name }).from(roles).where(inArray(roles.name, names));
  return new Map(rows.map((row) => [row.name as RoleName, row._id]));
}

async function ensureDemoUsers(db: Database, roleIds: Map<RoleName, string>, password: string) {
  const existing = await db.select({ username: users.username }).from(users);
  const taken = new Set(existing.map((u) => u.username.toLowerCase()));
  const missing = DEMO_USERS.filter((u) => !taken.has(u.username));
  if (missing.length === 0) return;
  const rows = await Promise.all(
    missing.map(async (user) => ({
      _id: newId(),
      username: user.username,
      name: user.name,
      email: user.email,
      role: roleIds.get(user.role) ?? null,
      status: 'active',
      banner: user.banner ?? null,
      passwordHash: await hashPassword(password),
    })),
  );
  await db.insert(users).values(rows).onConflictDoNothing();
}

async function ensureSuperuser(db: Database, roleIds: Map<RoleName, string>, adminPassword: string | null) {
  const superuserRole = roleIds.get(ROLE_NAMES.superuser);
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.role, superuserRole ?? ''));
  if (count > 0) return;
  if (!adminPassword) {
    throw new SeedError('ADMIN_PASSWORD must be set: a production start creates the superuser "admin" with it');
  }
  await db
    .insert(users)
    .values({ _id: newId(), username: 'admin', name: 'Administrator', role: superuserRole ?? null, status: 'active', passwordHash: await hashPassword(adminPassword) })
    .onConflictDoNothing();
}
