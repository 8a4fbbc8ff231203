import { readFileSync, writeFileSync } from 'node:fs';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { ROLES_BEGIN, ROLES_END, ROUTES_BEGIN, ROUTES_END, replaceBetween, rolesTable, routesTable } from '../server/docs/permissionsTable';

/** Regenerates the tables of docs/permissions.md from the running route declarations. */
const app = await buildApp({ ...loadConfig({}), dataDir: null, databaseUrl: null, distDir: null, logLevel: 'silent', seed: 'demo' });
const file = 'docs/permissions.md';
let text = readFileSync(file, 'utf8');
text = replaceBetween(text, ROUTES_BEGIN, ROUTES_END, routesTable(app.apiRouteTable));
text = replaceBetween(text, ROLES_BEGIN, ROLES_END, rolesTable());
writeFileSync(file, text);
await app.close();
console.log(`${file}: ${app.apiRouteTable.length} routes`);
