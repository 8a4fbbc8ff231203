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

/**
 * A 403 to a read beside the page's own — the names a column or a picker shows (a `secondary` list
 * read, src/platform/dataProvider) — shown where it was asked; the page keeps working and the user
 * stays on it (DESIGN §15). A 403 to the page's own calls still goes to Login (spec §8).
 */
export class RefusedInPlace extends Error {
  readonly status = 403;
  constructor(readonly resource: string) {
    super(`403: may not read ${resource}`);
  }
}

export const isRefusedInPlace = (error: unknown): error is RefusedInPlace => error instanceof RefusedInPlace;
