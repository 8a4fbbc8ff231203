import type { FastifyRequest } from 'fastify';
import type { CheckedPermission } from '../../common/permissions';

/** The signed-in user as every route sees it. */
export interface AuthUser {
  _id: string;
  name: string;
  username: string;
  roleName: string | null;
  permissions: ReadonlySet<string>;
}

/**
 * What a route needs, declared next to its definition (DESIGN §4). Every /api route must carry
 * one; the app refuses to start otherwise, and tests walk every route × demo role against it.
 * - public: anyone, no token; `note` says what guards it instead, if anything (GET /metrics).
 * - signedIn: any valid token.
 * - self: a signed-in user whose id is the route parameter named.
 * - permission: the permission, or `orIf` holds for this request (e.g. reading only a name).
 * - anyPermission: one of these (a list several admin screens read, e.g. roles for Users and Roles).
 */
export type Access =
  | { public: true; note?: string }
  | { signedIn: true }
  | { self: string }
  | { permission: CheckedPermission; orIf?: (request: FastifyRequest, user: AuthUser) => boolean; orIfDescription?: string }
  | { anyPermission: readonly CheckedPermission[] };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

export function needsToken(access: Access): boolean {
  return !('public' in access);
}

/** Whether a signed-in user passes the route's declaration for this request. */
export function isAllowed(access: Access, user: AuthUser, request: FastifyRequest): boolean {
  if ('public' in access || 'signedIn' in access) return true;
  if ('self' in access) return paramOf(request, access.self) === user._id;
  if ('anyPermission' in access) return access.anyPermission.some((p) => user.permissions.has(p));
  if (user.permissions.has(access.permission)) return true;
  return access.orIf ? access.orIf(request, user) : false;
}

export function paramOf(request: FastifyRequest, name: string): string | undefined {
  const params = request.params as Record<string, string | undefined> | undefined;
  return params?.[name];
}

/** One line for docs and the OpenAPI document. */
export function describeAccess(access: Access): string {
  if ('public' in access) return access.note ? `public, ${access.note}` : 'public';
  if ('signedIn' in access) return 'signed in';
  if ('self' in access) return `signed in, own record (:${access.self})`;
  if ('anyPermission' in access) return `any of ${access.anyPermission.join(', ')}`;
  return access.orIfDescription ? `${access.permission}, or ${access.orIfDescription}` : access.permission;
}

/**
 * A list read asking only for names (`fields=name`, with `id`/`_id`), which DESIGN §4 lets any
 * signed-in user make — never a single-record read, which does not project.
 */
export function readsOnlyNameList(request: FastifyRequest, listPath: string): boolean {
  if (request.routeOptions.url?.toLowerCase() !== listPath.toLowerCase()) return false;
  const fields = String((request.query as { fields?: unknown } | undefined)?.fields ?? '')
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  return fields.length > 0 && fields.includes('name') && fields.every((f) => f === 'name' || f === 'id' || f === '_id');
}
