import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Access, AuthUser } from '../../auth/access';
import { currentUser } from '../../auth/authPlugin';
import { workOrders } from '../../db/schema';
import { notFound } from '../../http/errors';
import { answerPage, periodPageOf } from '../../http/period';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import type { WorkOrderConfig, WorkOrderDetail, WorkOrderFilter } from '../../../common/resources/workOrder';
import { assignableUsers } from './assignees';
import { listConditions, sortTerms, workOrderListQuerySchema, type WorkOrderListQuery } from './workOrderListQuery';
import { publishWorkOrderWrite } from './workOrderPushes';
import { assetChoices, countWorkOrders, listWorkOrders, orderBy, OWN_ORDERS_ORDER, workOrderDetail } from './workOrderReads';
import { loadWorkOrderSettings } from './workOrderSettings';
import { WORK_ORDER_TYPES } from '../../../common/resources/workAccounting';
import { addActivity, createWorkOrder, deleteWorkOrder, updateWorkOrder } from './workOrderWrites';
import { NOT_FOUND, orderFor } from './orderAccess';

const tags = ['workOrder'];
const manage = { permission: 'manage-workorder' } as const;
/**
 * Any order with manage-workorder; with `permission` alone, only an order assigned to the caller
 * — which the handler checks (403), the route cannot (docs/permissions.md shows the description).
 */
const managerOr = (permission: 'read-workorder' | 'update-workorder', description: string): Access => ({
  permission: 'manage-workorder',
  orIf: (_request: FastifyRequest, user: AuthUser) => user.permissions.has(permission),
  orIfDescription: description,
});
const bodySchema = {
  type: 'object',
  description: '{title, asset, assignedTo, priority, status, startTimestamp, endTimestamp (epoch ms), description?, alert? (POST only)}; the read-only fields of a read are ignored',
} as const;
const activitySchema = { type: 'object', description: '{comment, photos?}: comment trimmed, not blank; photos up to 10 images uploaded with for=workOrder.activity' } as const;
const writeErrors = { 400: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema } as const;

