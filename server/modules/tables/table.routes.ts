import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../auth/authPlugin';
import { scripts, tableDefinitions } from '../../db/schema';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { errorSchema } from '../../http/schemas';
import { scriptFailure } from '../../sandbox/scriptHttp';
import { validateTableDefinition } from '../../../common/tables/tableDefinition';
import { tableScriptInput, type TableQuery } from './tableInput';

const invalidDefinition = (problem: string) => {
  const message = `The table script returned an invalid table definition: ${problem}`;
  return new HttpError(422, message, { script: message });
};

function compareCells(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
}

/** Rows by one field (empty cells last either way), for a script that did not page itself. */
export function sortRows<T extends Record<string, unknown>>(rows: readonly T[], field: string, direction: 'asc' | 'desc'): T[] {
  const sign = direction === 'desc' ? -1 : 1;
  return [...rows].sort((x, y) => {
    // Own cells only: a sort field named like an Object.prototype member sorts as empty, not on a function.
    const a = Object.hasOwn(x, field) ? x[field] : undefined;
    const b = Object.hasOwn(y, field) ? y[field] : undefined;
    if (a === null || a === undefined || b === null || b === undefined) return compareCells(a, b);
    return sign * compareCells(a, b);
  });
}

/**
 * GET /table/{tableId} (spec §7): the table screen's data call. Runs the table record's script as
 * the caller with the filters as `input`, checks the table definition it returns (spec §3) and
 * answers it. With `range=[a,b]` the script gets `input.page`; a script that pages itself returns
 * `total`, otherwise the server cuts the page from its rows. The record itself is /table/id/{id}.
 */
export async function tableRoutes(app: FastifyInstance) {
  app.get<{ Params: { tableId: string }; Querystring: TableQuery }>(
    '/table/:tableId',
    {
      config: { access: { permission: 'read-table' } },
      schema: {
        tags: ['table'],
        summary: 'Run the table script with the filter params (dateRange=start|end, range, sort) and answer the table definition',
        params: { type: 'object', properties: { tableId: { type: 'string', minLength: 1, maxLength: 200 } }, required: ['tableId'] },
        querystring: { type: 'object', additionalProperties: true },
        response: { 400: errorSchema, 404: errorSchema, 422: errorSchema, 429: errorSchema, 503: errorSchema, 504: errorSchema },
      },
    },
    async (request, reply) => {
      const db = app.services.db;
      const [record] = await db.select().from(tableDefinitions).where(eq(tableDefinitions._id, request.params.tableId));
      if (!record) throw notFound('Table not found');
      const { input, page } = tableScriptInput(request.query);
      const [script] = record.script ? await db.select().from(scripts).where(eq(scripts._id, record.script)) : [];
      if (!script) throw badRequest('script', `Table "${record.name}" has no script to build its data`);

      const result = await app.services.scripts.run({ code: script.code, kind: 'table', input, user: currentUser(request) });
      if (!result.ok) throw scriptFailure(result.error);
      const checked = validateTableDefinition(result.value);
      if (!checked.ok) throw invalidDefinition(checked.problem);
      const definition = { type: record.type, ...checked.definition };
      if (!page) return definition;

      let { data } = definition;
      let total = definition.total;
      if (total === undefined) {
        // The script returned every row: the page is cut here.
        total = data.length;
        if (page.sort) data = sortRows(data, page.sort.field, page.sort.direction);
        data = data.slice(page.offset, page.offset + page.limit);
      }
      const last = data.length > 0 ? page.offset + data.length - 1 : page.offset;
      reply.header('Content-Range', `table ${page.offset}-${last}/${total}`);
      return { ...definition, data, total };
    },
  );
}
