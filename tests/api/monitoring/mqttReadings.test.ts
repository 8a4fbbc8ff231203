import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { io as connectSocket } from 'socket.io-client';
import { SOCKET_PATH, type NewAlertEvent } from '../../../common/realtime';
import { startMosquitto, type Broker } from '../../helpers/mosquitto';
import { createTestApp, type TestApp } from '../helpers/testApp';

/**
 * DESIGN §17 through a real broker: Debian's Mosquitto on a free port (MQTT_URL when set), a gateway
 * publishing as one would — QoS 0 and 1, duplicates, late readings, a broker restart, keys that are
 * unknown, revoked or outside their assets (docs/monitoring.md).
 */
const external = process.env.MQTT_URL ?? null;
let broker: Broker | null = null;
let url: string;
let t: TestApp;
let token: string;
let revokedToken: string;
let pointId: string;
const gateways: MqttClient[] = [];
const NOW = Date.now();
/** Readings of each test at instants of their own, far apart: a test's late reading is late only for its own point. */
const ago = (minutes: number) => NOW - minutes * 60_000;

async function post(url: string, payload: unknown) {
  return t.request({ as: 'admin', method: 'POST', url, payload: payload as Record<string, unknown> });
}

async function gateway(): Promise<MqttClient> {
  const client = await mqtt.connectAsync(url, { protocolVersion: 5, reconnectPeriod: 200, clean: true });
  gateways.push(client);
  return client;
}

async function count(statement: ReturnType<typeof sql>): Promise<number> {
  const { rows } = (await t.app.services.db.execute(statement)) as unknown as { rows: { n: number | string }[] };
  return Number(rows[0]!.n);
}

const storedOf = (point: string) => count(sql`select count(*) as n from readings where point_id = ${point}`);

async function refusedCount(keyId: string, reason: string): Promise<number> {
  await t.app.services.readings.flush();
  return count(sql`select coalesce(sum(count), 0) as n from reading_refusals where device_key_id = ${keyId} and reason = ${reason}`);
}

const payload = (value: number, ts: number, key: string | null = token) => JSON.stringify(key === null ? { value, ts } : { key, value, ts });

async function makePoint(asset: string, key: string, extra: Record<string, unknown> = {}): Promise<string> {
  const created = await post('/api/measurementPoint', { asset, name: `Point ${key}`, key, unit: 'bar', ...extra });
  expect(created.statusCode).toBe(200);
  return created.json()._id;
}

let assetId: string;
let otherAssetId: string;

