import { formatTimeOfDay, formatTimestamp, sameDay } from '../../../../common/formatTime';

const HOURS = new Intl.NumberFormat('en', { maximumFractionDigits: 2 });
const MONEY = new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Hours as the work part shows them: '2.5', '0.75'. */
export const formatHours = (hours: number): string => HOURS.format(hours);

/** An amount of money to 2 places ('1,240.50'); the currency is the site's, not named (users' rates carry none). */
export const formatMoney = (amount: number): string => MONEY.format(amount);

/** A finished entry's span as its two ends: '2026/03/12 08:00 AM', '10:30 AM' — the end's day too when it is another. */
export const spanEnds = (start: number, end: number): [string, string] => [formatTimestamp(start), sameDay(start, end) ? formatTimeOfDay(end) : formatTimestamp(end)];
