import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import { parseReadingTopic, SHARED_READINGS_FILTER } from '../../../common/monitoring/topics';
import type { ReadingIntake } from './readingIntake';

/** A message's payload is one reading: a few dozen bytes; more is not a reading. */
export const MAX_PAYLOAD_BYTES = 4_096;
/** The longest stretch of messages handled before I/O (the database's answers, pushes) gets a turn. */
const WORK_SLICE_MS = 4;
/** How long the broker keeps this process's session (and its messages) while it is away. */
const SESSION_EXPIRY_SECONDS = 300;

export interface SubscriberOptions {
  url: string;
  intake: ReadingIntake;
  /** Stable across restarts of this process, distinct from every other's (MQTT_CLIENT_ID); default host, pid and a random part. */
  clientId?: string;
  log: { info(message: string): void; warn(message: string): void };
}

/** The key a message carries: MQTT 5's user property `key`, else the payload's `key`. */
function keyOf(packet: IPublishPacket, payload: Record<string, unknown>): string | null {
  const property = packet.properties?.userProperties?.key;
  const fromProperty = Array.isArray(property) ? property[0] : property;
  if (typeof fromProperty === 'string') return fromProperty;
  return typeof payload.key === 'string' ? payload.key : null;
}

function payloadOf(packet: IPublishPacket): Record<string, unknown> | null {
  if (packet.payload.length > MAX_PAYLOAD_BYTES) return null;
  try {
    const parsed: unknown = JSON.parse(packet.payload.toString());
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The readings subscription (DESIGN §17, docs/monitoring.md): an MQTT 5 shared subscription at QoS 1,
 * so each reading goes to one of the server processes, and a process that stops (it unsubscribes
 * first) or dies (its session expires) leaves its share to the others. After a broker restart the
 * client reconnects by itself and subscribes again where the broker lost the session (Mosquitto
 * 2.0.11 keeps no shared subscription across a restart, docs/monitoring.md: what gateways publish
 * before the subscribers are back is dropped by the broker). A message is acknowledged once it is buffered for storing; the buffer is
 * stored every few milliseconds and before the process stops (a crash loses at most that buffer).
 */
export function startReadingSubscriber(options: SubscriberOptions) {
  const client: MqttClient = mqtt.connect(options.url, {
    protocolVersion: 5,
    // Unique whatever runs in one process (tests run two apps): a second connection with an id takes the first one's place.
    clientId: options.clientId ?? `facilityops-${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`,
    clean: false,
    properties: { sessionExpiryInterval: SESSION_EXPIRY_SECONDS },
    reconnectPeriod: 500,
    connectTimeout: 10_000,
  });
  let subscriptions = 0;
  let markSubscribed: () => void = () => undefined;
  const firstSubscription = new Promise<void>((resolve) => (markSubscribed = resolve));

  client.on('connect', (connack) => {
    options.log.info(`readings: connected to ${options.url}${connack.sessionPresent ? ' (session resumed)' : ''}`);
    if (connack.sessionPresent && subscriptions > 0) return;
    client.subscribe(SHARED_READINGS_FILTER, { qos: 1 }, (error) => {
      if (error) options.log.warn(`readings: subscribing failed: ${error.message}`);
      else {
        subscriptions += 1;
        markSubscribed();
      }
    });
  });
  client.on('error', (error) => options.log.warn(`readings: ${error.message}`));
  client.on('offline', () => options.log.warn('readings: broker not reachable; reconnecting'));

  /**
   * mqtt.js hands over the next message on process.nextTick, which runs before any I/O: a burst
   * the socket holds (thousands of readings after a stall) would be handled in one stretch while the
   * storing transaction's statements and the alerts' pushes wait for it. After WORK_SLICE_MS of
   * messages the next one waits for a turn of the event loop (setImmediate, after I/O) instead.
   */
  let sliceStartedAt = performance.now();
  const next = (callback: () => void) => {
    if (performance.now() - sliceStartedAt < WORK_SLICE_MS) {
      callback();
      return;
    }
    setImmediate(() => {
      sliceStartedAt = performance.now();
      callback();
    });
  };

  // One message at a time, acknowledged when its handling ends (the buffer has room): back-pressure.
  client.handleMessage = (packet, callback) => {
    const topic = parseReadingTopic(packet.topic);
    const payload = payloadOf(packet);
    if (!topic || !payload) {
      options.intake.malformed(`${packet.topic.slice(0, 200)}: ${topic ? 'payload is not a JSON object of at most 4 KB' : 'topic is not facilityops/<site>/<asset>/<point>'}`);
      next(callback);
      return;
    }
    options.intake.fromMessage(keyOf(packet, payload), { ...topic, value: payload.value, ts: payload.ts }, packet.topic).then(
      () => next(callback),
      (error: unknown) => {
        options.log.warn(`readings: a message could not be handled: ${error instanceof Error ? error.message : String(error)}`);
        next(callback);
      },
    );
  };

  return {
    client,
    /** Resolves once the broker has taken the subscription the first time. */
    subscribed: firstSubscription,
    /** How often the broker has taken the subscription: once, and again after each session it lost (a restart). */
    subscriptions: () => subscriptions,
    /** Leaves the share (the others take it), stores what is buffered, and disconnects. */
    async stop(): Promise<void> {
      if (client.connected) await client.unsubscribeAsync(SHARED_READINGS_FILTER).catch(() => undefined);
      await options.intake.close();
      await client.endAsync();
    },
  };
}

export type ReadingSubscriber = ReturnType<typeof startReadingSubscriber>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The readings subscription when MQTT_URL is set (app.ts), else null. */
    readingSubscriber: ReadingSubscriber | null;
  }
}
