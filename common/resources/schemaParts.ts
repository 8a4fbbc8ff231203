import * as yup from 'yup';

// Messages name the field as the client sent it, in words a user can act on.
yup.setLocale({
  mixed: {
    required: '${path} is required',
    notType: ({ path, type }) => (path ? `${path} must be a ${type}` : `body must be a JSON ${type}`),
    notNull: ({ path }) => (path ? `${path} must not be null` : 'body must be a JSON object'),
    oneOf: '${path} must be one of: ${values}',
  },
  string: { max: '${path} must be at most ${max} characters', min: '${path} must be at least ${min} characters' },
  number: { integer: '${path} must be a whole number', min: '${path} must be at least ${min}' },
  array: { max: '${path} must hold at most ${max} values' },
});

/**
 * Most ids one list may hold (an asset's checklists, a role's permissions…): far more than any
 * screen offers, few enough that a body is refused before its ids are looked up (docs/administration.md).
 */
export const MAX_LIST_IDS = 1000;

/**
 * C0 and C1 control characters and DEL (Unicode's Cc: CR, LF and TAB among them), and the line and
 * paragraph separators U+2028/U+2029. None belongs in a one-line value.
 */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/**
 * The bidirectional marks, embeddings, overrides and isolates (Unicode's Bidi_Control: U+061C,
 * U+200E/U+200F, U+202A–U+202E, U+2066–U+2069): they show text in another order than it is stored.
 */
const BIDI = /\p{Bidi_Control}/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL.test(text);
}

export function hasControlOrBidi(text: string): boolean {
  return CONTROL.test(text) || BIDI.test(text);
}

/**
 * Building blocks of the entity schemas. The server validates request bodies with them in strict
 * mode (no coercion: a number is not a name), the web forms use the same schemas, so a rule is
 * written once. Unknown keys are refused and named ("colour is not allowed").
 */
export const nonBlank = (label = '${path}') =>
  yup
    .string()
    .required(`${label} is required`)
    .test('non-blank', `${label} must not be blank`, (value) => typeof value === 'string' && value.trim().length > 0)
    .max(200, `${label} must be at most 200 characters`);

export const idString = () => yup.string().min(1).max(64);
/** Ids, each once, at most MAX_LIST_IDS: the cap is the list's first test, so an over-long list is refused by it whatever else it holds. */
export const idList = () =>
  yup
    .array(idString().required())
    .default([])
    .max(MAX_LIST_IDS)
    .test('distinct', '${path} must not hold the same id twice', (ids) => new Set(ids ?? []).size === (ids ?? []).length);
export const stringList = () => yup.array(yup.string().required()).default([]);

/** An object whose unknown keys are a validation error naming the key. */
export function strictObject<T extends yup.ObjectShape>(shape: T) {
  return yup.object(shape).noUnknown(true, ({ unknown }) => `${String(unknown)} is not allowed`);
}

/** Fields every stored record carries, which clients may send back but never set. */
export const READ_ONLY_FIELDS = ['_id', 'id', 'createdAt', 'updatedAt'] as const;

/**
 * What a copy sends (spec §7, DESIGN §3): all fields except name, createdAt, updatedAt and _id,
 * plus those the entity also drops (attributes: technicalName); the new name comes from a prompt.
 */
export function copyBody<T extends object>(record: T, name: string, alsoDrop: readonly string[] = []): Record<string, unknown> {
  const dropped = new Set<string>(['name', ...READ_ONLY_FIELDS, ...alsoDrop]);
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!dropped.has(key)) body[key] = value;
  return { ...body, name };
}
