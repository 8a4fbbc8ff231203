import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { OfflineCatalogue } from '../../../common/resources/offlineCatalogue';
import type { SessionUser } from '../../../common/api';
import type { OutboxItem } from './outbox/outboxItem';

/**
 * The phone's offline store (DESIGN §13): one IndexedDB database, because photos do not fit in
 * localStorage and the service worker (which has no localStorage) reads it too.
 */
export interface OfflineSchema extends DBSchema {
  /** Last good answer of a GET the technician screens read, by `<scope>|<url>` (scope: the user id). */
  reads: { key: string; value: { key: string; storedAt: number; body: unknown } };
  /** GET /inspection/offlineCatalogue, per user id. */
  catalogue: { key: string; value: { userId: string; storedAt: number; catalogue: OfflineCatalogue } };
  /** Writes waiting to be sent, by id (= Idempotency-Key). */
  outbox: { key: string; value: OutboxItem; indexes: { byUser: string } };
  /** Photos taken offline, by local id, until their item is sent or discarded. */
  photos: { key: string; value: { id: string; userId: string; name: string; blob: Blob; createdAt: number } };
  /** The signed-in session, mirrored for the service worker's Background Sync ('current'). */
  session: { key: string; value: { token: string; user: SessionUser | null; apiBase?: string } };
}

export const OFFLINE_DB_NAME = 'facilityops-offline';
const VERSION = 1;

let opening: Promise<IDBPDatabase<OfflineSchema>> | null = null;

/** The database, opened once per page (or service worker). Rejects where IndexedDB is unavailable. */
export function offlineDb(): Promise<IDBPDatabase<OfflineSchema>> {
  opening ??= openDB<OfflineSchema>(OFFLINE_DB_NAME, VERSION, {
    upgrade(db) {
      db.createObjectStore('reads', { keyPath: 'key' });
      db.createObjectStore('catalogue', { keyPath: 'userId' });
      db.createObjectStore('outbox', { keyPath: 'id' }).createIndex('byUser', 'userId');
      db.createObjectStore('photos', { keyPath: 'id' });
      db.createObjectStore('session');
    },
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

/** Tests only: forget the open connection (fake-indexeddb is reset between tests). */
export function resetOfflineDbForTests(): void {
  opening = null;
}
