/**
 * A stored token's claims, unverified (the server verifies them): used only to tell users apart on
 * this phone (`sub`) and to size the page cookie's lifetime (`exp`). Empty when they cannot be read.
 */
export function tokenClaims(token: string | null): { sub?: unknown; exp?: unknown } {
  try {
    const claims: unknown = JSON.parse(atob(token!.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/')));
    return claims && typeof claims === 'object' ? claims : {};
  } catch {
    return {};
  }
}

/** The user a stored token belongs to (its unverified `sub`). */
export const tokenSubject = (token: string | null): string | null => {
  const { sub } = tokenClaims(token);
  return typeof sub === 'string' ? sub : null;
};
