/**
 * Spec §9: timestamps local as YYYY/MM/DD hh:mm A, dates as YYYY/MM/DD. "Local" is the phone's zone:
 * the device's own by default, or `timeZone` (IANA name) where the drawing is not done on the phone —
 * a first screen drawn by the server (issue 20) is formatted in the zone the phone told it.
 */
const pad = (n: number) => String(n).padStart(2, '0');

export interface ClockParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day and wall-clock time of an instant in `timeZone`, or in the device's own zone. */
export function clockParts(epochMs: number, timeZone: string | undefined): ClockParts {
  if (timeZone === undefined) {
    const d = new Date(epochMs);
    return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes() };
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of zoneFormat(timeZone).formatToParts(epochMs)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute! };
}

export function formatDate(epochMs: number, timeZone?: string): string {
  const { year, month, day } = clockParts(epochMs, timeZone);
  return `${year}/${pad(month)}/${pad(day)}`;
}

export function formatTimestamp(epochMs: number, timeZone?: string): string {
  const { year, month, day, hour, minute } = clockParts(epochMs, timeZone);
  return `${year}/${pad(month)}/${pad(day)} ${pad(hour % 12 || 12)}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
}
