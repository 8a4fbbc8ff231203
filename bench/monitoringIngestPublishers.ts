import mqtt, { type MqttClient } from 'mqtt';

/**
 * bench/monitoringIngest.ts's gateways: a process of its own (started with `fork`, told over IPC
 * what to publish) holding several MQTT 5 clients that publish readings at QoS 1 at a paced rate,
 * so that the bench's own process — which times the alert probe and counts stored rows — is not the
 * one encoding thousands of messages a second. Each point belongs to one client, so a point's
 * readings leave in time order on one connection; each reading of a point has a time of its own
 * (its previous one + 1 ms at least), so none is a duplicate of another.
 *
 * Times are wall-clock milliseconds with sub-millisecond resolution (performance.timeOrigin +
 * performance.now()), the clock of the bench's process too.
 */

export interface PublishCommand {
  type: 'publish';
  url: string;
  /** The device key as a gateway sends it: `<id>.<secret>`. */
  key: string;
  topics: string[];
  /** Readings per second over all clients. */
  rate: number;
  seconds: number;
  clients: number;
  /** Readings published and not yet acknowledged by the broker, at most; the pacing waits beyond. */
  maxOutstanding: number;
}
export type PublisherCommand = PublishCommand | { type: 'close' };

export type PublisherReport =
  | { type: 'started'; at: number }
  /** Publishing is over (the last reading left at `lastSentAt`); acknowledgements may still be on their way. */
  | { type: 'published'; sent: number; lastSentAt: number }
  /** Every publish answered: `acked` by the broker (PUBACK), `failed` with an error. */
  | { type: 'done'; sent: number; acked: number; failed: number; firstAt: number; lastSentAt: number; ackedAt: number; offline: number; errors: string[]; outstandingCapHits: number }
  | { type: 'failed'; message: string };

const now = () => performance.timeOrigin + performance.now();
const report = (message: PublisherReport) => process.send!(message);
/** How often the pacing looks at the clock: readings due since the last look leave together. */
const TICK_MS = 5;

let clients: MqttClient[] = [];

async function publish(command: PublishCommand) {
  clients = await Promise.all(
    Array.from({ length: command.clients }, () => mqtt.connectAsync(command.url, { protocolVersion: 5, clean: true, reconnectPeriod: 500, connectTimeout: 10_000 })),
  );
  let offline = 0;
  for (const client of clients) client.on('offline', () => (offline += 1));
  const errors: string[] = [];
  const lastTs = new Array<number>(command.topics.length).fill(0);
  const seq = new Array<number>(command.topics.length).fill(0);
  let sent = 0;
  let acked = 0;
  let failed = 0;
  let outstandingCapHits = 0;
  let publishing = true;
  let allAnswered: () => void = () => undefined;
  const answered = () => {
    if (!publishing && acked + failed === sent) allAnswered();
  };

  const firstAt = now();
  report({ type: 'started', at: firstAt });
  const endAt = firstAt + command.seconds * 1000;
  let lastSentAt = firstAt;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const at = now();
      const wanted = Math.floor(((Math.min(at, endAt) - firstAt) / 1000) * command.rate) - sent;
      const room = command.maxOutstanding - (sent - acked - failed);
      if (wanted > room) outstandingCapHits += 1;
      const due = Math.min(wanted, room);
      for (let i = 0; i < due; i++) {
        const point = sent % command.topics.length;
        const ts = Math.max(Date.now(), lastTs[point]! + 1);
        lastTs[point] = ts;
        const n = (seq[point]! += 1);
        // A plausible signal: a slow wave per point and a little noise, far below the points' levels.
        const value = Math.round((20 + point / 10 + 3 * Math.sin(n / 40) + Math.random()) * 1000) / 1000;
        clients[point % clients.length]!.publish(command.topics[point]!, JSON.stringify({ key: command.key, value, ts }), { qos: 1 }, (error) => {
          if (error) {
            failed += 1;
            if (errors.length < 10) errors.push(error.message);
          } else acked += 1;
          answered();
        });
        sent += 1;
      }
      if (due > 0) lastSentAt = now();
      if (at >= endAt) resolve();
      else setTimeout(tick, TICK_MS);
    };
    tick();
  });
  publishing = false;
  report({ type: 'published', sent, lastSentAt });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${sent - acked - failed} of ${sent} publishes unanswered by the broker 120 s after the last`)), 120_000);
    allAnswered = () => {
      clearTimeout(timer);
      resolve();
    };
    answered();
  });
  report({ type: 'done', sent, acked, failed, firstAt, lastSentAt, ackedAt: now(), offline, errors, outstandingCapHits });
}

process.on('message', (command: PublisherCommand) => {
  if (command.type === 'publish') {
    publish(command).catch((error: unknown) => report({ type: 'failed', message: error instanceof Error ? error.message : String(error) }));
  } else {
    void Promise.all(clients.map((client) => client.endAsync(true))).finally(() => process.exit(0));
  }
});
// The bench's process gone (it failed, or was stopped): nothing left to publish for.
process.on('disconnect', () => process.exit(0));
