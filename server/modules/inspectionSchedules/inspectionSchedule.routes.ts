import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentUser } from '../../auth/authPlugin';
import { notFound } from '../../http/errors';
import { answerPage, periodOf, periodPageOf, periodQuerySchema } from '../../http/period';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { countSchedules, listSchedules, scheduleById } from './scheduleReads';
import { createSchedule, deleteSchedule, updateSchedule } from './scheduleWrites';

const tags = ['inspectionSchedule'];
const read = { permission: 'read-inspection-schedule' } as const;
const manage = { permission: 'manage-inspection-schedule' } as const;
const bodySchema = { type: 'object', description: '{assetId, checklistIds, start (start of day, epoch ms), end (end of day, epoch ms)}' } as const;

/** Spec §7 / DESIGN §12: the four inspection schedule calls; each write pushes update-detail. */
export async function inspectionScheduleRoutes(app: FastifyInstance) {
  const db = () => app.services.db;
  const pushed = (reply: FastifyReply, _id: string) => app.services.pushes.forAnswer(reply).publish('update-detail', { type: 'inspectionSchedule', _id });

  app.get<{ Querystring: { start?: string; end?: string; range?: string } }>(
    '/inspectionSchedule',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Schedules whose window overlaps [start, end], by start, with asset and checklist names; range pages',
        querystring: { type: 'object', properties: periodQuerySchema },
        response: { 400: errorSchema },
      },
    },
    async (request, reply) => {
      const period = periodOf(request.query);
      const page = periodPageOf(request.query.range);
      const { body, rows } = await listSchedules(db(), period, page);
      await answerPage(reply, 'inspectionSchedule', page, rows, () => countSchedules(db(), period));
      reply.type('application/json; charset=utf-8');
      return body;
    },
  );

  app.post(
    '/inspectionSchedule',
    { config: { access: manage }, schema: { tags, summary: 'Create a schedule (spec §5 checks, in order)', body: bodySchema, response: { 400: errorSchema } } },
    async (request, reply) => {
      const id = await createSchedule(db(), request.body, currentUser(request));
      pushed(reply, id);
      return scheduleById(db(), id);
    },
  );

  app.put<{ Params: { id: string } }>(
    '/inspectionSchedule/:id',
    {
      config: { access: manage },
      schema: { tags, summary: 'Change a schedule; one holding inspections answers 409', params: idParamsSchema, body: bodySchema, response: { 400: errorSchema, 404: errorSchema, 409: errorSchema } },
    },
    async (request, reply) => {
      await updateSchedule(db(), request.params.id, request.body, currentUser(request));
      pushed(reply, request.params.id);
      const saved = await scheduleById(db(), request.params.id);
      if (!saved) throw notFound('Inspection schedule not found');
      return saved;
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/inspectionSchedule/:id',
    { config: { access: manage }, schema: { tags, summary: 'Delete a schedule (also one holding inspections)', params: idParamsSchema, response: { 404: errorSchema } } },
    async (request, reply) => {
      await deleteSchedule(db(), request.params.id, currentUser(request));
      pushed(reply, request.params.id);
      return { _id: request.params.id, message: 'Deleted successfully' };
    },
  );
}
