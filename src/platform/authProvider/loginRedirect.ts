/** The 'from' round trip of spec §2.1: where Login was reached from, and where to go back. */

export const LOGIN_PATH = '/login';
export const FROM_PARAM = 'from';

interface RouterLocationLike {
  pathname: string;
  search: string;
}

/** '/login?from=<path+search, URL-encoded>' for the page the user was sent away from. */
export function loginPathFor(location: RouterLocationLike): string {
  return loginPathReturningTo(location.pathname + location.search);
}

export function loginPathReturningTo(target: string): string {
  return `${LOGIN_PATH}?${FROM_PARAM}=${encodeURIComponent(target)}`;
}

/**
 * Only a same-site path is followed after login: it starts with a single '/', so '//evil.example'
 * and '/\evil.example' (which browsers treat as other hosts) are refused, and so is Login itself.
 */
export function isSafeReturnPath(from: string | null | undefined): from is string {
  if (!from || !from.startsWith('/')) return false;
  if (from.startsWith('//') || from.startsWith('/\\')) return false;
  return !/^\/login(?:[/?#]|$)/.test(from);
}

export function returnPathAfterLogin(from: string | null | undefined): string {
  return isSafeReturnPath(from) ? from : '/';
}
