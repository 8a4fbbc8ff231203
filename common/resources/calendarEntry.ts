import { colourProblem, isCssColor } from '../cssColor';
import { attributeProblem, isEmptyAttribute, type CalendarConfig, type CalendarEntryType } from './calendarConfig';
import { periodProblem, type FieldProblem } from './inspectionSchedule';
import { MAX_ENTRY_DAYS } from './planTimes';

/** Spec §3 Calendar entry, as GET /calendarEntry answers it inside `{data: entries}`. */
export interface CalendarEntry {
  _id: string;
  name: string;
  /** An entry type's _id (GET /calendarEntryType). */
  type: string;
  start: number;
  end: number;
  customAttributes: Record<string, unknown>;
  /** Its own CSS colour; null: its type's. */
  color: string | null;
  /** false: an all-day entry. */
  timed: boolean;
  disableDelete: boolean;
  createdAt: number;
  updatedAt: number;
}

/** Body of POST /calendarEntry and PUT /calendarEntry/{id}; on PUT, optional fields left out keep their values. */
export interface CalendarEntryInput {
  type: string;
  start: number;
  end: number;
  name?: string;
  customAttributes?: Record<string, unknown>;
  color?: string | null;
  timed?: boolean;
  disableDelete?: boolean;
}

export const CALENDAR_ENTRY_FIELDS = ['name', 'type', 'start', 'end', 'customAttributes', 'color', 'timed', 'disableDelete'] as const;

const MAX_NAME = 200;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What the checks compare against: the config, the known entry types, and on an update the stored entry. */
export interface EntryCheckContext {
  config: CalendarConfig;
  types: readonly CalendarEntryType[];
  /** The entry as stored (PUT): values it already holds are not re-checked against a config changed since. */
  existing?: Pick<CalendarEntry, 'type' | 'customAttributes'>;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Problems of custom attribute values, each named `customAttributes.<key>`: unknown keys, values
 * of the wrong type, options not offered (given the attribute they depend on), and on an update
 * changes to updateReadOnlyFields. A value an entry already holds unchanged passes, so changing the
 * config never locks existing entries (a drag sends them back as they are).
 */
export function customAttributeProblems(attributes: Record<string, unknown>, context: EntryCheckContext): FieldProblem[] {
  const { definitions, updateReadOnlyFields } = context.config.customFields;
  const byKey = new Map(definitions.map((d) => [d.key, d]));
  const stored = context.existing?.customAttributes ?? {};
  const problems: FieldProblem[] = [];
  const add = (key: string, problem: string) => problems.push({ field: `customAttributes.${key}`, message: `customAttributes.${key} ${problem}` });
  for (const [key, value] of Object.entries(attributes)) {
    const unchanged = context.existing !== undefined && Object.hasOwn(stored, key) && sameValue(stored[key], value);
    if (unchanged) continue;
    const definition = byKey.get(key);
    if (!definition) {
      if (!isEmptyAttribute(value)) add(key, 'is not a field of the calendar');
      continue;
    }
    const problem = attributeProblem(definition, value, attributes);
    if (problem) add(key, problem);
  }
  if (context.existing) {
    for (const key of updateReadOnlyFields) {
      const before = Object.hasOwn(stored, key) ? stored[key] : undefined;
      const after = Object.hasOwn(attributes, key) ? attributes[key] : undefined;
      if (!(isEmptyAttribute(before) && isEmptyAttribute(after)) && !sameValue(before, after)) add(key, 'cannot be changed once the entry exists');
    }
  }
  return problems;
}

/**
 * The first problem of an entry body, in spec §5's order for the period (start, end, end ≥ start),
 * then the type, then the rest; null when it can be saved. `body` is the request as sent.
 */
export function calendarEntryProblem(body: Record<string, unknown>, context: EntryCheckContext): FieldProblem | null {
  const period = periodProblem(body.start, body.end, MAX_ENTRY_DAYS);
  if (period) return period;
  const { type } = body;
  if (type === undefined || type === null || type === '') return { field: 'type', message: 'Please select an entry type' };
  if (typeof type !== 'string') return { field: 'type', message: 'type must be an entry type id' };
  const keepsType = context.existing?.type === type;
  if (!keepsType && !context.types.some((t) => t._id === type)) return { field: 'type', message: `type "${type.slice(0, 64)}" is not an entry type` };
  if (body.name !== undefined && body.name !== null) {
    if (typeof body.name !== 'string') return { field: 'name', message: 'name must be text' };
    if (body.name.length > MAX_NAME) return { field: 'name', message: `name must be at most ${MAX_NAME} characters` };
  }
  if (body.color !== undefined && body.color !== null && body.color !== '' && !isCssColor(body.color)) return { field: 'color', message: colourProblem('color') };
  for (const flag of ['timed', 'disableDelete'] as const) {
    if (body[flag] !== undefined && typeof body[flag] !== 'boolean') return { field: flag, message: `${flag} must be true or false` };
  }
  if (body.customAttributes !== undefined && body.customAttributes !== null) {
    if (!isPlainObject(body.customAttributes)) return { field: 'customAttributes', message: 'customAttributes must be an object of field key → value' };
    const [first] = customAttributeProblems(body.customAttributes, context);
    if (first) return first;
  }
  return null;
}

/** The attributes as stored: empty values dropped. */
export function storedAttributes(attributes: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(attributes).filter(([, value]) => !isEmptyAttribute(value)));
}
