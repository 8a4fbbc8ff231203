import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/authPlugin';
import { inspections } from '../../db/schema';
import { notFound } from '../../http/errors';
import { pageOf, sendContentRange } from '../../http/paging';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { alertsOfInspectionCondition, listAlerts } from '../alerts/alertReads';
import { countInspections, inspectionById, listInspections, recentAssetsOf } from './inspectionReads';
import { submitInspection, type SubmitQuery } from './submitInspection';
import { runChecklistScripts } from './checklistScripts';
import { openWorkOrdersAfterAlerts } from '../workOrders/autoCreate';
import { publishWorkOrderWrite } from '../workOrders/workOrderPushes';

const tags = ['inspection'];

/** Spec §7 Inspection calls and DESIGN §5's submit. */
export async function inspectionRoutes(app: FastifyInstance) {
  const db = () => app.services.db;

  app.post<{ Querystring: SubmitQuery }>(
    '/inspection',
    {
      config: { access: { permission: 'update-inspection' } },
      schema: {
        tags,
        summary: 'Submit checklists of an asset: one inspection per checklist holding data, alerts by threshold',
        querystring: {
          type: 'object',
          properties: {
            assetId: { type: 'string', maxLength: 64 },
            timestamp: { type: 'string', maxLength: 20 },
            workOrder: { type: 'string', maxLength: 64, description: "The work order whose procedure (its checklist, alone in the body) this fills" },
          },
        },
        body: { type: 'object' },
        response: { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const result = await submitInspection(db(), app.services.catalogue, currentUser(request), request.query, request.body);
      const pushes = app.services.pushes.forAnswer(reply);
      for (const { _id, asset, assetName, checklist, checklistName, timestamp } of result.inspections) {
        pushes.publish('new-inspection', { _id, asset, assetName, checklist, checklistName, timestamp });
      }
      for (const alert of result.alerts) {
        pushes.publish('new-alert', {
          _id: alert._id,
          asset: alert.asset,
          inspection: alert.inspection,
          level: alert.level,
          timestamp: alert.timestamp,
          assetName: alert.assetName ?? '',
          levelName: alert.levelName ?? alert.severityLevel.text,
          color: alert.severityLevel.color,
        });
      }
      for (const _id of result.completedSchedules) pushes.publish('update-detail', { type: 'inspectionSchedule', _id });
      if (result.procedureOf) publishWorkOrderWrite(pushes, result.procedureOf._id, { assignees: [result.procedureOf.assignedTo] });
      // DESIGN §11: alerts at the rule's levels become work orders. Awaited, so the order is pushed
      // as the technician is answered; a failure is logged and the submit stands (the sweep retries).
      await openWorkOrdersAfterAlerts(db(), pushes, { alerts: result.storedAlerts, rule: result.workOrderRule, submitter: currentUser(request) }, (error) =>
        app.log.error({ err: error }, 'work orders could not be opened for the alerts of a submit'),
      );
      // A value of an attribute a measurement point maps joins the point's readings and alerts (DESIGN §17);
      // after the answer, as the scripts: the submit's own alerts are already stored.
      for (const inspection of result.inspections) {
        void app.services.readings
          .fromInspection(inspection.asset, inspection._id, inspection.timestamp, inspection.attributeData)
          .catch((error: unknown) => app.log.error({ err: error }, 'an inspection\'s readings could not be stored'));
      }
      // After the answer's data is settled and never awaited: the technician does not wait for them.
      void runChecklistScripts(app, request.query.assetId?.trim() ?? '', result.inspections).catch((error: unknown) =>
        app.log.error({ err: error }, 'checklist scripts could not run'),
      );
      return { inspections: result.inspections.map((i) => i._id), alerts: result.alerts };
    },
  );

  app.get(
    '/inspection/myRecentAssets',
    { config: { access: { permission: 'update-inspection' } }, schema: { tags, summary: "Assets the caller inspected lately, latest first" } },
    (request) => recentAssetsOf(db(), currentUser(request)._id),
  );

  app.get<{ Querystring: { assetId?: string; range?: string } }>(
    '/inspection',
    {
      config: { access: { permission: 'read-inspection' } },
      schema: {
        tags,
        summary: "Inspections (of one asset with assetId), newest first",
        querystring: { type: 'object', properties: { assetId: { type: 'string', maxLength: 64 }, range: { type: 'string', maxLength: 100 } } },
        response: { 400: errorSchema },
      },
    },
    async (request, reply) => {
      const assetId = request.query.assetId?.trim();
      const condition = assetId ? eq(inspections.asset, assetId) : undefined;
      const page = pageOf(request.query.range);
      const rows = await listInspections(db(), condition, page.offset, page.limit);
      if (page.ranged) sendContentRange(reply, 'inspection', page, rows.length, await countInspections(db(), condition));
      return rows;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/inspection/:id',
    { config: { access: { permission: 'read-inspection' } }, schema: { tags, summary: 'One inspection with names', params: idParamsSchema, response: { 404: errorSchema } } },
    async (request) => {
      const inspection = await inspectionById(db(), request.params.id);
      if (!inspection) throw notFound('Inspection not found');
      return inspection;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/inspection/:id/alert',
    { config: { access: { permission: 'read-alert' } }, schema: { tags, summary: "An inspection's alerts, newest first", params: idParamsSchema } },
    (request) => listAlerts(db(), alertsOfInspectionCondition(request.params.id)),
  );

  app.get<{ Params: { id: string; recordId: string } }>(
    '/inspection/:id/:recordId/alert',
    {
      config: { access: { permission: 'read-alert' } },
      schema: {
        tags,
        summary: "The alerts of one thermography record of an inspection",
        params: { type: 'object', required: ['id', 'recordId'], properties: { id: { type: 'string', maxLength: 64 }, recordId: { type: 'string', maxLength: 64 } } },
      },
    },
    (request) => listAlerts(db(), alertsOfInspectionCondition(request.params.id, request.params.recordId)),
  );
}