beforeAll(async () => {
  if (!external) broker = await startMosquitto();
  url = external ?? broker!.url;
  t = await createTestApp({ mqttUrl: url, mqttClientId: `fo-test-${process.pid}-${Math.random().toString(36).slice(2)}` });
  await t.app.readingSubscriber!.subscribed;
  assetId = (await post('/api/asset', { name: 'Pump 12', identification: 'PMP 12/A', tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' })).json()._id;
  otherAssetId = (await post('/api/asset', { name: 'Pump 13', identification: 'PMP-13', tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' })).json()._id;
  pointId = await makePoint(assetId, 'discharge', { warning: 6 });
  await makePoint(otherAssetId, 'discharge');
  const key = (await post('/api/deviceKey', { name: 'PLC gateway', site: 'north', assets: [assetId] })).json()._id;
  token = (await post(`/api/deviceKey/${key}/secret`, {})).json().key;
  const revoked = (await post('/api/deviceKey', { name: 'Old gateway', assets: [assetId] })).json()._id;
  revokedToken = (await post(`/api/deviceKey/${revoked}/secret`, {})).json().key;
  await t.request({ as: 'admin', method: 'PUT', url: `/api/deviceKey/${revoked}`, payload: { active: false } });
}, 60_000);

afterAll(async () => {
  await Promise.all(gateways.map((client) => client.endAsync(true)));
  await t?.close();
  await broker?.close();
});

// The asset's identification holds a space and a slash: published %-escaped (common/monitoring/topics.ts).
const TOPIC = 'facilityops/north/PMP%2012%2FA/discharge';

describe('readings published to the broker', () => {
  it('are stored at QoS 1 (key in the payload) and QoS 0 (key as a user property)', async () => {
    const client = await gateway();
    const before = await storedOf(pointId);
    await client.publishAsync(TOPIC, payload(4.1, ago(500)), { qos: 1 });
    await client.publishAsync(TOPIC, payload(4.2, ago(499), null), { qos: 0, properties: { userProperties: { key: token } } });
    await expect.poll(() => storedOf(pointId), { timeout: 10_000 }).toBe(before + 2);
  });

  it('are stored once when delivered twice, and stored (not evaluated) when late', async () => {
    const client = await gateway();
    const before = await storedOf(pointId);
    await client.publishAsync(TOPIC, payload(4.3, ago(400)), { qos: 1 });
    await client.publishAsync(TOPIC, payload(4.3, ago(400)), { qos: 1 });
    await client.publishAsync(TOPIC, payload(4.4, ago(401)), { qos: 1 });
    await expect.poll(() => storedOf(pointId), { timeout: 10_000 }).toBe(before + 2);
    await t.app.services.readings.flush();
    const { rows } = (await t.app.services.db.execute(sql`select last_ts from point_states where point_id = ${pointId}`)) as unknown as { rows: { last_ts: string | number }[] };
    expect(Number(rows[0]!.last_ts)).toBe(ago(400));
  });

  it('are refused and counted, never stored, from an unknown or revoked key, or for an asset outside the key', async () => {
    const client = await gateway();
    const stored = await count(sql`select count(*) as n from readings`);
    const unknownBefore = await refusedCount('', 'unknown key');
    const [revokedId] = revokedToken.split('.');
    const keyId = token.split('.')[0]!;
    const outsideBefore = await refusedCount(keyId, 'asset not allowed');
    await client.publishAsync(TOPIC, payload(5, ago(300), `${keyId}.wrong`), { qos: 1 });
    await client.publishAsync(TOPIC, payload(5, ago(300), null), { qos: 1 });
    await client.publishAsync(TOPIC, payload(5, ago(300), revokedToken), { qos: 1 });
    await client.publishAsync('facilityops/north/PMP-13/discharge', payload(5, ago(300)), { qos: 1 });
    await client.publishAsync(TOPIC, 'not json', { qos: 1 });
    await client.publishAsync(TOPIC, payload(Number.NaN, ago(300)), { qos: 1 });
    await expect.poll(() => refusedCount(keyId, 'asset not allowed'), { timeout: 10_000 }).toBe(outsideBefore + 1);
    await expect.poll(() => refusedCount('', 'unknown key'), { timeout: 10_000 }).toBe(unknownBefore + 2);
    await expect.poll(() => refusedCount(revokedId!, 'inactive key'), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => refusedCount('', 'malformed'), { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await expect.poll(() => refusedCount(keyId, 'malformed'), { timeout: 10_000 }).toBe(1);
    expect(await count(sql`select count(*) as n from readings`)).toBe(stored);
  });

  it("reach an engineer's socket as a new alert when past a threshold", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const socket = connectSocket(`http://127.0.0.1:${port}`, { path: SOCKET_PATH, transports: ['websocket'], reconnection: false, forceNew: true, auth: { token: await t.login('engineer') } });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const alert = new Promise<NewAlertEvent>((resolve) => socket.on('new-alert', (event: NewAlertEvent) => event.asset === assetId && resolve(event)));
      const client = await gateway();
      await client.publishAsync(TOPIC, payload(6.5, ago(200)), { qos: 1 });
      const event = await alert;
      expect(event).toMatchObject({ asset: assetId, assetName: 'Pump 12', levelName: 'High', inspection: null });
    } finally {
      socket.disconnect();
    }
  });
});

describe('a reading that comes while the key counters are written', () => {
  it('is stored without waiting for a later one', async () => {
    const point = await makePoint(assetId, 'held');
    const topic = 'facilityops/north/PMP%2012%2FA/held';
    const keys = t.app.services.deviceKeys;
    const original = keys.flush.bind(keys);
    let entered: () => void = () => undefined;
    const writing = new Promise<void>((resolve) => (entered = resolve));
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    keys.flush = async () => {
      entered();
      await gate;
      return original();
    };
    try {
      const client = await gateway();
      await client.publishAsync(topic, payload(1, ago(150)), { qos: 1 });
      await writing;
      // The first reading is stored and its counters are being written: the second joins that flush.
      await client.publishAsync(topic, payload(2, ago(149)), { qos: 1 });
      await expect.poll(() => t.app.services.readings.pending(), { timeout: 10_000 }).toBe(1);
      keys.flush = original;
      release();
      await expect.poll(() => storedOf(point), { timeout: 10_000 }).toBe(2);
    } finally {
      keys.flush = original;
      release();
    }
  });
});

describe.skipIf(external !== null)('a broker restart', () => {
  it('loses nothing delivered at QoS 1: the subscriber resumes by itself', async () => {
    const point = await makePoint(assetId, 'restart');
    const topic = 'facilityops/north/PMP%2012%2FA/restart';
    const client = await gateway();
    const subscriber = t.app.readingSubscriber!;
    const subscriptions = subscriber.subscriptions();
    for (let i = 0; i < 50; i += 1) await client.publishAsync(topic, payload(i, ago(100) + i * 1000), { qos: 1 });
    await expect.poll(() => storedOf(point), { timeout: 20_000 }).toBe(50);
    await broker!.restart();
    // Back once the broker has its subscription again (Debian's Mosquitto 2.0.11 keeps no shared one across a restart).
    await expect.poll(() => subscriber.subscriptions(), { timeout: 20_000 }).toBe(subscriptions + 1);
    for (let i = 50; i < 100; i += 1) await client.publishAsync(topic, payload(i, ago(100) + i * 1000), { qos: 1 });
    await expect.poll(() => storedOf(point), { timeout: 20_000 }).toBe(100);
  });
});
