import type { FastifyReply } from 'fastify';
import { badRequest } from './errors';

/** Lists that can grow without bound answer this many rows when no range is asked for. */
export const DEFAULT_LIST_LIMIT = 500;

export interface Page {
  offset: number;
  limit: number;
  /** Asked for with range: answer a Content-Range header (ra-data-simple-rest, DESIGN §3). */
  ranged: boolean;
}

/** `range=[0,24]` as DESIGN §3 has it; without one, the first DEFAULT_LIST_LIMIT rows. */
export function pageOf(range: string | undefined): Page {
  if (range === undefined || range === '') return { offset: 0, limit: DEFAULT_LIST_LIMIT, ranged: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(range);
  } catch {
    parsed = null;
  }
  const valid = Array.isArray(parsed) && parsed.length === 2 && parsed.every((n) => Number.isInteger(n) && n >= 0) && parsed[0] <= parsed[1];
  if (!valid) throw badRequest('range', 'range must be [first, last] row numbers');
  const [first, last] = parsed as [number, number];
  return { offset: first, limit: Math.min(last - first + 1, 10_000), ranged: true };
}

export function sendContentRange(reply: FastifyReply, entity: string, page: Page, rows: number, total: number) {
  const last = rows === 0 ? page.offset : page.offset + rows - 1;
  reply.header('Content-Range', `${entity} ${page.offset}-${last}/${total}`);
}
