import { badRequest } from '../../http/errors';
import { parseDateRange } from '../tables/tableInput';

export type WidgetQuery = Record<string, string | string[] | undefined>;

/** A date-range filter's value on the wire: `start|end` in epoch ms (spec §7, as tables send dateRange). */
const RANGE = /^\s*-?\d+\s*\|\s*-?\d+\s*$/;

/**
 * The filters as a widget script sees them (docs/dashboards.md): each query param by its filter's
 * name, a date range (`start|end`) as {start, end} with start ≤ end, every other value a string.
 */
export function widgetScriptInput(query: WidgetQuery): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const [name, raw] of Object.entries(query)) {
    if (raw === undefined) continue;
    if (Array.isArray(raw)) throw badRequest(name, `${name} must be given once`);
    input[name] = RANGE.test(raw) ? parseDateRange(raw, name) : raw;
  }
  return input;
}
