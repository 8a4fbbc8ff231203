import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attributes } from '../../db/schema';
import { TECHNICAL_NAME_MAX_LENGTH } from '../../../common/resources/attribute';

/** Room left for a `_<n>` that tells apart names deriving alike ("Oil temp." and "Oil temp!"). */
const SUFFIX_ROOM = 8;

/**
 * A technical name read off an attribute's name (docs/administration.md): accents dropped, lower case,
 * every run of other characters one `_`, a leading `_` before a digit; `attribute` when nothing
 * is left. "Oil temperature (°C)" → `oil_temperature_c`.
 */
export function technicalNameOf(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, TECHNICAL_NAME_MAX_LENGTH - SUFFIX_ROOM)
    .replace(/_+$/, '');
  if (words === '') return 'attribute';
  return /^[0-9]/.test(words) ? `_${words}` : words;
}

/** The derived name, or with the first `_2`, `_3`… no attribute (archived ones included) holds. */
export async function freeTechnicalName(db: Database, name: string): Promise<string> {
  const base = technicalNameOf(name);
  const rows = await db
    .select({ technicalName: attributes.technicalName })
    .from(attributes)
    .where(sql`left(${attributes.technicalName}, ${base.length}) = ${base}`);
  const taken = new Set(rows.map((row) => row.technicalName));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}_${n}`)) n += 1;
  return `${base}_${n}`;
}
