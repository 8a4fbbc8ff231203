import { badRequest } from '../../http/errors';
import { TABLE_RANGE_MAX } from '../../../common/tables/tableDefinition';

/** What a table script gets as `input` from GET /table/{tableId}'s query params. */
export interface TablePage {
  offset: number;
  limit: number;
  sort: { field: string; direction: 'asc' | 'desc' } | null;
}

export type TableQuery = Record<string, string | string[] | undefined>;

const MAX_TABLE_PAGE = TABLE_RANGE_MAX;

function single(name: string, value: string | string[]): string {
  if (Array.isArray(value)) throw badRequest(name, `${name} must be given once`);
  return value;
}

function parseJson(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest(name, `${name} is not valid JSON`);
  }
}

/** `start|end` in epoch ms, swapped when start is after end. */
export function parseDateRange(text: string, name = 'dateRange'): { start: number; end: number } {
  const parts = text.split('|');
  const [start, end] = parts.map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (parts.length !== 2 || !Number.isFinite(start) || !Number.isFinite(end)) {
    throw badRequest(name, `${name} must be start|end in epoch milliseconds`);
  }
  return start! <= end! ? { start: start!, end: end! } : { start: end!, end: start! };
}

function parsePage(rangeText: string | undefined, sortText: string | undefined): TablePage | null {
  if (rangeText === undefined && sortText === undefined) return null;
  let offset = 0;
  let limit = MAX_TABLE_PAGE;
  if (rangeText !== undefined) {
    const range = parseJson('range', rangeText);
    if (!Array.isArray(range) || range.length !== 2 || !range.every((n) => Number.isInteger(n) && n >= 0) || range[1] < range[0]) {
      throw badRequest('range', 'range must be [first, last] row numbers, 0 or more, first ≤ last');
    }
    offset = range[0] as number;
    limit = (range[1] as number) - offset + 1;
    if (limit > MAX_TABLE_PAGE) throw badRequest('range', `range may span at most ${MAX_TABLE_PAGE} rows`);
  }
  let sort: TablePage['sort'] = null;
  if (sortText !== undefined) {
    const value = parseJson('sort', sortText);
    if (!Array.isArray(value) || value.length !== 2 || typeof value[0] !== 'string' || value[0] === '' || !['ASC', 'DESC'].includes(String(value[1]).toUpperCase())) {
      throw badRequest('sort', 'sort must be ["field","ASC"] or ["field","DESC"]');
    }
    sort = { field: value[0], direction: String(value[1]).toUpperCase() === 'DESC' ? 'desc' : 'asc' };
  }
  return { offset, limit, sort };
}

/**
 * The filters as the script sees them: `dateRange` as {start, end}, `page` as {offset, limit,
 * sort} when the client pages on the server (DESIGN §3 range/sort), every other param a string.
 */
export function tableScriptInput(query: TableQuery): { input: Record<string, unknown>; page: TablePage | null } {
  const input: Record<string, unknown> = {};
  let rangeText: string | undefined;
  let sortText: string | undefined;
  for (const [name, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    const value = single(name, raw);
    if (name === 'range') rangeText = value;
    else if (name === 'sort') sortText = value;
    else if (name === 'dateRange') {
      if (value !== '') input.dateRange = parseDateRange(value);
    } else Object.defineProperty(input, name, { value, enumerable: true, writable: true, configurable: true }); // `__proto__` stays a filter value, as widget filters keep it
  }
  const page = parsePage(rangeText, sortText);
  if (page) input.page = page;
  return { input, page };
}
