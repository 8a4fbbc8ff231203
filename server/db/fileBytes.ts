import { sql } from 'drizzle-orm';
import { files } from './schema';

/**
 * A file's bytes as a select field: `select({ data: fileBytes })`. Read as base64 text and decoded
 * natively: PGlite hands bytea over as hex text that it parses in JavaScript, 177 ms for an 800 KB
 * FLIR picture where base64 takes 9 ms (node-postgres is no slower either way). PostgreSQL breaks
 * the text into lines, which Buffer.from skips.
 */
export const fileBytes = sql<Buffer>`encode(${files.data}, 'base64')`.mapWith((text: string) => Buffer.from(text, 'base64'));
