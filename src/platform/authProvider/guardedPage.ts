/**
 * The page (path and query) the route guard last let the user open. A 403 from a data call comes
 * from that page; authProvider.checkError has no router of its own to ask where the user is.
 */
let current: string | null = null;

export const guardedPage = {
  set(path: string): void {
    current = path;
  },
  get(): string | null {
    return current;
  },
};
