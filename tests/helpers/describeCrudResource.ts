import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrudResource } from '../../server/crud/crudResource';
import { createTestApp, type TestApp, type TestAppExtras } from '../api/helpers/testApp';

type Body = Record<string, unknown>;

export interface CrudSample {
  /** A valid body for POST; its unique field is renamed for each record the suite makes. */
  body: Body;
  /** A change for PUT, read back afterwards. */
  change: Body;
  /** A body the schema refuses, and the field the 400 must name. */
  invalid: { body: Body; field: string };
}

/** Demo users (DESIGN §10): the superuser, and a technician, who holds no manage-* permission (DESIGN §4). */
const ADMIN = 'admin';
const WITHOUT_WRITE = 'technician';

/**
 * The API every declared resource promises (README "Adding a resource"), generated from its server
 * declaration: create, list, read, update and delete; 403 to a user without the write permission;
 * 400 naming the field of a bad body; 409 on a name taken in another case; and the superuser
 * holding the write permission from the first start. `extras` registers resources the app does
 * not serve itself (the README recipe's Tool).
 */
export function describeCrudResource(resource: CrudResource, sample: CrudSample, extras: TestAppExtras = {}) {
  const base = `/api/${resource.entity}`;
  // A set unique together: the first field in another case, the rest as sent, still collides.
  const unique = resource.unique ? ('fields' in resource.unique ? resource.unique.fields[0]! : resource.unique.field) : 'name';
  const canUpdate = resource.operations?.update !== false;
  const canDelete = resource.operations?.delete !== false;

  describe(`${resource.label} API (generated from its declaration)`, () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({}, undefined, extras);
    });
    afterAll(() => t.close());
    const as = (user: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Body) => t.request({ as: user, method, url, payload });
    const named = (value: string): Body => ({ ...sample.body, [unique]: value });

    it(`gives the superuser ${resource.write} from the first start`, async () => {
      const session = await as(ADMIN, 'GET', '/api/token/init');
      expect(session.json().permissions).toContain(resource.write);
    });

    it('creates, lists, reads, updates and deletes a record', async () => {
      const created = await as(ADMIN, 'POST', base, named('Generated suite record'));
      expect(created.statusCode, created.body).toBe(200);
      const record = created.json() as Body & { _id: string };
      expect(record).toMatchObject(named('Generated suite record'));
      const list = await as(ADMIN, 'GET', base);
      expect((list.json() as Body[]).map((row) => row[unique])).toContain('Generated suite record');
      expect((await as(ADMIN, 'GET', `${base}/${record._id}`)).json()).toMatchObject({ _id: record._id, [unique]: 'Generated suite record' });
      if (canUpdate) {
        const updated = await as(ADMIN, 'PUT', `${base}/${record._id}`, sample.change);
        expect(updated.statusCode, updated.body).toBe(200);
        expect((await as(ADMIN, 'GET', `${base}/${record._id}`)).json()).toMatchObject(sample.change);
      }
      if (canDelete) {
        expect((await as(ADMIN, 'DELETE', `${base}/${record._id}`)).statusCode).toBe(200);
        expect((await as(ADMIN, 'GET', `${base}/${record._id}`)).statusCode).toBe(404);
      }
    });

    it(`answers 403 to a user without ${resource.write}, and writes nothing`, async () => {
      const refused = await as(WITHOUT_WRITE, 'POST', base, named('Refused record'));
      expect(refused.statusCode).toBe(403);
      const list = await as(ADMIN, 'GET', base);
      expect((list.json() as Body[]).map((row) => row[unique])).not.toContain('Refused record');
    });

    it('answers 400 naming the field of a bad body', async () => {
      const refused = await as(ADMIN, 'POST', base, sample.invalid.body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toContain(sample.invalid.field);
      expect(Object.keys(refused.json().errors ?? {})).toContain(sample.invalid.field);
    });

    it(`answers 409 when the ${unique} is taken, whatever its case`, async () => {
      expect((await as(ADMIN, 'POST', base, named('Taken Name'))).statusCode).toBe(200);
      const again = await as(ADMIN, 'POST', base, named('taken name'));
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toContain('taken name');
    });
  });
}
