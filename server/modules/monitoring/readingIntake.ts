import type { Database } from '../../db/client';
import { HttpError } from '../../http/errors';
import type { Publisher } from '../../realtime/pushHub';
import type { AlertLevelRow } from '../inspections/thresholdAlerts';
import { openWorkOrdersAfterAlerts, publishOpened } from '../workOrders/autoCreate';
import { readingTopic, SEGMENT, SEGMENT_RULE } from '../../../common/monitoring/topics';
import { DEVICE_KEY_HEADER } from '../../../common/resources/deviceKey';
import type { DeviceKeys, RefusalReason } from './deviceKeyCache';
import type { PointCatalogue } from './pointCatalogue';
import { storeReadings, type AcceptedReading, type StoreOutcome } from './storeReadings';

/** Readings one REST call may carry; more are a 400 naming the list (MQTT gateways send one a message). */
export const MAX_BATCH_READINGS = 5_000;
/** How far ahead of this server's clock a reading may be stamped (a gateway's clock drifts). */
export const FUTURE_SLACK_MS = 5 * 60_000;
/** Readings one flush stores together. */
const FLUSH_ROWS = 2_000;
/** Readings held for storing at most; beyond, the subscriber stops reading until a flush frees room. */
export const BUFFER_LIMIT = 20_000;

/** A reading as a gateway sends it: where from, and its value and time (epoch ms or ISO 8601). */
export interface SentReading {
  site: string;
  identification: string;
  point: string;
  value: unknown;
  ts: unknown;
}

