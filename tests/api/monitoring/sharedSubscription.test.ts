import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import { sharedServices } from '../helpers/sharedServices';
import { startMosquitto, type Broker } from '../../helpers/mosquitto';
import { createTestApp, type TestApp } from '../helpers/testApp';
import { buildApp } from '../../../server/app';
import type { FastifyInstance } from 'fastify';

const servers = await sharedServices('two server processes sharing one MQTT subscription');

/**
 * DESIGN §17 with two server processes on one PostgreSQL, Redis and broker: the MQTT 5 shared
 * subscription gives each reading to one of them, a reading delivered twice is stored once and
 * raises one alert, and a process that stops leaves its share to the other.
 */
describe.skipIf(!servers)('two processes sharing the readings subscription', () => {
  const external = process.env.MQTT_URL ?? null;
  let broker: Broker | null = null;
  let first: TestApp;
  let second: FastifyInstance | null;
  let gateway: MqttClient;
  let token: string;
  let pointId: string;
  const handled = { first: 0, second: 0 };
  const NOW = Date.now();
  const topic = 'facilityops/east/AHU-9/fan_vibration';

  /** Counts the messages an app's subscriber hands its intake. */
  function counting(app: FastifyInstance, which: keyof typeof handled) {
    const intake = app.services.readings;
    const original = intake.fromMessage.bind(intake);
    intake.fromMessage = (...args) => {
      handled[which] += 1;
      return original(...args);
    };
  }

  const count = async (statement: ReturnType<typeof sql>) => Number(((await first.app.services.db.execute(statement)) as unknown as { rows: { n: string | number }[] }).rows[0]!.n);

  beforeAll(async () => {
    if (!external) broker = await startMosquitto();
    const mqttUrl = external ?? broker!.url;
    first = await createTestApp({ mqttUrl }, servers!);
    second = await buildApp({ ...first.config });
    counting(first.app, 'first');
    counting(second, 'second');
    await Promise.all([first.app.readingSubscriber!.subscribed, second.readingSubscriber!.subscribed]);
    const post = async (url: string, payload: Record<string, unknown>) => (await first.request({ as: 'admin', method: 'POST', url, payload })).json();
    const asset = await post('/api/asset', { name: 'AHU 9', identification: 'AHU-9', tags: [], checklists: [], staticAttributes: [], checklistOptions: [], message: '' });
    pointId = (await post('/api/measurementPoint', { asset: asset._id, name: 'Fan vibration', key: 'fan_vibration', unit: 'mm/s', warning: 7.1 }))._id;
    const key = await post('/api/deviceKey', { name: 'East gateway', topics: ['facilityops/east/#'] });
    token = (await post(`/api/deviceKey/${key._id}/secret`, {})).key;
    gateway = await mqtt.connectAsync(mqttUrl, { protocolVersion: 5 });
  }, 60_000);

  afterAll(async () => {
    await gateway?.endAsync(true);
    await second?.close();
    await first?.close();
    await broker?.close();
  });

  const publish = (value: number, minute: number) => gateway.publishAsync(topic, JSON.stringify({ key: token, value, ts: NOW - 600 * 60_000 + minute * 60_000 }), { qos: 1 });

  it('gives each reading to one process, and stores each once', async () => {
    for (let minute = 0; minute < 200; minute += 1) await publish(2 + (minute % 5) / 10, minute);
    await expect.poll(() => count(sql`select count(*) as n from readings where point_id = ${pointId}`), { timeout: 20_000 }).toBe(200);
    expect(handled.first + handled.second).toBe(200);
    expect(handled.first).toBeGreaterThan(0);
    expect(handled.second).toBeGreaterThan(0);
  });

  it('raises one alert for a reading delivered twice, whichever processes handle it', async () => {
    await publish(9.5, 300);
    await publish(9.5, 300);
    await expect.poll(() => count(sql`select count(*) as n from alerts where point_id = ${pointId}`), { timeout: 20_000 }).toBe(1);
    expect(await count(sql`select count(*) as n from readings where point_id = ${pointId} and ts = ${NOW - 300 * 60_000}`)).toBe(1);
    expect(await count(sql`select repeats as n from alerts where point_id = ${pointId}`)).toBe(0);
  });

  it("leaves a stopping process's share to the other", async () => {
    await second!.close();
    second = null;
    const before = handled.first;
    for (let minute = 400; minute < 500; minute += 1) await publish(3, minute);
    await expect.poll(() => count(sql`select count(*) as n from readings where point_id = ${pointId} and ts >= ${NOW - 200 * 60_000}`), { timeout: 20_000 }).toBe(100);
    expect(handled.first - before).toBe(100);
  });
});
