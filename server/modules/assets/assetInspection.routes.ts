import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Access } from '../../auth/access';
import type { Database } from '../../db/client';
import { assets, attributes, checklists, inspections } from '../../db/schema';
import { notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { previousInspections, previousInspectionsByAsset, type InspectionView } from '../inspections/inspectionReads';
import { currentUser } from '../../auth/authPlugin';
import { assetResource } from './asset.resource';
import { readAccess } from '../../crud/crudResource';
import { allPartChoices } from '../workOrders/partsUsed';

const tags = ['asset', 'inspection'];
const identificationParams = {
  type: 'object',
  required: ['identification'],
  properties: { identification: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

type AssetRow = typeof assets.$inferSelect;

/** Every checklist the assets name, in their lists or their options. */
const checklistIdsOf = (group: AssetRow[]): string[] => [...new Set(group.flatMap((a) => [...a.checklists, ...a.checklistOptions.flatMap((o) => o.checklistIds)]))];

/** Ids of the archived checklists among these: an asset keeps them, technicians are not offered them. */
async function archivedChecklistIds(db: Database, group: AssetRow[]): Promise<Set<string>> {
  const ids = checklistIdsOf(group);
  if (ids.length === 0) return new Set();
  const rows = await db.select({ _id: checklists._id, archivedAt: checklists.archivedAt }).from(checklists).where(inArray(checklists._id, ids));
  return new Set(rows.filter((row) => row.archivedAt !== null).map((row) => row._id));
}

/** The asset as offered for new work: without its archived checklists, in its list or its options. */
function withoutArchivedChecklists(asset: AssetRow, archived: ReadonlySet<string>): AssetRow {
  if (archived.size === 0) return asset;
  return {
    ...asset,
    checklists: asset.checklists.filter((id) => !archived.has(id)),
    checklistOptions: asset.checklistOptions.map((option) => ({ ...option, checklistIds: option.checklistIds.filter((id) => !archived.has(id)) })),
  };
}

/**
 * The checklists of each asset with their items' attributes: the whole inspect view in one
 * request, because a technician's phone in a basement pays dearly for every round trip.
 */
async function withChecklistDetails(db: Database, group: AssetRow[]) {
  const ids = checklistIdsOf(group);
  const loaded = ids.length ? await db.select().from(checklists).where(inArray(checklists._id, ids)) : [];
  const archived = new Set(loaded.filter((c) => c.archivedAt !== null).map((c) => c._id));
  const checklistRows = loaded.filter((c) => c.archivedAt === null);
  const attributeIds = [...new Set(checklistRows.flatMap((c) => c.checklistItems.map((i) => i.attribute)))];
  const attributeRows = attributeIds.length
    ? await db
        .select({
          _id: attributes._id,
          name: attributes.name,
          technicalName: attributes.technicalName,
          description: attributes.description,
          type: attributes.type,
          options: attributes.options,
          isMandatory: attributes.isMandatory,
          allowComment: attributes.allowComment,
        })
        .from(attributes)
        .where(inArray(attributes._id, attributeIds))
    : [];
  const attributeById = new Map(attributeRows.map((a) => [a._id, a]));
  const details = new Map(
    checklistRows.map((c) => [
      c._id,
      {
        _id: c._id,
        name: c.name,
        frequency: c.frequency,
        checklistItems: c.checklistItems,
        groups: c.groups,
        attributes: [...new Set(c.checklistItems.map((i) => i.attribute))].map((id) => attributeById.get(id)).filter((a) => a !== undefined),
      },
    ]),
  );
  return group.map((asset) => {
    const offered = withoutArchivedChecklists(asset, archived);
    return { ...offered, checklistDetails: offered.checklists.map((id) => details.get(id)).filter((c) => c !== undefined) };
  });
}

/** Assets a technician may inspect: current ones that list a checklist. */
const takesInspections = and(isNull(assets.archivedAt), sql`cardinality(${assets.checklists}) > 0`);

/**
 * docs/offline.md: every asset that takes inspections, each exactly as the group call's
 * expand=checklists gives it (those whose checklists are all archived are left out: nothing to
 * fill in), and — for holders of read-inspection — each one's previousInspections (every asset
 * has an entry, [] when never inspected), in one query for all of them; for those who record work
 * on orders (update-workorder, manage-workorder) every spare part as the order's picker offers it.
 */
async function offlineCatalogue(db: Database, withPrevious: boolean, withParts: boolean) {
  const rows = await db.select().from(assets).where(takesInspections).orderBy(asc(assets.name));
  const catalogue = (await withChecklistDetails(db, rows)).filter((asset) => asset.checklistDetails.length > 0);
  const previous: Record<string, InspectionView[]> = {};
  if (withPrevious) {
    const byAsset = await previousInspectionsByAsset(db, inArray(inspections.asset, db.select({ _id: assets._id }).from(assets).where(takesInspections)));
    for (const asset of catalogue) previous[asset._id] = byAsset[asset._id] ?? [];
  }
  // OfflineCatalogue (common/resources/offlineCatalogue.ts); attribute types are plain text in the database.
  const parts = withParts ? await allPartChoices(db) : [];
  return { generatedAt: Date.now(), assets: catalogue, previousInspections: previous, parts };
}

/** Spec §7 Inspection calls that start from an asset (the QR label carries its identification). */
export async function assetInspectionRoutes(app: FastifyInstance) {
  const db = () => app.services.db;
  const readAsset: Access = readAccess(assetResource);
  // What a scanned label finds: archived assets take no new inspections.
  const byIdentification = (identification: string) =>
    db()
      .select()
      .from(assets)
      .where(and(eq(assets.identification, identification.trim()), isNull(assets.archivedAt)))
      .orderBy(asc(assets.name));
  const offeredGroup = async (group: AssetRow[]) => {
    const archived = await archivedChecklistIds(db(), group);
    return group.map((asset) => withoutArchivedChecklists(asset, archived));
  };

  app.get<{ Params: { identification: string } }>(
    '/asset/identification/:identification',
    { config: { access: readAsset }, schema: { tags, summary: 'The asset with this identification (the first by name)', params: identificationParams, response: { 404: errorSchema } } },
    async (request) => {
      const [asset] = await byIdentification(request.params.identification);
      if (!asset) throw notFound(`No asset has the identification "${request.params.identification}"`);
      const [offered] = await offeredGroup([asset]);
      return offered;
    },
  );

  app.get<{ Params: { identification: string }; Querystring: { expand?: string } }>(
    '/asset/identification/group/:identification',
    {
      config: { access: readAsset },
      schema: {
        tags,
        summary: 'Every asset sharing the identification; expand=checklists adds their checklists with attributes',
        params: identificationParams,
        querystring: { type: 'object', properties: { expand: { type: 'string', enum: ['checklists'] } } },
      },
    },
    async (request) => {
      const group = await byIdentification(request.params.identification);
      return request.query.expand === 'checklists' ? withChecklistDetails(db(), group) : offeredGroup(group);
    },
  );

  app.get(
    '/inspection/offlineCatalogue',
    {
      // The group call's access: what a technician may scan, they may keep for offline.
      config: { access: readAsset },
      schema: {
        tags,
        summary: 'Every asset that takes inspections with its checklists and attributes (the group call with expand=checklists), with read-inspection their previous inspections, and with update-workorder or manage-workorder the spare parts (as GET /workOrder/parts): the phone keeps it offline',
      },
    },
    (request) => {
      const { permissions } = currentUser(request);
      return offlineCatalogue(db(), permissions.has('read-inspection'), permissions.has('update-workorder') || permissions.has('manage-workorder'));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/asset/:id/previousInspections',
    {
      config: { access: { permission: 'read-inspection' } },
      schema: { tags, summary: 'The latest inspection of each checklist of the asset, newest first', params: idParamsSchema, response: { 404: errorSchema } },
    },
    async (request) => {
      const [asset] = await db().select({ _id: assets._id }).from(assets).where(eq(assets._id, request.params.id));
      if (!asset) throw notFound('Asset not found');
      return previousInspections(db(), asset._id);
    },
  );
}
