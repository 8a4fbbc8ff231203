import * as yup from 'yup';
import { colourProblem, isCssColor } from '../cssColor';
import { described, field } from '../fields';
import { hasControlOrBidi, idString, nonBlank, strictObject } from './schemaParts';

export const USER_STATUSES = ['active', 'inactive'] as const;

/** A user as administration sees it (no password, ever). */
export interface UserRecord {
  _id: string;
  name: string;
  email: string;
  username: string;
  role: string | null;
  status: string | null;
  permissions: string[];
  moduleWhitelist: string[];
  dashboardId: string | null;
  banner: { color: string; message: string } | null;
  customAttributes: Record<string, string>;
  /** What an hour of their work costs (DESIGN §18); null: not set. */
  hourlyRate: number | null;
}

export const MODULES = ['technician', 'engineer', 'onsite', 'administration'] as const;

/**
 * The names every plain JavaScript object answers to (__proto__, constructor, toString…), in lower
 * case: a username read as one of them could reach into an object keyed by usernames.
 */
const OBJECT_MEMBER_NAMES: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype).map((name) => name.toLowerCase()));

/**
 * A username (docs/administration.md): non-blank once trimmed (it is stored trimmed), one line
 * without control characters or bidirectional marks (a name must read as it is stored), and not
 * the name of an Object.prototype member, in any letter case (usernames ignore case).
 */
const username = () =>
  nonBlank('username')
    .test('plain-text', 'username must not hold control characters (line breaks, tabs…) or bidirectional marks', (value) => typeof value !== 'string' || !hasControlOrBidi(value))
    .test(
      'not-reserved',
      'username must not be __proto__, constructor or another name every JavaScript object has',
      (value) => typeof value !== 'string' || !OBJECT_MEMBER_NAMES.has(value.trim().toLowerCase()),
    );

/** POST /user: the username from the Add User prompt (spec §5: non-blank); without a name, the username is the name. */
export const newUserSchema = strictObject({
  username: described(username(), { label: 'Username', kind: 'text' }),
  name: yup
    .string()
    .test('non-blank', 'name must not be blank', (value) => value === undefined || value.trim().length > 0)
    .max(200),
  role: idString().nullable(),
});

export const userAdministrationSchema = strictObject({
  // The display name every list and work order shows: never blank.
  name: field.name(),
  email: field.email(),
  username: described(username(), { label: 'Username', kind: 'text' }),
  // References (field modules): what the user's history names by the referenced record's name.
  role: field.reference('Role', 'role'),
  status: yup.string().oneOf([...USER_STATUSES]).nullable().default(null),
  permissions: field.references('Direct permissions', 'permission'),
  moduleWhitelist: field.multiChoice('Module whitelist', MODULES, { labels: { technician: 'Technician', engineer: 'Engineer', onsite: 'On-site', administration: 'Administration' } }),
  dashboardId: field.reference('Dashboard', 'dashboard'),
  // DESIGN §18: labour cost = hours × this rate, kept on each labour entry as it is recorded.
  hourlyRate: field.money('Hourly rate'),
  banner: strictObject({
    // Blank is no colour; anything else is drawn as CSS (DESIGN §7), so it must be a colour and only that.
    color: yup
      .string()
      .default('')
      .test('css-colour', colourProblem('banner.color'), (value) => !value || isCssColor(value)),
    message: yup.string().max(20_000).default(''),
  })
    .nullable()
    .default(null),
  customAttributes: field.namedValues('Custom attributes', { item: 'custom attribute' }),
});

/** Spec §3: a missing status is shown as active. */
export function shownStatus(status: string | null | undefined): string {
  return status || 'active';
}

/** Spec §6: direct permission choices exclude those the role already gives. */
export function directPermissionChoices<T extends { _id: string }>(all: readonly T[], rolePermissionIds: readonly string[]): T[] {
  const given = new Set(rolePermissionIds);
  return all.filter((permission) => !given.has(permission._id));
}
