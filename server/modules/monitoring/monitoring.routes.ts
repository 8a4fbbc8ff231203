import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/errors';
import { errorSchema, idParamsSchema } from '../../http/schemas';
import { deviceKeySecrets, readingRefusals } from '../../db/schema';
import { DEVICE_KEY_HEADER } from '../../../common/resources/deviceKey';
import { newSecret } from './deviceKeyCache';
import { DEVICE_KEYS_CHANGED, deviceKeys } from './deviceKey.resource';
import { MAX_BATCH_READINGS } from './readingIntake';

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
}
