import type { FastifyReply } from 'fastify';
import { badRequest } from './errors';
import { parseRange } from './paging';

/**
 * `start` and `end` (epoch ms) of the calendar reads (GET /inspectionSchedule, GET /calendarEntry;
 * DESIGN §12) and how their answers page. docs/schedules-calendar.md, "Periods and paging".
 */
export interface Period {
  start: number;
  end: number;
}

export const DAY_MS = 86_400_000;
/** The longest period one call may ask for: a year view with its leading and trailing weeks. */
export const MAX_PERIOD_DAYS = 400;
/** Rows a call answers without `range`; more are answered by pages (`range`, Content-Range). */
export const MAX_PERIOD_ROWS = 10_000;

export const periodQuerySchema = {
  start: { type: 'string', maxLength: 20, description: 'epoch ms; with end, the period whose overlapping records are answered (default: this UTC month)' },
  end: { type: 'string', maxLength: 20, description: 'epoch ms, at most 400 days after start' },
  range: { type: 'string', maxLength: 100, description: '[first, last] row numbers of a page; the answer then carries Content-Range' },
} as const;

/** A query's time in epoch milliseconds, or undefined when not given; 400 naming `field` when it is no such time. */
export function epochMsOf(text: string | undefined, field: string): number | undefined {
  if (text === undefined || text === '') return undefined;
  const value = /^-?\d{1,16}$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value) || Math.abs(value) > 8.64e15) throw badRequest(field, `${field} must be a time in epoch milliseconds`);
  return value;
}

/** The UTC calendar month holding `now`. */
function monthOf(now: number): Period {
  const at = new Date(now);
  return { start: Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1), end: Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1) - 1 };
}

/** The period asked for: both ends, or neither (this UTC month); at most MAX_PERIOD_DAYS long. */
export function periodOf(query: { start?: string; end?: string }, now = Date.now()): Period {
  const start = epochMsOf(query.start, 'start');
  const end = epochMsOf(query.end, 'end');
  if (start === undefined && end === undefined) return monthOf(now);
  if (start === undefined) throw badRequest('start', 'start is required with end');
  if (end === undefined) throw badRequest('end', 'end is required with start');
  if (end < start) throw badRequest('end', 'end must not be before start');
  if (end - start > MAX_PERIOD_DAYS * DAY_MS) throw badRequest('end', `The period may be at most ${MAX_PERIOD_DAYS} days long; ask for a longer one in parts`);
  return { start, end };
}

export interface PeriodPage {
  offset: number;
  limit: number;
  ranged: boolean;
}

/** `range=[first,last]`, or the first MAX_PERIOD_ROWS rows. */
export function periodPageOf(range: string | undefined): PeriodPage {
  if (range === undefined || range === '') return { offset: 0, limit: MAX_PERIOD_ROWS, ranged: false };
  const [first, last] = parseRange(range);
  return { offset: first, limit: Math.min(last - first + 1, MAX_PERIOD_ROWS), ranged: true };
}

/**
 * Content-Range on a page, and on an unranged answer that was cut at MAX_PERIOD_ROWS (so the client
 * can tell and page on); `total` is only counted then.
 */
export async function answerPage(reply: FastifyReply, entity: string, page: PeriodPage, rows: number, total: () => Promise<number>): Promise<void> {
  const cut = !page.ranged && rows >= page.limit;
  if (!page.ranged && !cut) return;
  const last = rows === 0 ? page.offset : page.offset + rows - 1;
  reply.header('Content-Range', `${entity} ${page.offset}-${last}/${await total()}`);
}
