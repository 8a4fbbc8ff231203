import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/testApp';
import { ROLES_BEGIN, ROLES_END, ROUTES_BEGIN, ROUTES_END, replaceBetween, rolesTable, routesTable } from '../../server/docs/permissionsTable';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('documentation generated from the routes', () => {
  it('docs/permissions.md holds the current route and role tables (npm run docs:permissions)', () => {
    const text = readFileSync('docs/permissions.md', 'utf8');
    let expected = replaceBetween(text, ROUTES_BEGIN, ROUTES_END, routesTable(t.app.apiRouteTable));
    expected = replaceBetween(expected, ROLES_BEGIN, ROLES_END, rolesTable());
    expect(text).toBe(expected);
  });

  it('serves an OpenAPI document of the route schemas at /api/docs', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/api/token/login', '/api/token/init', '/api/init/applicationInfo', '/api/user/{id}']));
    expect(document.paths['/api/token/login'].post.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
  });
});
