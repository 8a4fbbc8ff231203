import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's /api routes as the server itself lists them: docs/permissions.md's routes table is
 * generated from the running app's route table (`npm run docs:permissions`), and
 * tests/api/docs.test.ts fails while it is stale. Web tests hold their fake API to it, so the
 * browser code cannot be tested against calls the server does not have.
 */
const table = readFileSync(path.resolve(__dirname, '../../../docs/permissions.md'), 'utf8');
const routes = [...table.matchAll(/^\| (GET|POST|PUT|DELETE|PATCH) \| `(\/api\/[^`]*)` \|/gm)].map((match) => ({
  method: match[1] as string,
  // Paths match case-insensitively (DESIGN §3); a :param is one path segment.
  pattern: new RegExp(`^${(match[2] as string).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`, 'i'),
}));
if (routes.length < 50) throw new Error(`docs/permissions.md lists only ${routes.length} routes: is its routes table intact?`);

export function serverHasRoute(method: string, pathname: string): boolean {
  return routes.some((route) => route.method === method.toUpperCase() && route.pattern.test(pathname));
}
