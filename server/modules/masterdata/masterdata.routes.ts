import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../auth/access';

const access: Access = { anyPermission: ['manage-asset', 'read-asset'] };
const stringList = { type: 'array', items: { type: 'string' } } as const;

/** Spec §7: known values as lists of strings, empties dropped, sorted. */
export async function masterdataRoutes(app: FastifyInstance) {
  // Sorted ignoring case, as every list is (listQuery) and as the editor keeps its lists (addSorted).
  const distinct = async (values: ReturnType<typeof sql>): Promise<string[]> => {
    const result = (await app.services.db.execute(sql`select value from (${values}) v order by lower(value), value`)) as unknown as { rows: { value: string }[] };
    return result.rows.map((row) => row.value);
  };

  app.get('/masterdata/assetTags', { config: { access }, schema: { tags: ['asset'], summary: 'Every asset tag in use', response: { 200: stringList } } }, () =>
    distinct(sql`select distinct trim(tag) as value from assets, unnest(tags) tag where trim(tag) <> ''`),
  );

  app.get(
    '/masterdata/assetStaticAttributeKeys',
    { config: { access }, schema: { tags: ['asset'], summary: 'Every static attribute name in use', response: { 200: stringList } } },
    () =>
      distinct(sql`select distinct trim(attr->>'name') as value from assets, jsonb_array_elements(static_attributes) attr where trim(coalesce(attr->>'name', '')) <> ''`),
  );
}
