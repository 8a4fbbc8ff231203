import { offlineDb } from '../offlineDb';
import { announceOutboxChange } from './outboxEvents';
import type { OutboxItem } from './outboxItem';

/**
 * The outbox in IndexedDB (docs/offline.md): the items of each user, oldest first, and the photos
 * taken offline that belong to them. Every write tells the other views (outboxEvents). An update
 * never brings back an item that is gone: the page and the service worker may send the same item
 * at once, and the one that removes it wins.
 */

export interface StoredPhoto {
  id: string;
  userId: string;
  name: string;
  blob: Blob;
  createdAt: number;
}

export async function addOutboxItem(item: OutboxItem): Promise<void> {
  const db = await offlineDb();
  await db.put('outbox', item);
  announceOutboxChange({ userId: item.userId });
}

/** A user's items, oldest Submit first. */
export async function listOutboxItems(userId: string): Promise<OutboxItem[]> {
  const db = await offlineDb();
  const items = await db.getAllFromIndex('outbox', 'byUser', userId);
  return items.sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
}

export async function getOutboxItem(id: string): Promise<OutboxItem | undefined> {
  const db = await offlineDb();
  return db.get('outbox', id);
}

/**
 * Changes an item that is still there; answers the item as stored, or undefined when it was
 * removed meanwhile (sent by another tab or the service worker): then nothing is written.
 */
export async function updateOutboxItem(id: string, patch: Partial<Omit<OutboxItem, 'id' | 'userId'>>): Promise<OutboxItem | undefined> {
  const db = await offlineDb();
  const tx = db.transaction('outbox', 'readwrite');
  const current = await tx.store.get(id);
  if (!current) {
    await tx.done;
    return undefined;
  }
  const next: OutboxItem = { ...current, ...patch };
  await tx.store.put(next);
  await tx.done;
  announceOutboxChange({ userId: next.userId });
  return next;
}

/**
 * Removes an item and its photos (sent, or discarded by the user). `keepPhotos`: photos the
 * restored draft still shows (Edit) stay until that draft is submitted.
 */
export async function removeOutboxItem(id: string, options: { keepPhotos?: boolean } = {}): Promise<OutboxItem | undefined> {
  const db = await offlineDb();
  const tx = db.transaction(['outbox', 'photos'], 'readwrite');
  const outbox = tx.objectStore('outbox');
  const current = await outbox.get(id);
  if (current) {
    await outbox.delete(id);
    if (!options.keepPhotos) {
      const photos = tx.objectStore('photos');
      for (const photoId of current.photoIds) await photos.delete(photoId);
    }
  }
  await tx.done;
  if (current) announceOutboxChange({ userId: current.userId });
  return current;
}

export async function putPhoto(photo: StoredPhoto): Promise<void> {
  const db = await offlineDb();
  await db.put('photos', photo);
}

export async function getPhoto(id: string): Promise<StoredPhoto | undefined> {
  const db = await offlineDb();
  return db.get('photos', id);
}

export async function removePhoto(id: string): Promise<void> {
  const db = await offlineDb();
  await db.delete('photos', id);
}