/** A reading in a REST batch: `asset` is the asset's identification (what its QR code holds). */
interface RestReading {
  asset: string;
  point: string;
  site?: string;
  value: unknown;
  ts: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** How many readings a body holds, for the refusal counters (0 when it holds no list). */
const batchLength = (body: unknown): number => (isRecord(body) && Array.isArray(body.readings) ? Math.min(body.readings.length, MAX_BATCH_READINGS) : 0) || 1;

const READING_FIELDS = new Set(['asset', 'point', 'site', 'value', 'ts']);

/** What is wrong with a REST batch's shape (value and time are checked with the reading), or null. */
function batchShapeError(body: unknown): { field: string; message: string } | null {
  if (!isRecord(body)) return { field: 'body', message: 'body must be a JSON object with readings' };
  const unknown = Object.keys(body).find((key) => key !== 'readings');
  if (unknown !== undefined) return { field: unknown.slice(0, 100), message: `${unknown.slice(0, 100)} is not allowed` };
  const list = body.readings;
  if (!Array.isArray(list) || list.length === 0) return { field: 'readings', message: 'readings must be a list of at least one reading' };
  if (list.length > MAX_BATCH_READINGS) return { field: 'readings', message: `readings must hold at most ${MAX_BATCH_READINGS} readings` };
  for (const [i, item] of list.entries()) {
    const field = `readings[${i}]`;
    if (!isRecord(item)) return { field, message: `${field} must be an object` };
    const extra = Object.keys(item).find((key) => !READING_FIELDS.has(key));
    if (extra !== undefined) return { field: `${field}.${extra.slice(0, 100)}`, message: `${field}.${extra.slice(0, 100)} is not allowed` };
    if (typeof item.asset !== 'string' || item.asset.length === 0 || item.asset.length > 200) return { field: `${field}.asset`, message: `${field}.asset must be the asset's identification (1 to 200 characters)` };
    if (typeof item.point !== 'string' || !SEGMENT.test(item.point) || item.point.length > 60) return { field: `${field}.point`, message: `${field}.point must be a point key (${SEGMENT_RULE}, at most 60)` };
    if (item.site !== undefined && (typeof item.site !== 'string' || item.site.length > 60 || (item.site !== '' && !SEGMENT.test(item.site)))) {
      return { field: `${field}.site`, message: `${field}.site must be a site (${SEGMENT_RULE}, at most 60)` };
    }
  }
  return null;
}

type Checked = { reading: AcceptedReading } | { refused: RefusalReason; field: string; message: string };

/** A reading's time in epoch ms, or null when it is not one. */
function timeOf(ts: unknown): number | null {
  if (typeof ts === 'number') return Number.isSafeInteger(ts) && ts >= 0 ? ts : null;
  if (typeof ts === 'string' && ts.length <= 40 && /^\d{4}-\d{2}-\d{2}T/.test(ts)) {
    const parsed = Date.parse(ts);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

export interface IntakeOptions {
  db: Database;
  deviceKeys: DeviceKeys;
  points: PointCatalogue;
  levels: () => Promise<AlertLevelRow[]>;
  pushes: Publisher;
  retentionDays: number;
  onError: (error: unknown, what: string) => void;
  now?: () => number;
}

/**
 * Where readings come in (DESIGN §17, docs/monitoring.md): from the MQTT subscriber one message at
 * a time, buffered and stored in batches; from a REST gateway a batch at a time, all or nothing;
 * from a submitted inspection, the values of mapped attributes. Each reading is checked against its
 * key, its point and its time; a refused one is counted for the key, never stored.
 */
export function createReadingIntake(options: IntakeOptions) {
  const { deviceKeys, points } = options;
  const now = options.now ?? Date.now;
  let buffer: AcceptedReading[] = [];
  let flushing: Promise<void> | null = null;
  /** Set by close(): a store that fails then is not retried (the process is stopping). */
  let closing = false;
  const roomWaiters: (() => void)[] = [];

  async function check(keyId: string, mayWrite: (assetId: string, topic: string) => boolean, sent: SentReading, field: string): Promise<Checked> {
    const point = await points.byTopic(sent.identification, sent.point);
    if (!point) return { refused: 'unknown point', field, message: `${field} names no measurement point (asset "${sent.identification}", point "${sent.point}")` };
    if (!mayWrite(point.asset, readingTopic(sent))) return { refused: 'asset not allowed', field, message: `${field}: the device key may not write readings of asset "${sent.identification}"` };
    if (typeof sent.value !== 'number' || !Number.isFinite(sent.value) || Math.abs(sent.value) > 1e15) {
      return { refused: 'malformed', field: `${field}.value`, message: `${field}.value must be a finite number` };
    }
    const ts = timeOf(sent.ts);
    if (ts === null) return { refused: 'malformed', field: `${field}.ts`, message: `${field}.ts must be a time: milliseconds since 1970 or ISO 8601` };
    const current = now();
    if (ts > current + FUTURE_SLACK_MS) return { refused: 'malformed', field: `${field}.ts`, message: `${field}.ts is in the future` };
    if (ts < current - options.retentionDays * 86_400_000) return { refused: 'malformed', field: `${field}.ts`, message: `${field}.ts is older than the ${options.retentionDays} days readings are kept` };
    return { reading: { point, ts, value: sent.value, deviceKey: keyId, inspection: null } };
  }

  async function afterStore(outcome: StoreOutcome) {
    for (const event of outcome.fired) options.pushes.publish('new-alert', event);
    for (const _id of outcome.changed) options.pushes.publish('update-detail', { type: 'alert', _id });
    publishOpened(options.pushes, { opened: outcome.serviceOrders, unassigned: [] });
    if (outcome.opened.length > 0) await openWorkOrdersAfterAlerts(options.db, options.pushes, outcome.opened, (error) => options.onError(error, 'work orders for sensor alerts'));
  }

  async function store(batch: AcceptedReading[]): Promise<StoreOutcome> {
    const outcome = await storeReadings(options.db, await options.levels(), batch);
    await afterStore(outcome);
    return outcome;
  }

  async function drain() {
    // Until nothing is left: a reading that came while the counters were written waits for no later one.
    do {
      while (buffer.length > 0) {
        const batch = buffer.slice(0, FLUSH_ROWS);
        buffer = buffer.slice(FLUSH_ROWS);
        for (const waiter of roomWaiters.splice(0)) waiter();
        try {
          await store(batch);
        } catch (error) {
          if (closing) {
            options.onError(error, `${batch.length + buffer.length} buffered readings could not be stored before stopping`);
            buffer = [];
            break;
          }
          // Held for the next flush: a database that is away for a moment loses nothing.
          buffer = [...batch, ...buffer];
          options.onError(error, 'readings could not be stored');
          await new Promise((resolve) => setTimeout(resolve, 1_000));
        }
      }
      await deviceKeys.flush().catch((error: unknown) => options.onError(error, 'device key counters'));
    } while (buffer.length > 0);
  }

  function flush(): Promise<void> {
    flushing ??= drain().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  return {
    /**
     * One message from the broker: its topic's parts and payload, checked and buffered. Answers once
     * the buffer has room (the subscriber's back-pressure: it reads the next message after).
     */
    async fromMessage(keyToken: string | null, sent: SentReading, topic: string): Promise<void> {
      const at = now();
      if (!keyToken) {
        deviceKeys.refused('', 'unknown key', `no key on ${topic}`, at);
        return;
      }
      const checked = await deviceKeys.check(keyToken);
      if ('refused' in checked) {
        deviceKeys.refused(checked.keyId, checked.refused, topic, at);
        return;
      }
      const { key } = checked;
      const result = await check(key._id, (assetId, readingTopicName) => deviceKeys.mayWrite(key, assetId, readingTopicName, sent.site), sent, 'reading');
      if ('refused' in result) {
        deviceKeys.refused(key._id, result.refused, `${topic}: ${result.message}`, at);
        return;
      }
      deviceKeys.accepted(key._id, 1, at);
      buffer.push(result.reading);
      void flush();
      if (buffer.length >= BUFFER_LIMIT) await new Promise<void>((resolve) => roomWaiters.push(resolve));
    },

    /** A message that is not a reading at all (its topic or payload): counted, its key unknown. */
    malformed(detail: string) {
      deviceKeys.refused('', 'malformed', detail, now());
      void flush();
    },

    /** A REST gateway's batch: every reading is checked first; one refused refuses the call (nothing stored). */
    async fromBatch(keyToken: string | undefined, body: unknown): Promise<Pick<StoreOutcome, 'stored' | 'duplicates' | 'late'>> {
      const at = now();
      const count = batchLength(body);
      if (!keyToken) {
        deviceKeys.refused('', 'unknown key', 'POST /api/reading without x-device-key', at, count);
        await deviceKeys.flush();
        throw new HttpError(401, `A device key is required (${DEVICE_KEY_HEADER})`);
      }
      const checked = await deviceKeys.check(keyToken);
      if ('refused' in checked) {
        deviceKeys.refused(checked.keyId, checked.refused, 'POST /api/reading', at, count);
        await deviceKeys.flush();
        throw new HttpError(401, checked.refused === 'inactive key' ? 'The device key is not active' : 'The device key is not known');
      }
      const shapeError = batchShapeError(body);
      if (shapeError) {
        deviceKeys.refused(checked.key._id, 'malformed', `POST /api/reading: ${shapeError.message}`, at, count);
        await deviceKeys.flush();
        throw new HttpError(400, shapeError.message, { [shapeError.field]: shapeError.message });
      }
      const sent = (body as { readings: RestReading[] }).readings;
      const { key } = checked;
      const accepted: AcceptedReading[] = [];
      for (const [i, item] of sent.entries()) {
        const reading: SentReading = { site: item.site || key.site, identification: item.asset, point: item.point, value: item.value, ts: item.ts };
        const result = await check(key._id, (assetId, topic) => deviceKeys.mayWrite(key, assetId, topic, reading.site), reading, `readings[${i}]`);
        if ('refused' in result) {
          deviceKeys.refused(key._id, result.refused, `POST /api/reading: ${result.message}`, at, count);
          await deviceKeys.flush();
          throw new HttpError(result.refused === 'asset not allowed' ? 403 : 400, result.message, { [result.field]: result.message });
        }
        accepted.push(result.reading);
      }
      const outcome = await store(accepted);
      deviceKeys.accepted(key._id, accepted.length, at);
      await deviceKeys.flush();
      return { stored: outcome.stored, duplicates: outcome.duplicates, late: outcome.late };
    },

    /** A technician's values of attributes that measurement points map (DESIGN §17: one history, one set of alerts). */
    async fromInspection(assetId: string, inspectionId: string, ts: number, values: readonly { attribute: string; value: unknown }[]): Promise<void> {
      if (!(await points.mapsAttributesOf(assetId))) return;
      const accepted: AcceptedReading[] = [];
      for (const { attribute, value } of values) {
        if (typeof value !== 'number' || !Number.isFinite(value)) continue;
        for (const point of await points.byAttribute(assetId, attribute)) accepted.push({ point, ts, value, deviceKey: null, inspection: inspectionId });
      }
      if (accepted.length > 0) await store(accepted);
    },

    /** Stores what is buffered (the tests' and the REST calls' way to see counters written). */
    flush,
    /** Stores what is buffered, once more, before the process stops: a failing database is not waited for. */
    async close(): Promise<void> {
      closing = true;
      await flush();
    },
    /** Readings buffered and not yet stored. */
    pending: () => buffer.length,
  };
}

export type ReadingIntake = ReturnType<typeof createReadingIntake>;