/** Spec §7 / DESIGN §11: the work order calls (docs/work-orders.md); every write pushes. */
export async function workOrderRoutes(app: FastifyInstance) {
  const db = () => app.services.db;
  const pushes = (reply: FastifyReply) => app.services.pushes.forAnswer(reply);
  const detailOf = async (id: string): Promise<WorkOrderDetail> => {
    const detail = await workOrderDetail(db(), id);
    if (!detail) throw notFound(NOT_FOUND);
    return detail;
  };

  app.get(
    '/workOrder/config',
    {
      config: { access: { anyPermission: ['read-workorder', 'manage-workorder'] } },
      schema: { tags, summary: 'Spec §3 Work order config from the workOrder.* config entries, with the assets and the users orders may be assigned to', response: { 409: errorSchema } },
    },
    async (): Promise<WorkOrderConfig> => {
      const [settings, assets, users] = await Promise.all([
        loadWorkOrderSettings(db(), ['statusValues', 'priorityValues', 'fields', 'filters', 'sort']),
        assetChoices(db()),
        assignableUsers(db()),
      ]);
      // A filter configured without values offers every one (docs/work-orders.md); ids are shown by these names.
      const every: Record<string, string[]> = {
        status: settings.statusValues,
        priority: settings.priorityValues,
        asset: assets.map((asset) => asset._id),
        assignedTo: users.map((user) => user._id),
        type: [...WORK_ORDER_TYPES],
      };
      const filters: WorkOrderFilter[] = settings.filters.map((filter) => ({ ...filter, values: filter.values.length > 0 ? filter.values : (every[filter.key] ?? []) }));
      return { assets, users, priorityValues: settings.priorityValues, statusValues: settings.statusValues, fields: settings.fields, filters, sort: settings.sort };
    },
  );

  app.get<{ Querystring: WorkOrderListQuery }>(
    '/workOrder',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: 'Work orders: filters (JSON key → value), search, start/end (overlapping window), sort, range (Content-Range); without range every match',
        querystring: workOrderListQuerySchema,
        response: { 400: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const where = listConditions(request.query);
      const page = periodPageOf(request.query.range);
      const settings = await loadWorkOrderSettings(db(), ['sort', 'statusValues', 'priorityValues']);
      const order = orderBy(sortTerms(request.query.sort, settings.sort), settings);
      const { body, rows } = await listWorkOrders(db(), where, order, page);
      await answerPage(reply, 'workOrder', page, rows, () => countWorkOrders(db(), where));
      reply.type('application/json; charset=utf-8');
      return body;
    },
  );

  app.get(
    '/workOrder/my',
    { config: { access: { permission: 'read-workorder' } }, schema: { tags, summary: "The caller's own orders (assigned to them), by start" } },
    async (request, reply) => {
      const mine = eq(workOrders.assignedTo, currentUser(request)._id);
      const page = periodPageOf(undefined);
      const { body, rows } = await listWorkOrders(db(), mine, OWN_ORDERS_ORDER, page);
      await answerPage(reply, 'workOrder', page, rows, () => countWorkOrders(db(), mine));
      reply.type('application/json; charset=utf-8');
      return body;
    },
  );

  app.get<{ Params: { id: string } }>(
    '/workOrder/:id',
    {
      config: { access: managerOr('read-workorder', 'read-workorder for an order assigned to the caller') },
      schema: { tags, summary: 'One order with its activity (newest first) and its alert', params: idParamsSchema, response: { 403: errorSchema, 404: errorSchema } },
    },
    async (request) => {
      await orderFor(db(), request.params.id, currentUser(request));
      return detailOf(request.params.id);
    },
  );

  app.post(
    '/workOrder',
    { config: { access: manage }, schema: { tags, summary: 'Create an order (spec §5 checks in the form order); an alert opens one order at most (409)', body: bodySchema, response: writeErrors } },
    async (request, reply) => {
      const settings = await loadWorkOrderSettings(db(), ['statusValues', 'priorityValues']);
      const outcome = await createWorkOrder(db(), request.body, settings, currentUser(request));
      const detail = await detailOf(outcome._id);
      publishWorkOrderWrite(pushes(reply), outcome._id, { assignees: outcome.assignees, order: detail, newAssignee: outcome.newAssignee, resolved: outcome.resolved });
      return detail;
    },
  );

  app.put<{ Params: { id: string } }>(
    '/workOrder/:id',
    {
      config: { access: managerOr('update-workorder', 'update-workorder for an order assigned to the caller, its status only') },
      schema: { tags, summary: 'Change an order (the whole order); the assignee without manage-workorder only its status; a Completed order keeps its status (409)', params: idParamsSchema, body: bodySchema, response: writeErrors },
    },
    async (request, reply) => {
      const settings = await loadWorkOrderSettings(db(), ['statusValues', 'priorityValues']);
      const outcome = await updateWorkOrder(db(), request.params.id, request.body, settings, currentUser(request));
      const detail = await detailOf(outcome._id);
      publishWorkOrderWrite(pushes(reply), outcome._id, { assignees: outcome.assignees, order: detail, newAssignee: outcome.newAssignee, resolved: outcome.resolved });
      return detail;
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/workOrder/:id',
    { config: { access: manage }, schema: { tags, summary: 'Delete an order and its activity', params: idParamsSchema, response: { 404: errorSchema } } },
    async (request, reply) => {
      const { assignees } = await deleteWorkOrder(db(), request.params.id, currentUser(request));
      publishWorkOrderWrite(pushes(reply), request.params.id, { assignees });
      return { _id: request.params.id, message: 'Deleted successfully' };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/workOrder/:id/activity',
    {
      config: { access: managerOr('update-workorder', 'update-workorder for an order assigned to the caller') },
      schema: { tags, summary: 'Record activity {comment} (trimmed, not blank); a Completed order takes none (409); answers the order', params: idParamsSchema, body: activitySchema, response: writeErrors },
    },
    async (request, reply) => {
      const { assignees } = await addActivity(db(), request.params.id, request.body, currentUser(request));
      publishWorkOrderWrite(pushes(reply), request.params.id, { assignees });
      return detailOf(request.params.id);
    },
  );
}
