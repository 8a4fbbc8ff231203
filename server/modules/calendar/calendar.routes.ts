import type { FastifyInstance, FastifyReply } from 'fastify';
import { currentUser } from '../../auth/authPlugin';
import { notFound } from '../../http/errors';
import { answerPage, periodOf, periodPageOf, periodQuerySchema } from '../../http/period';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { withFilterValues } from '../../../common/resources/calendarConfig';
import { countEntries, entriesWhere, entryById, filterConditions, listEntries } from './calendarEntryReads';
import { createEntry, deleteEntry, updateEntry } from './calendarEntryWrites';
import { loadCalendarSettings } from './calendarSettings';

const tags = ['calendar'];
const read = { permission: 'read-calendar' } as const;
const manage = { permission: 'manage-calendar' } as const;
const bodySchema = {
  type: 'object',
  description: '{type (entry type id), start, end (epoch ms), name?, customAttributes?, color?, timed?, disableDelete?}',
} as const;

/** Spec §7 / DESIGN §12: the six calendar calls; each write pushes update-detail {type: 'calendarEntry'}. */
export async function calendarRoutes(app: FastifyInstance) {
  const db = () => app.services.db;
  const settings = () => loadCalendarSettings(app.services.configEntries);
  const pushed = (reply: FastifyReply, _id: string) => app.services.pushes.forAnswer(reply).publish('update-detail', { type: 'calendarEntry', _id });

  app.get(
    '/calendarEntry/calendarConfig',
    { config: { access: read }, schema: { tags, summary: 'The calendar config (config entry calendar.config); filter values and legend filled in', response: { 409: errorSchema } } },
    async () => {
      const { config, types } = await settings();
      return withFilterValues(config, types);
    },
  );

  app.get(
    '/calendarEntryType',
    { config: { access: read }, schema: { tags, summary: 'Calendar entry types {_id, name, color} (config entry calendar.entryTypes)', response: { 409: errorSchema } } },
    async () => (await settings()).types,
  );

  app.get<{ Querystring: Record<string, unknown> & { start?: string; end?: string; range?: string } }>(
    '/calendarEntry',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Entries overlapping [start, end] as {data}, filtered by <type or custom field key>=<value> (repeat for any of several); range pages',
        querystring: { type: 'object', properties: periodQuerySchema, additionalProperties: true },
        response: { 400: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const period = periodOf(request.query);
      const page = periodPageOf(request.query.range);
      const where = entriesWhere(period, filterConditions(request.query, await settings()));
      const { body, rows } = await listEntries(db(), where, page);
      await answerPage(reply, 'calendarEntry', page, rows, () => countEntries(db(), where));
      reply.type('application/json; charset=utf-8');
      return `{"data":${body}}`;
    },
  );

  app.post(
    '/calendarEntry',
    { config: { access: manage }, schema: { tags, summary: 'Create an entry (spec §5 date checks, type, custom attributes)', body: bodySchema, response: { 400: errorSchema, 409: errorSchema } } },
    async (request, reply) => {
      const id = await createEntry(db(), request.body, await settings(), currentUser(request));
      pushed(reply, id);
      return entryById(db(), id);
    },
  );

  app.put<{ Params: { id: string } }>(
    '/calendarEntry/:id',
    {
      config: { access: manage },
      schema: { tags, summary: 'Change an entry; optional fields left out keep their values', params: idParamsSchema, body: bodySchema, response: { 400: errorSchema, 404: errorSchema, 409: errorSchema } },
    },
    async (request, reply) => {
      await updateEntry(db(), request.params.id, request.body, await settings(), currentUser(request));
      pushed(reply, request.params.id);
      const saved = await entryById(db(), request.params.id);
      if (!saved) throw notFound('Calendar entry not found');
      return saved;
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/calendarEntry/:id',
    { config: { access: manage }, schema: { tags, summary: 'Delete an entry; one with disableDelete answers 409', params: idParamsSchema, response: { 404: errorSchema, 409: errorSchema } } },
    async (request, reply) => {
      await deleteEntry(db(), request.params.id, currentUser(request));
      pushed(reply, request.params.id);
      return { _id: request.params.id, message: 'Deleted successfully' };
    },
  );
}
