import { offlineDb } from '../offlineDb';

/**
 * A photo taken offline is kept until its outbox item is sent or discarded. One that only a form
 * ever held — the technician left the checklist and never submitted it — would otherwise stay on
 * the phone for good. A photo is kept while any outbox item (any user's) or anything in this
 * origin's localStorage (the unsent drafts of inspections and notes) names it; the grace period
 * covers a photo just taken whose draft has not been written yet.
 */
export const ORPHAN_PHOTO_GRACE_MS = 24 * 60 * 60 * 1000;

function textsNamingPhotos(): string[] {
  const texts: string[] = [];
  try {
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index);
      const value = key === null ? null : localStorage.getItem(key);
      if (value) texts.push(value);
    }
  } catch {
    // Storage off: only the outbox protects photos then, and the grace period.
  }
  return texts;
}

/** Deletes unreferenced photos older than the grace period; answers how many went. */
export async function purgeOrphanPhotos(now: number = Date.now()): Promise<number> {
  const db = await offlineDb();
  const referenced = new Set((await db.getAll('outbox')).flatMap((item) => item.photoIds));
  const drafts = textsNamingPhotos();
  const tx = db.transaction('photos', 'readwrite');
  let purged = 0;
  for (const photo of await tx.store.getAll()) {
    if (now - photo.createdAt < ORPHAN_PHOTO_GRACE_MS) continue;
    if (referenced.has(photo.id) || drafts.some((text) => text.includes(photo.id))) continue;
    await tx.store.delete(photo.id);
    purged += 1;
  }
  await tx.done;
  return purged;
}
