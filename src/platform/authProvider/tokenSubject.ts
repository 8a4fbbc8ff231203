/** The user a stored token belongs to (its unverified `sub`: only used to tell users apart on this phone). */
export function tokenSubject(token: string | null): string | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    const claims = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof claims.sub === 'string' ? claims.sub : null;
  } catch {
    return null;
  }
}
