import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { deviceKeySecrets, meterCrossings, pointStates, readingRefusals } from '../../db/schema';
import { DEVICE_KEY_HEADER } from '../../../common/resources/deviceKey';
import { newSecret } from './deviceKeyCache';
import { DEVICE_KEYS_CHANGED, deviceKeys } from './deviceKey.resource';
import { MAX_BATCH_READINGS } from './readingIntake';
import { measurementPoints } from './measurementPoint.resource';
import { DEFAULT_BUCKETS, MAX_BUCKETS, MAX_TREND_RANGE_MS, pointTrend } from './trend';
import { DAY_MS } from './compaction';
import { nextService } from '../../../common/monitoring/meter';

/** Who reads points and their readings: whoever reads assets (measurementPoint.resource.ts). */
const READ_POINTS = { anyPermission: ['read-asset', 'manage-asset'] } as const;

const tags = ['monitoring'];

/** POST /reading's body as the API document shows it. */
const READINGS_BODY = {
  type: 'object',
  required: ['readings'],
  additionalProperties: false,
  properties: {
    readings: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_BATCH_READINGS,
      items: {
        type: 'object',
        required: ['asset', 'point', 'value', 'ts'],
        additionalProperties: false,
        properties: {
          asset: { type: 'string', minLength: 1, maxLength: 200, description: "The asset's identification (its QR code)" },
          point: { type: 'string', maxLength: 60, pattern: '^[A-Za-z0-9_.:-]+$', description: "The measurement point's key" },
          site: { type: 'string', maxLength: 60, description: "Default: the key's site" },
          value: { type: 'number' },
          ts: { oneOf: [{ type: 'integer', minimum: 0, description: 'Milliseconds since 1970' }, { type: 'string', format: 'date-time' }] },
        },
      },
    },
  },
} as const;

