import { HttpError } from '../../http/errors';
import type { createConfigRepository } from '../config/config.repository';
import type { ConfigValueChecker } from '../config/configValueChecker';
import {
  CALENDAR_CONFIG_KEY,
  CALENDAR_ENTRY_TYPES_KEY,
  CalendarConfigError,
  EMPTY_CALENDAR_CONFIG,
  parseCalendarConfig,
  parseCalendarEntryTypes,
  type CalendarConfig,
  type CalendarEntryType,
} from '../../../common/resources/calendarConfig';

type ConfigRepository = ReturnType<typeof createConfigRepository>;

export interface CalendarSettings {
  config: CalendarConfig;
  types: CalendarEntryType[];
}

/** The parser of each calendar config entry (DESIGN §12: both are edited in Configuration). */
const PARSERS: Record<string, (value: unknown) => unknown> = {
  [CALENDAR_CONFIG_KEY]: parseCalendarConfig,
  [CALENDAR_ENTRY_TYPES_KEY]: parseCalendarEntryTypes,
};

/** What is wrong with a calendar config entry's text, or null (also for keys that are not the calendar's). */
export function calendarConfigValueProblem(key: string, value: string): string | null {
  const parse = Object.hasOwn(PARSERS, key) ? PARSERS[key] : undefined;
  if (!parse) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return `${key} must be JSON (docs/schedules-calendar.md shows an example)`;
  }
  try {
    parse(parsed);
    return null;
  } catch (error) {
    if (error instanceof CalendarConfigError) return `${key}: ${error.message}`;
    throw error;
  }
}

/** Configuration refuses a calendar entry that does not parse (docs/schedules-calendar.md). */
export const calendarConfigChecker: ConfigValueChecker = {
  keys: Object.keys(PARSERS),
  problem: async (_db, key, value) => calendarConfigValueProblem(key, value),
};

/**
 * The calendar's config and entry types from their config entries; a missing entry is an empty
 * config or no types. One changed straight in the database so that it no longer parses answers
 * 409 naming the entry and the problem: the calendar cannot be served until it is corrected.
 */
export async function loadCalendarSettings(configEntries: ConfigRepository): Promise<CalendarSettings> {
  const values = await configEntries.values([CALENDAR_CONFIG_KEY, CALENDAR_ENTRY_TYPES_KEY]);
  const read = <T>(key: string, parse: (value: unknown) => T, fallback: T): T => {
    const text = values[key as keyof typeof values];
    if (text === undefined || text.trim() === '') return fallback;
    const problem = calendarConfigValueProblem(key, text);
    if (problem) {
      const message = `The calendar's configuration is not valid: ${problem}. An administrator can correct the config entry ${key} in Configuration.`;
      throw new HttpError(409, message, { [key]: message });
    }
    return parse(JSON.parse(text));
  };
  return {
    config: read(CALENDAR_CONFIG_KEY, parseCalendarConfig, EMPTY_CALENDAR_CONFIG),
    types: read(CALENDAR_ENTRY_TYPES_KEY, parseCalendarEntryTypes, []),
  };
}
