import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthUser } from '../../auth/access';
import { currentUser } from '../../auth/authPlugin';
import { badRequest, forbidden } from '../../http/errors';
import { pageOf, sendContentRange } from '../../http/paging';
import { errorSchema } from '../../http/schemas';
import { isKpiName, KPI_DEFINITIONS, KPI_NAMES, type KpiDefinition, type KpiName } from '../../../common/kpis/kpiDefinitions';
import { parseQueryJson } from '../../http/queryJson';
import { kpiFigure, kpiRows, type KpiContext, type KpiRowsView } from './kpiQueries';
import { backlogSettings, kpiScopeOf, type KpiQuery } from './kpiScope';

const tags = ['kpi'];
/** Whoever reads work orders or alerts: each KPI then checks the permission its rows need. */
const readers = { anyPermission: ['manage-workorder', 'read-alert'] } as const;
const scopeQuery = {
  type: 'object',
  properties: {
    start: { type: 'string', maxLength: 20, description: 'epoch ms; default: 90 days before end' },
    end: { type: 'string', maxLength: 20, description: 'epoch ms; default: now' },
    asset: { type: 'string', maxLength: 10_000, description: 'asset ids or names, comma separated; default: every current asset' },
  },
  additionalProperties: false,
} as const;
const nameParams = { type: 'object', required: ['name'], properties: { name: { type: 'string', enum: [...KPI_NAMES] } } } as const;

/** The KPI, for a caller who may read the rows it counts (403 otherwise). */
export function kpiFor(name: string, user: AuthUser): KpiDefinition {
  if (!isKpiName(name)) throw badRequest('name', `name must be one of ${KPI_NAMES.join(', ')}`);
  const definition = KPI_DEFINITIONS[name];
  if (!user.permissions.has(definition.permission)) throw forbidden(`${definition.label} counts what ${definition.permission} reads, which you do not hold`);
  return definition;
}

const SEARCH_MAX_LENGTH = 200;

/** `sort=["field","ASC"|"DESC"]` over one of the KPI's fields (400 naming sort otherwise); none keeps the KPI's order. */
function rowsSort(definition: KpiDefinition, text: string | undefined): KpiRowsView['sort'] {
  if (text === undefined || text.trim() === '') return undefined;
  const value = parseQueryJson('sort', text);
  const fields = definition.fields.map((field) => field.dataField);
  if (!Array.isArray(value) || value.length !== 2 || typeof value[1] !== 'string' || !/^(asc|desc)$/i.test(value[1])) {
    throw badRequest('sort', 'sort must be ["field", "ASC" or "DESC"]');
  }
  if (typeof value[0] !== 'string' || !fields.includes(value[0])) throw badRequest('sort', `sort: ${definition.label} rows sort by one of ${fields.join(', ')}`);
  return { field: value[0], direction: value[1].toLowerCase() as 'asc' | 'desc' };
}

/** What a KPI is computed over, from a request's query (kpiScope.ts) and the backlog settings. */
export async function kpiContext(app: FastifyInstance, name: KpiName, query: KpiQuery, now = Date.now()): Promise<KpiContext> {
  const db = app.services.db;
  const [scope, backlog] = await Promise.all([kpiScopeOf(db, query, now), backlogSettings(db)]);
  return { scope, now, backlog };
}

/** DESIGN §18 (docs/kpis.md): each KPI's figure, and the rows it counted. */
export async function kpiRoutes(app: FastifyInstance) {
  app.get(
    '/kpi',
    { config: { access: readers }, schema: { tags, summary: 'The KPIs the caller may read: name, label, formula, unit, source and the columns of their rows' } },
    async (request: FastifyRequest) => {
      const user = currentUser(request);
      return KPI_NAMES.map((name) => KPI_DEFINITIONS[name]).filter((definition) => user.permissions.has(definition.permission));
    },
  );

  app.get<{ Params: { name: string }; Querystring: KpiQuery }>(
    '/kpi/:name',
    {
      config: { access: readers },
      schema: { tags, summary: "A KPI's figure over a period and assets: value, numerator, denominator and how many rows it counted", params: nameParams, querystring: scopeQuery, response: { 400: errorSchema, 403: errorSchema } },
    },
    async (request) => {
      const definition = kpiFor(request.params.name, currentUser(request));
      return kpiFigure(app.services.db, definition.name, await kpiContext(app, definition.name, request.query));
    },
  );

  app.get<{ Params: { name: string }; Querystring: KpiQuery & { range?: string; sort?: string; search?: string } }>(
    '/kpi/:name/rows',
    {
      config: { access: readers },
      schema: {
        tags,
        summary:
          'The rows a KPI counted over the period and assets (total), in its order or sort=["field","ASC"|"DESC"] by one of its fields; search keeps rows whose text fields hold it (matching); range=[first,last] pages them (Content-Range over matching)',
        params: nameParams,
        querystring: {
          ...scopeQuery,
          properties: {
            ...scopeQuery.properties,
            range: { type: 'string', maxLength: 100 },
            sort: { type: 'string', maxLength: 200 },
            search: { type: 'string', maxLength: SEARCH_MAX_LENGTH },
          },
        },
        response: { 400: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      const definition = kpiFor(request.params.name, currentUser(request));
      const { range, sort, search, ...query } = request.query;
      const page = pageOf(range);
      const view = { sort: rowsSort(definition, sort), search };
      const rows = await kpiRows(app.services.db, definition.name, await kpiContext(app, definition.name, query), page, view);
      sendContentRange(reply, 'kpi', page, rows.rows.length, rows.matching);
      return rows;
    },
  );
}