/** Condition monitoring's own calls (DESIGN §17, docs/monitoring.md); device keys and points are declared resources. */
export async function monitoringRoutes(app: FastifyInstance) {
  const db = () => app.services.db;

  app.post(
    '/reading',
    {
      // The body is checked by the handler after the key (readingIntake.ts), so every refusal is counted for its key.
      config: { access: { public: true, note: `a device key in ${DEVICE_KEY_HEADER}; refused readings are counted for it` }, documentedBody: READINGS_BODY },
      schema: {
        tags,
        summary: `Readings from an HTTP gateway, at most ${MAX_BATCH_READINGS}: all stored or none; a reading already stored is counted as a duplicate`,
        response: { 400: errorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request) => {
      const header = request.headers[DEVICE_KEY_HEADER];
      return app.services.readings.fromBatch(typeof header === 'string' ? header : undefined, request.body);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/deviceKey/:id/secret',
    {
      config: { access: { permission: 'manage-devicekey' } },
      schema: { tags, summary: 'Issue a device key a new secret: answered once, as the gateway sends it (`<id>.<secret>`); the old one stops working', params: idParamsSchema, response: { 404: errorSchema } },
    },
    async (request) => {
      const [key] = await db().select({ _id: deviceKeys._id }).from(deviceKeys).where(eq(deviceKeys._id, request.params.id));
      if (!key) throw notFound('Device key not found');
      const { token, hash } = newSecret(key._id);
      await db()
        .insert(deviceKeySecrets)
        .values({ deviceKey: key._id, hash })
        .onConflictDoUpdate({ target: deviceKeySecrets.deviceKey, set: { hash, issuedAt: sql`(extract(epoch from now()) * 1000)::bigint` } });
      app.services.bus.publish(DEVICE_KEYS_CHANGED);
      return { key: token };
    },
  );

  app.get(
    '/readingRefusal',
    {
      config: { access: { permission: 'manage-devicekey' } },
      schema: { tags, summary: 'Readings refused, by device key (empty: unknown) and reason, with the last one’s detail; most recent first' },
    },
    async () => {
      await app.services.readings.flush();
      return db().select().from(readingRefusals).orderBy(desc(readingRefusals.lastAt)).limit(500);
    },
  );

  const point = getTableColumns(measurementPoints) as unknown as Record<'_id' | 'asset' | 'name' | 'unit' | 'attribute' | 'kind' | 'direction' | 'warning' | 'critical' | 'serviceEvery' | 'serviceTask', PgColumn>;
  const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));

  app.get<{ Params: { id: string }; Querystring: { from?: number; to?: number; buckets?: number } }>(
    '/measurementPoint/:id/trend',
    {
      config: { access: READ_POINTS },
      schema: {
        tags,
        summary: `A point's readings over [from, to) (default the last 7 days) in at most \`buckets\` (default ${DEFAULT_BUCKETS}) buckets of min, max, mean and count; its levels, latest reading and forecast`,
        params: idParamsSchema,
        querystring: {
          type: 'object',
          properties: { from: { type: 'integer', minimum: 0 }, to: { type: 'integer', minimum: 1 }, buckets: { type: 'integer', minimum: 1, maximum: MAX_BUCKETS } },
          additionalProperties: false,
        },
        response: { 400: errorSchema, 404: errorSchema },
      },
    },
    async (request) => {
      const now = Date.now();
      const to = request.query.to ?? now;
      const from = request.query.from ?? to - 7 * DAY_MS;
      if (from >= to) throw badRequest('from', 'from must be before to');
      if (to - from > MAX_TREND_RANGE_MS) throw badRequest('from', 'A trend covers at most ten years');
      const trend = await pointTrend(db(), request.params.id, { from, to, buckets: request.query.buckets ?? DEFAULT_BUCKETS }, app.services.config.readingsRetentionDays ?? 90, now);
      if (!trend) throw notFound('Measurement point not found');
      return trend;
    },
  );

  app.get<{ Querystring: { asset: string } }>(
    '/measurementPoint/latest',
    {
      config: { access: READ_POINTS },
      schema: {
        tags,
        summary: "An asset's measurement points with their latest reading (the technician's checklist shows it beside the item of the point's attribute)",
        querystring: { type: 'object', required: ['asset'], properties: { asset: { type: 'string', minLength: 1, maxLength: 64 } }, additionalProperties: false },
        response: { 400: errorSchema },
      },
    },
    async (request) => {
      const rows = await db()
        .select({
          _id: point._id, name: point.name, unit: point.unit, attribute: point.attribute, kind: point.kind, direction: point.direction,
          warning: point.warning, critical: point.critical, lastTs: pointStates.lastTs, lastValue: pointStates.lastValue,
          serviceEvery: point.serviceEvery, serviceTask: point.serviceTask, meterHigh: pointStates.meterHigh,
          lastService: sql<{ at: number; readingTs: number; workOrder: string | null } | null>`(
            select json_build_object('at', c.at, 'readingTs', c.reading_ts, 'workOrder', c.work_order_id) from ${meterCrossings} c
            where c.point_id = ${point._id} order by c.reading_ts desc limit 1)`,
        })
        .from(measurementPoints)
        .leftJoin(pointStates, eq(pointStates.point, point._id))
        .where(eq(point.asset, request.query.asset))
        .orderBy(point.name);
      return rows.map(({ serviceEvery, serviceTask, meterHigh, lastService, ...row }) => {
        const every = row.kind === 'counter' ? numberOrNull(serviceEvery) : null;
        return {
          ...row,
          warning: numberOrNull(row.warning),
          critical: numberOrNull(row.critical),
          // A counter serviced by its reading (docs/monitoring.md "Service by meter"): when it is next due, and its last crossing.
          service: every === null ? null : { every, task: serviceTask as string, next: meterHigh === null ? null : nextService(meterHigh, every), last: lastService ? { ...lastService, at: Number(lastService.at), readingTs: Number(lastService.readingTs) } : null },
        };
      });
    },
  );
}
