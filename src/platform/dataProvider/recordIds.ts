import type { RaRecord } from 'react-admin';

/** The API's records carry `_id` (DESIGN §3); react-admin needs `id`. Both are kept. */
export function withId<T extends { _id: string }>(record: T): T & RaRecord {
  return { ...record, id: record._id };
}

/** What the server must not be sent back as content: react-admin's id and the stored bookkeeping. */
export function withoutBookkeeping<T extends object>(data: T): Partial<T> {
  const copy = { ...data } as Record<string, unknown>;
  for (const field of ['id', '_id', 'createdAt', 'updatedAt']) delete copy[field];
  return copy as Partial<T>;
}
