import type { FastifyReply } from 'fastify';
import { badRequest } from './errors';
import { parseQueryJson } from './queryJson';

/** Lists that can grow without bound answer this many rows when no range is asked for. */
export const DEFAULT_LIST_LIMIT = 500;

/** Rows one ranged list call may answer. */
const MAX_PAGE_ROWS = 10_000;

export interface Page {
  offset: number;
  limit: number;
  /** Asked for with range: answer a Content-Range header (ra-data-simple-rest, DESIGN §3). */
  ranged: boolean;
}

/**
 * `range=[first, last]` (DESIGN §3) as row numbers PostgreSQL's LIMIT/OFFSET take: safe integers,
 * so 1e308 (an integer to JavaScript, beyond bigint to the database) is a 400 here, not a 500 there.
 */
export function parseRange(text: string): [number, number] {
  const value = parseQueryJson('range', text);
  const valid = Array.isArray(value) && value.length === 2 && value.every((n) => Number.isSafeInteger(n) && n >= 0) && value[0] <= value[1];
  if (!valid) throw badRequest('range', 'range must be [first, last] row numbers (whole numbers from 0, first ≤ last)');
  return value as [number, number];
}

/** `range=[0,24]` as DESIGN §3 has it; without one, the first DEFAULT_LIST_LIMIT rows. */
export function pageOf(range: string | undefined): Page {
  if (range === undefined || range === '') return { offset: 0, limit: DEFAULT_LIST_LIMIT, ranged: false };
  const [first, last] = parseRange(range);
  return { offset: first, limit: Math.min(last - first + 1, MAX_PAGE_ROWS), ranged: true };
}

export function sendContentRange(reply: FastifyReply, entity: string, page: Page, rows: number, total: number) {
  const last = rows === 0 ? page.offset : page.offset + rows - 1;
  reply.header('Content-Range', `${entity} ${page.offset}-${last}/${total}`);
}
