import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { deviceKeySecrets, readingRefusals } from '../../db/schema';
import type { InvalidationBus } from '../../realtime/invalidationBus';
import { topicMatches } from '../../../common/monitoring/topics';
import { countUse, DEVICE_KEYS_CHANGED, deviceKeys } from './deviceKey.resource';
import { busCachedLoad } from './busCachedLoad';

/** Why a reading was refused: the counters administrators see (docs/monitoring.md). */
export type RefusalReason = 'unknown key' | 'inactive key' | 'asset not allowed' | 'unknown point' | 'malformed';

export interface DeviceKey {
  _id: string;
  name: string;
  site: string;
  assets: ReadonlySet<string>;
  topics: readonly string[];
  active: boolean;
  /** SHA-256 of the secret, hex; null until one is issued. */
  hash: string | null;
}

export type KeyCheck = { key: DeviceKey } | { refused: 'unknown key' | 'inactive key'; keyId: string };

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/**
 * A new secret for a key: 32 random bytes, base64url. What the gateway sends is `<key id>.<secret>`;
 * only the secret's SHA-256 is kept (a random secret needs no slow hash: nothing guesses 256 bits).
 */
export function newSecret(keyId: string): { token: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${keyId}.${secret}`, hash: sha256(secret).toString('hex') };
}

interface Usage {
  accepted: number;
  refused: number;
  seenAt: number;
}

interface Refusal {
  count: number;
  lastAt: number;
  detail: string;
}

/**
 * Every process's view of the device keys: loaded once, dropped at DEVICE_KEYS_CHANGED, so a key
 * made inactive or deleted is refused from the next reading on. Checks cost a hash and a map
 * lookup. What keys do — readings accepted and refused, last seen, refusals by reason — is counted
 * here and written by `flush` (after each batch), one statement per key and reason.
 */
export function createDeviceKeys(db: Database, bus: InvalidationBus) {
  let usage = new Map<string, Usage>();
  let refusals = new Map<string, Refusal>();

  async function load(): Promise<Map<string, DeviceKey>> {
    const key = getTableColumns(deviceKeys) as unknown as Record<'_id' | 'name' | 'site' | 'assets' | 'topics' | 'active', PgColumn>;
    const rows = await db
      .select({ _id: key._id, name: key.name, site: key.site, assets: key.assets, topics: key.topics, active: key.active, hash: deviceKeySecrets.hash })
      .from(deviceKeys)
      .leftJoin(deviceKeySecrets, eq(deviceKeySecrets.deviceKey, key._id));
    return new Map(
      rows.map((row) => [
        row._id as string,
        { _id: row._id as string, name: row.name as string, site: (row.site as string) ?? '', assets: new Set(row.assets as unknown as string[]), topics: row.topics as unknown as string[], active: row.active as unknown as boolean, hash: row.hash },
      ]),
    );
  }

  const keys = busCachedLoad(bus, [DEVICE_KEYS_CHANGED], load);
  return {
    /** The key a gateway sent (`<id>.<secret>`), or why it is refused. */
    async check(token: string): Promise<KeyCheck> {
      const dot = token.indexOf('.');
      const keyId = dot > 0 ? token.slice(0, dot) : '';
      const key = keyId ? (await keys()).get(keyId) : undefined;
      if (!key || !key.hash) return { refused: 'unknown key', keyId: '' };
      const given = sha256(token.slice(dot + 1));
      if (!timingSafeEqual(given, Buffer.from(key.hash, 'hex'))) return { refused: 'unknown key', keyId: '' };
      if (!key.active) return { refused: 'inactive key', keyId: key._id };
      return { key };
    },

    /** Whether the key may write a reading of `assetId` published on `topic` (its site, then its assets or topic filters). */
    mayWrite(key: DeviceKey, assetId: string, topic: string, site: string): boolean {
      if (key.site && key.site !== site) return false;
      return key.assets.has(assetId) || key.topics.some((filter) => topicMatches(filter, topic));
    },

    accepted(keyId: string, count: number, at: number) {
      const entry = usage.get(keyId) ?? { accepted: 0, refused: 0, seenAt: 0 };
      entry.accepted += count;
      entry.seenAt = Math.max(entry.seenAt, at);
      usage.set(keyId, entry);
    },

    /** A refused reading, by key ('' when unknown) and reason; `detail` says what to look at (a topic, a field). */
    refused(keyId: string, reason: RefusalReason, detail: string, at: number, count = 1) {
      if (keyId) {
        const entry = usage.get(keyId) ?? { accepted: 0, refused: 0, seenAt: 0 };
        entry.refused += count;
        entry.seenAt = Math.max(entry.seenAt, at);
        usage.set(keyId, entry);
      }
      const id = `${keyId}\n${reason}`;
      const entry = refusals.get(id) ?? { count: 0, lastAt: 0, detail: '' };
      entry.count += count;
      entry.lastAt = Math.max(entry.lastAt, at);
      entry.detail = detail.slice(0, 300);
      refusals.set(id, entry);
    },

    /** Writes what was counted since the last flush. */
    async flush() {
      const used = usage;
      const refused = refusals;
      usage = new Map();
      refusals = new Map();
      for (const [id, entry] of used) await db.execute(countUse(id, entry.accepted, entry.refused, entry.seenAt));
      for (const [id, entry] of refused) {
        const [keyId, reason] = id.split('\n') as [string, string];
        await db
          .insert(readingRefusals)
          .values({ deviceKey: keyId, reason, count: entry.count, lastAt: entry.lastAt, lastDetail: entry.detail })
          .onConflictDoUpdate({
            target: [readingRefusals.deviceKey, readingRefusals.reason],
            set: { count: sql`${readingRefusals.count} + ${entry.count}`, lastAt: sql`greatest(${readingRefusals.lastAt}, ${entry.lastAt})`, lastDetail: entry.detail },
          });
      }
    },
  };
}

export type DeviceKeys = ReturnType<typeof createDeviceKeys>;
