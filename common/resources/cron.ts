import { Cron } from 'croner';

/**
 * Jobs' cron expressions (spec §3: GMT; DESIGN §9: evaluated in UTC). Five fields — minute, hour,
 * day of month, month, day of week — or one of the nicknames (@hourly, @daily…). Parsing and
 * matching are croner's (the scheduler uses the same), the English reading is ours.
 */
export const CRON_OPTIONS = { mode: '5-part', timezone: 'UTC', paused: true } as const;

const NICKNAMES: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

/** A parsed expression, or the reason it is not one ('Invalid value for minute: 61'). */
export function parseCron(expression: string): { cron: Cron } | { problem: string } {
  const text = expression.trim();
  if (text === '') return { problem: 'is required' };
  try {
    const cron = new Cron(text, CRON_OPTIONS);
    // Valid but never due (e.g. 30 February): say so rather than keep a job that never runs.
    if (!cron.nextRun(new Date(Date.UTC(2000, 0, 1)))) return { problem: 'never matches a date' };
    return { cron };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { problem: `is not a valid cron expression: ${message.replace(/^CronPattern:\s*/, '')}` };
  }
}

/** Null when valid; otherwise 'cronExpression …' for the API and the form. */
export function cronProblem(expression: string, field = 'cronExpression'): string | null {
  const parsed = parseCron(expression);
  return 'problem' in parsed ? `${field} ${parsed.problem}` : null;
}

/** Whether the expression is due at this minute (UTC). */
export function cronMatches(cron: Cron, minuteMs: number): boolean {
  return cron.match(new Date(minuteMs));
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const ORDINALS = ['', 'first', 'second', 'third', 'fourth', 'fifth'];

const pad = (n: number) => String(n).padStart(2, '0');
const isNumber = (text: string) => /^\d+$/.test(text);

/** "a", "a and b", "a, b and c". */
function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] as string}`;
}

interface FieldKind {
  unit: string;
  /** A field value as words: 5 → 'Friday', 3 → 'March', 7 → '7'. */
  name: (value: string) => string;
}

function nameFrom(names: readonly string[], labels: readonly string[], offset: number, wrap = false) {
  return (value: string) => {
    const upper = value.toUpperCase();
    const index = names.indexOf(upper);
    if (index >= 0) return labels[index] as string;
    if (!isNumber(value)) return value;
    const n = Number(value) - offset;
    return labels[wrap ? n % labels.length : n] ?? value;
  };
}

const MINUTE: FieldKind = { unit: 'minute', name: (v) => v };
const HOUR: FieldKind = { unit: 'hour', name: (v) => v };
const DAY: FieldKind = { unit: 'day', name: (v) => v };
const MONTH: FieldKind = { unit: 'month', name: nameFrom(MONTH_NAMES, MONTHS, 1) };
const WEEKDAY: FieldKind = { unit: 'day of the week', name: nameFrom(WEEKDAY_NAMES, WEEKDAYS, 0, true) };

/** One comma-separated item: '5', '1-5', '*\/15', '10-40/10'. */
function describeItem(item: string, kind: FieldKind): string {
  const [range = '', step] = item.split('/');
  const [from = '', to] = range.split('-');
  const span = to !== undefined ? `${kind.name(from)} through ${kind.name(to)}` : kind.name(from);
  if (step === undefined) return span;
  const every = `every ${step === '1' ? '' : `${step} `}${kind.unit}${step === '1' ? '' : 's'}`;
  if (range === '*') return every;
  return to !== undefined ? `${every} from ${span}` : `${every} from ${span} on`;
}

function describeList(field: string, kind: FieldKind): string {
  return joinList(field.split(',').map((item) => describeItem(item, kind)));
}

const isWild = (field: string) => field === '*' || field === '?';
const isStepOfAll = (field: string) => /^\*\/\d+$/.test(field);
const plainNumbers = (field: string) => field.split(',').every(isNumber);

function describeTime(minute: string, hour: string): string {
  if (isNumber(minute) && plainNumbers(hour)) {
    return `At ${joinList(hour.split(',').map((h) => `${pad(Number(h))}:${pad(Number(minute))}`))} GMT`;
  }
  if (isWild(minute) && isWild(hour)) return 'Every minute';
  if (isStepOfAll(minute) && isWild(hour)) return `Every ${minute.slice(2)} minutes`;
  if (isNumber(minute) && isWild(hour)) return minute === '0' ? 'Every hour' : `Every hour at minute ${Number(minute)}`;
  if (isNumber(minute) && isStepOfAll(hour)) {
    const every = `Every ${hour.slice(2)} hours`;
    return minute === '0' ? every : `${every} at minute ${Number(minute)}`;
  }
  const minuteWord = isNumber(minute) ? 'minute' : 'minutes';
  const minutes = isWild(minute) ? 'Every minute' : plainNumbers(minute) ? `At ${minuteWord} ${describeList(minute, MINUTE)}` : capitalise(describeList(minute, MINUTE));
  if (isWild(hour)) return minutes;
  const hours = hour.includes('/') ? `of ${describeList(hour, HOUR)}` : `of ${isNumber(hour) ? 'hour' : 'hours'} ${describeList(hour, HOUR)}`;
  return `${minutes} ${hours} GMT`;
}

function describeDayOfMonth(field: string): string {
  const items = field.split(',').map((item) => {
    if (item === 'L') return 'the last day';
    if (/^\d+W$/.test(item)) return `the weekday nearest day ${item.slice(0, -1)}`;
    return item.includes('/') ? describeItem(item, DAY) : `day ${describeItem(item, DAY)}`;
  });
  return `on ${joinList(items)} of the month`;
}

function describeDayOfWeek(field: string): string {
  const items = field.split(',').map((item) => {
    const nth = /^(\w+)#(\d)$/.exec(item);
    if (nth) return `the ${ORDINALS[Number(nth[2])] ?? `${nth[2]}th`} ${WEEKDAY.name(nth[1] as string)} of the month`;
    const last = /^(\w+)L$/.exec(item);
    if (last) return `the last ${WEEKDAY.name(last[1] as string)} of the month`;
    return describeItem(item, WEEKDAY);
  });
  return `on ${joinList(items)}`;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A human-readable English reading of a cron expression, in GMT ('*\/5 * * * *' → 'Every 5
 * minutes', '0 6 * * 1' → 'At 06:00 GMT on Monday'). '' when the expression is not valid.
 */
export function describeCron(expression: string): string {
  if ('problem' in parseCron(expression)) return '';
  const text = expression.trim();
  const fields = (NICKNAMES[text.toLowerCase()] ?? text).split(/\s+/);
  if (fields.length !== 5) return '';
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [string, string, string, string, string];
  const parts = [describeTime(minute, hour)];
  const days = [!isWild(dayOfMonth) ? describeDayOfMonth(dayOfMonth) : null, !isWild(dayOfWeek) ? describeDayOfWeek(dayOfWeek) : null].filter(Boolean);
  // Standard cron: with both day fields restricted, either one makes the day due.
  if (days.length > 0) parts.push(days.join(' or '));
  if (!isWild(month)) parts.push(isStepOfAll(month) ? `every ${month.slice(2)} months` : `in ${describeList(month, MONTH)}`);
  return parts.join(' ');
}
