import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { alerts } from '../../db/schema';
import { currentUser } from '../../auth/authPlugin';
import { badRequest, notFound } from '../../http/errors';
import { pageOf, sendContentRange } from '../../http/paging';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { acknowledgeAlerts, alertById, alertsOfAssetCondition, countAlerts, existingAlertIds, listAlerts, resolveAlerts } from './alertReads';
import { nameList } from '../../crud/crudResource';

const tags = ['alert'];
const MAX_REMARK_LENGTH = 2000;

interface ResolveBody {
  remark: string;
  ids: string[];
}

/** Spec §7 alert calls; resolution per DESIGN §5. */
export async function alertRoutes(app: FastifyInstance) {
  const db = () => app.services.db;

  app.get<{ Querystring: { assetId?: string; range?: string; open?: string } }>(
    '/alert',
    {
      config: { access: { permission: 'read-alert' } },
      schema: {
        tags,
        summary: "Alerts (of one asset with assetId; only unresolved ones with open=true), newest first; thermography alerts left out",
        querystring: {
          type: 'object',
          properties: { assetId: { type: 'string', maxLength: 64 }, range: { type: 'string', maxLength: 100 }, open: { type: 'string', enum: ['true', 'false'] } },
        },
        response: { 400: errorSchema },
      },
    },
    async (request, reply) => {
      const assetId = request.query.assetId?.trim();
      const page = pageOf(request.query.range);
      // open=true: the on-site board's list of what still needs attention.
      const condition = alertsOfAssetCondition(assetId, request.query.open === 'true');
      const rows = await listAlerts(db(), condition, page.offset, page.limit);
      if (page.ranged) sendContentRange(reply, 'alert', page, rows.length, await countAlerts(db(), condition));
      return rows;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/alert/:id',
    { config: { access: { permission: 'read-alert' } }, schema: { tags, summary: 'One alert with its inspection', params: idParamsSchema, response: { 404: errorSchema } } },
    async (request) => {
      const alert = await alertById(db(), request.params.id);
      if (!alert) throw notFound('Alert not found');
      return alert;
    },
  );

  app.post<{ Body: ResolveBody }>(
    '/alert/resolve',
    {
      config: { access: { permission: 'resolve-alert' } },
      schema: {
        tags,
        summary: 'Resolve alerts with a remark',
        body: {
          type: 'object',
          required: ['remark', 'ids'],
          additionalProperties: false,
          properties: {
            remark: { type: 'string', maxLength: MAX_REMARK_LENGTH },
            ids: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', minLength: 1, maxLength: 64 } },
          },
        },
        response: { 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const remark = request.body.remark.trim();
      if (!remark) throw badRequest('remark', 'remark must not be blank');
      const ids = [...new Set(request.body.ids)];
      const existing = await existingAlertIds(db(), ids);
      const unknown = ids.filter((id) => !existing.has(id));
      if (unknown.length > 0) throw notFound(`Alerts not found: ${nameList(unknown)}`);
      const changed = await resolveAlerts(db(), ids, remark, currentUser(request)._id);
      const pushes = app.services.pushes.forAnswer(reply);
      for (const _id of changed.alerts) pushes.publish('update-detail', { type: 'alert', _id });
      for (const _id of changed.inspections) pushes.publish('update-detail', { type: 'inspection', _id });
      return { message: 'Alerts resolved', alerts: await listAlerts(db(), inArray(alerts._id, ids), 0, ids.length) };
    },
  );

  app.post<{ Body: { ids: string[] } }>(
    '/alert/acknowledge',
    {
      config: { access: { permission: 'resolve-alert' } },
      schema: {
        tags,
        summary: 'Acknowledge open alerts: someone has taken them on (the first acknowledgement is kept; mean time to acknowledge counts to it)',
        body: {
          type: 'object',
          required: ['ids'],
          additionalProperties: false,
          properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'string', minLength: 1, maxLength: 64 } } },
        },
        response: { 400: errorSchema, 404: errorSchema },
      },
    },
    async (request, reply) => {
      const ids = [...new Set(request.body.ids)];
      const existing = await existingAlertIds(db(), ids);
      const unknown = ids.filter((id) => !existing.has(id));
      if (unknown.length > 0) throw notFound(`Alerts not found: ${nameList(unknown)}`);
      const changed = await acknowledgeAlerts(db(), ids, currentUser(request)._id);
      const pushes = app.services.pushes.forAnswer(reply);
      for (const _id of changed.alerts) pushes.publish('update-detail', { type: 'alert', _id });
      for (const _id of changed.inspections) pushes.publish('update-detail', { type: 'inspection', _id });
      return { message: 'Alerts acknowledged', alerts: await listAlerts(db(), inArray(alerts._id, ids), 0, ids.length) };
    },
  );
}
