/** The HTTP status carried by an error from fetchJson (ra-core HttpError), if any. */
export function httpStatusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  const { status } = error;
  return typeof status === 'number' ? status : undefined;
}

/** 401 (no/invalid/expired token) and 403 (not permitted) both send the user to Login (spec §8). */
export function isAccessDenied(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === 401 || status === 403;
}
