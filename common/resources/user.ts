import * as yup from 'yup';
import { colourProblem, isCssColor } from '../cssColor';
import { emailAddress } from './fields';
import { idList, idString, nonBlank, strictObject } from './schemaParts';

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
}

export const MODULES = ['technician', 'engineer', 'onsite', 'administration'] as const;

/** POST /user: the username from the Add User prompt (spec §5: non-blank). */
export const newUserSchema = strictObject({
  username: nonBlank('username'),
  name: yup.string().max(200),
  role: idString().nullable(),
});

export const userAdministrationSchema = strictObject({
  name: yup.string().max(200).default(''),
  email: emailAddress(),
  username: nonBlank('username'),
  role: idString().nullable().default(null),
  status: yup.string().oneOf([...USER_STATUSES]).nullable().default(null),
  permissions: idList(),
  moduleWhitelist: yup.array(yup.string().oneOf([...MODULES]).required()).default([]),
  dashboardId: idString().nullable().default(null),
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
  customAttributes: yup
    .object()
    .default({})
    .test('names', 'customAttributes names must not be blank', (map) => Object.keys(map ?? {}).every((key) => key.trim().length > 0))
    .test('values', 'customAttributes values must be text', (map) => Object.values(map ?? {}).every((value) => typeof value === 'string')),
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
