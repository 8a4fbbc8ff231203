import { formatTimeOfDay, formatTimestamp, sameDay } from '../../../../../common/formatTime';

/** A span of work as the technician reads it: 'YYYY/MM/DD hh:mm A – hh:mm A', the end's date too when it is another day. */
export function spanText(start: number, end: number, timeZone?: string): string {
  return `${formatTimestamp(start, timeZone)} – ${sameDay(start, end, timeZone) ? formatTimeOfDay(end, timeZone) : formatTimestamp(end, timeZone)}`;
}

/** Hours as shown: up to 2 places, no trailing zeros (1.5, 0.25, 2). */
export const hoursText = (hours: number): string => String(Math.round(hours * 100) / 100);
