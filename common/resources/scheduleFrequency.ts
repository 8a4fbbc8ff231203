/**
 * A checklist's free-text frequency (spec §3) read as a cadence the schedule planner can plan
 * (docs/schedules-calendar.md): Weekly, Monthly, Yearly, or 'every N days/weeks/months', in any
 * letter case. Anything else plans nothing.
 *
 * Windows are fixed in UTC (as job crons are, DESIGN §9) so every process and run computes the same
 * ones: days from 1970-01-01, weeks Sunday to Saturday (the calendar's week, spec §9) from Sunday
 * 1970-01-04, months from January 1970 — 'every 3 months' is the calendar quarters, Yearly the
 * calendar year. A window runs from its first millisecond to the last one before the next window.
 */
export interface Cadence {
  unit: 'day' | 'week' | 'month';
  every: number;
}

export interface ScheduleWindow {
  start: number;
  end: number;
}

export const DAY_MS = 86_400_000;
/** 1970-01-04T00:00Z, the first Sunday of the epoch. */
const FIRST_SUNDAY = 3 * DAY_MS;
/** Longest cadence per unit: beyond these a frequency is more likely a typo than a plan. */
const MOST: Record<Cadence['unit'], number> = { day: 366, week: 104, month: 120 };

const NAMED: Record<string, Cadence> = {
  weekly: { unit: 'week', every: 1 },
  monthly: { unit: 'month', every: 1 },
  yearly: { unit: 'month', every: 12 },
};

/** The cadence of a frequency text, or null when it plans nothing. */
export function cadenceOf(frequency: unknown): Cadence | null {
  if (typeof frequency !== 'string') return null;
  const text = frequency.trim().toLowerCase().replace(/\s+/g, ' ');
  const named = NAMED[text];
  if (named) return named;
  const match = /^every (?:(\d{1,4}) )?(day|week|month)s?$/.exec(text);
  if (!match) return null;
  const every = match[1] === undefined ? 1 : Number(match[1]);
  const unit = match[2] as Cadence['unit'];
  return every >= 1 && every <= MOST[unit] ? { unit, every } : null;
}

/** The window holding `time`. */
export function windowAt(cadence: Cadence, time: number): ScheduleWindow {
  if (cadence.unit === 'month') {
    const at = new Date(time);
    const monthIndex = (at.getUTCFullYear() - 1970) * 12 + at.getUTCMonth();
    const first = Math.floor(monthIndex / cadence.every) * cadence.every;
    return { start: Date.UTC(1970, first, 1), end: Date.UTC(1970, first + cadence.every, 1) - 1 };
  }
  const length = cadence.every * (cadence.unit === 'week' ? 7 : 1) * DAY_MS;
  const anchor = cadence.unit === 'week' ? FIRST_SUNDAY : 0;
  const start = anchor + Math.floor((time - anchor) / length) * length;
  return { start, end: start + length - 1 };
}

/** Every window that overlaps [from, to], in time order. */
export function windowsOverlapping(cadence: Cadence, from: number, to: number): ScheduleWindow[] {
  const windows: ScheduleWindow[] = [];
  for (let window = windowAt(cadence, from); window.start <= to; window = windowAt(cadence, window.end + 1)) windows.push(window);
  return windows;
}
