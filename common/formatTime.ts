/**
 * The one formatter of dates and times, in the browser and in the server's reports (issue 40 §10d):
 * spec §9's timestamps YYYY/MM/DD hh:mm A, dates YYYY/MM/DD, and times of day hh:mm A. "Local" is
 * the viewer's zone: the device's own by default, or `timeZone` (IANA name) where the drawing is not
 * done on the device — a first screen drawn by the server (issue 20), a report (in the requester's zone).
 */
const pad = (n: number) => String(n).padStart(2, '0');

export interface ClockParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zoneFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric', hourCycle: 'h23' });
    zoneFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day and wall-clock time of an instant in `timeZone`, or in the device's own zone. */
export function clockParts(epochMs: number, timeZone: string | undefined): ClockParts {
  if (timeZone === undefined) {
    const d = new Date(epochMs);
    return { year: d.getFullYear(), month: d.getMonth() + 1, day: d.getDate(), hour: d.getHours(), minute: d.getMinutes(), second: d.getSeconds() };
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of zoneFormat(timeZone).formatToParts(epochMs)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour! % 24, minute: parts.minute!, second: parts.second! };
}

function dayText({ year, month, day }: ClockParts): string {
  return `${year}/${pad(month)}/${pad(day)}`;
}

function clockText({ hour, minute, second }: ClockParts, withSeconds: boolean): string {
  return `${pad(hour % 12 || 12)}:${pad(minute)}${withSeconds ? `:${pad(second)}` : ''} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** YYYY/MM/DD. */
export function formatDate(epochMs: number, timeZone?: string): string {
  return dayText(clockParts(epochMs, timeZone));
}

/** YYYY/MM/DD hh:mm A. */
export function formatTimestamp(epochMs: number, timeZone?: string): string {
  const parts = clockParts(epochMs, timeZone);
  return `${dayText(parts)} ${clockText(parts, false)}`;
}

/** hh:mm A — or hh:mm:ss A where a clock visibly ticks (the on-site board). */
export function formatTimeOfDay(epochMs: number, timeZone?: string, { seconds = false }: { seconds?: boolean } = {}): string {
  return clockText(clockParts(epochMs, timeZone), seconds);
}

/** Whether two instants fall on the same calendar day of the zone (the device's by default). */
export function sameDay(a: number, b: number, timeZone?: string): boolean {
  return formatDate(a, timeZone) === formatDate(b, timeZone);
}
