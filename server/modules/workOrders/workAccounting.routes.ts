import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access, AuthUser } from '../../auth/access';
import { currentUser } from '../../auth/authPlugin';
import { notFound } from '../../http/errors';
import { errorSchema } from '../../http/schemas';
import { permissionRoom } from '../../../common/realtime';
import type { WorkOrderDetail } from '../../../common/resources/workOrder';
import { publishWorkOrderWrite } from './workOrderPushes';
import { workOrderDetail } from './workOrderReads';
import { NOT_FOUND } from './orderAccess';
import { addLabour, deleteLabour, stopLabour } from './labour';
import { partChoices, returnParts, useParts } from './partsUsed';

const tags = ['workOrder'];
/** Any order with manage-workorder; with update-workorder, an order assigned to the caller (the handler checks: 403). */
const worker: Access = {
  permission: 'manage-workorder',
  orIf: (_request: FastifyRequest, user: AuthUser) => user.permissions.has('update-workorder'),
  orIfDescription: 'update-workorder for an order assigned to the caller',
};
const writeErrors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema } as const;
const orderParams = { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1, maxLength: 64 } } } as const;
const entryParams = {
  type: 'object',
  required: ['id', 'entryId'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 64 }, entryId: { type: 'string', minLength: 1, maxLength: 64 } },
} as const;

/**
 * DESIGN §18: labour, parts and the stores' picker on a work order (docs/work-orders.md "Work
 * accounting"). Every write answers the order as GET /workOrder/{id} does and pushes as any
 * change of the order does; a use that brings a part to its reorder level pushes `reorder-notice`
 * to manage-sparepart holders.
 */
export async function workAccountingRoutes(app: FastifyInstance) {
  const db = () => app.services.db;
  const pushes = (reply: FastifyReply) => app.services.pushes.forAnswer(reply);
  const answered = async (reply: FastifyReply, id: string, assignees: readonly string[]): Promise<WorkOrderDetail> => {
    publishWorkOrderWrite(pushes(reply), id, { assignees });
    const detail = await workOrderDetail(db(), id);
    if (!detail) throw notFound(NOT_FOUND);
    return detail;
  };

  app.get<{ Querystring: { search?: string } }>(
    '/workOrder/parts',
    {
      config: { access: { anyPermission: ['update-workorder', 'manage-workorder'] } },
      schema: {
        tags,
        summary: "Spare parts to use on an order: up to 20, the exact part number (a scanned label) first, then number or name containing the search",
        querystring: { type: 'object', properties: { search: { type: 'string', maxLength: 200 } }, additionalProperties: false },
        response: { 400: errorSchema },
      },
    },
    async (request) => partChoices(db(), request.query.search ?? ''),
  );

  app.post<{ Params: { id: string } }>(
    '/workOrder/:id/labour',
    {
      config: { access: worker },
      schema: { tags, summary: 'Record labour {startedAt, endedAt | hours, user?, note?}; without an end a timer starts (one per person and order)', params: orderParams, body: { type: 'object' }, response: writeErrors },
    },
    async (request, reply) => {
      const { assignees } = await addLabour(db(), request.params.id, request.body, currentUser(request));
      return answered(reply, request.params.id, assignees);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/workOrder/:id/labour/stop',
    {
      config: { access: worker },
      schema: { tags, summary: "Stop the person's running timer on the order {endedAt? (default now), user?}; 409 when none runs", params: orderParams, response: writeErrors },
    },
    async (request, reply) => {
      const { assignees } = await stopLabour(db(), request.params.id, request.body, currentUser(request));
      return answered(reply, request.params.id, assignees);
    },
  );

  app.delete<{ Params: { id: string; entryId: string } }>(
    '/workOrder/:id/labour/:entryId',
    { config: { access: worker }, schema: { tags, summary: 'Remove a labour entry (your own; anyone\'s with manage-workorder)', params: entryParams, response: writeErrors } },
    async (request, reply) => {
      const { assignees } = await deleteLabour(db(), request.params.id, request.params.entryId, currentUser(request));
      return answered(reply, request.params.id, assignees);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/workOrder/:id/parts',
    {
      config: { access: worker },
      schema: { tags, summary: 'Record a part used {part, quantity}: taken from stock (409 when fewer are held), at its unit cost now', params: orderParams, body: { type: 'object' }, response: writeErrors },
    },
    async (request, reply) => {
      const { assignees, notice } = await useParts(db(), request.params.id, request.body, currentUser(request));
      if (notice) pushes(reply).publishTo([permissionRoom('manage-sparepart')], 'reorder-notice', notice);
      return answered(reply, request.params.id, assignees);
    },
  );

  app.delete<{ Params: { id: string; entryId: string } }>(
    '/workOrder/:id/parts/:entryId',
    { config: { access: worker }, schema: { tags, summary: 'Remove a part use recorded by mistake: its quantity goes back to stock', params: entryParams, response: writeErrors } },
    async (request, reply) => {
      const { assignees } = await returnParts(db(), request.params.id, request.params.entryId, currentUser(request));
      return answered(reply, request.params.id, assignees);
    },
  );
}
