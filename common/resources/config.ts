import * as yup from 'yup';
import { nonBlank, strictObject } from './schemaParts';

export interface ConfigEntry {
  _id: string;
  key: string;
  description: string;
  value: string;
}

export const configSchema = strictObject({
  key: nonBlank('key'),
  description: yup.string().max(2000).default(''),
  value: yup.string().max(100_000).default(''),
});

/** Spec §5: a key already held by another entry. */
export function keyTakenByOther(entries: readonly Pick<ConfigEntry, '_id' | 'key'>[], key: string, ownId?: string): boolean {
  const wanted = key.trim();
  return entries.some((entry) => entry._id !== ownId && entry.key.trim() === wanted);
}
