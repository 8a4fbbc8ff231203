import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** Epoch milliseconds, as every time in the API (DESIGN §3). */
const epochMs = (name: string) => bigint(name, { mode: 'number' });
const nowMs = sql`(extract(epoch from now()) * 1000)::bigint`;

const timestamps = {
  createdAt: epochMs('created_at').notNull().default(nowMs),
  updatedAt: epochMs('updated_at').notNull().default(nowMs),
};

export const permissions = pgTable('permissions', {
  _id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  ...timestamps,
});

export interface RoleTable {
  table: string;
  default: boolean;
}

export const roles = pgTable('roles', {
  _id: text('id').primaryKey(),
  name: text('name').notNull().unique(),
  dashboard: text('dashboard'),
  /** Permission ids (spec §3). */
  permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
  tables: jsonb('tables').$type<RoleTable[]>().notNull().default(sql`'[]'::jsonb`),
  ...timestamps,
});

export interface BannerValue {
  color: string;
  message: string;
}

export const users = pgTable(
  'users',
  {
    _id: text('id').primaryKey(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role'),
    /** Null is shown and treated as active (spec §3). */
    status: text('status'),
    /** Direct permission ids (spec §3). */
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    moduleWhitelist: text('module_whitelist').array().notNull().default(sql`'{}'::text[]`),
    dashboardId: text('dashboard_id'),
    banner: jsonb('banner').$type<BannerValue | null>(),
    customAttributes: jsonb('custom_attributes').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    /** Bumped on a password change or deactivation; tokens carry it, so older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('users_username_lower_idx').on(sql`lower(${table.username})`),
    index('users_role_idx').on(table.role),
  ],
);

export const configEntries = pgTable('config_entries', {
  _id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  description: text('description').notNull().default(''),
  value: text('value').notNull().default(''),
  ...timestamps,
});

/** Values the server keeps for itself (e.g. the generated JWT secret); never served. */
export const serverSecrets = pgTable('server_secrets', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Failed sign-in attempts per key (username or client address) in fixed windows. */
export const loginAttempts = pgTable('login_attempts', {
  key: text('key').primaryKey(),
  windowStart: epochMs('window_start').notNull(),
  failures: integer('failures').notNull().default(0),
});
