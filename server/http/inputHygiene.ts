import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** A NUL or any surrogate half: what a text must hold for LONE_SURROGATE or the NUL check to matter. */
// eslint-disable-next-line no-control-regex -- the NUL is what this looks for
const SUSPECT = /[\u0000\ud800-\udfff]/;

/**
 * Text PostgreSQL cannot store: `text` refuses NUL, and `jsonb` refuses both `\u0000` and a lone
 * UTF-16 surrogate (`"\ud800"`). JavaScript strings hold either happily, so without a check they
 * travel as far as the database and come back as a 500 (issue 16 §1).
 */
export function unstorableProblem(text: string): string | null {
  // Nearly all text holds neither: one scan for a simple class first, the lookarounds only then.
  if (!SUSPECT.test(text)) return null;
  if (text.includes('\u0000')) return 'must not contain a NUL character (\\u0000)';
  if (LONE_SURROGATE.test(text)) return 'must not contain an unpaired UTF-16 surrogate';
  return null;
}

export interface Finding {
  field: string;
  message: string;
}

/** A key as it can be shown in a message: escaped like JSON, so a NUL reads as \u0000. */
const shown = (key: string) => JSON.stringify(key).slice(1, -1);

/** Names every plain object already answers to: `__proto__`, `constructor`, `toString`, `hasOwnProperty`… */
const OBJECT_MEMBERS = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * A key named like a member of Object.prototype. Code that looks a request's key up in a plain
 * object finds the member instead (yup's object cast calls `fields.toString.resolve`), and
 * `__proto__` or `constructor.prototype` turn into a prototype change once copied by assignment.
 * Fastify's parser refuses only the last two and only as "not valid JSON"; here every one is a
 * 400 naming the field.
 */
function memberNameProblem(key: string): string | null {
  return OBJECT_MEMBERS.has(key) ? `must not be named ${key}, a name every JavaScript object already holds` : null;
}

/**
 * Nesting a request may have. Our deepest records (dashboards: sections, widgets, options) stay
 * under ten levels; thousands of levels overflow recursive code further on — structured clone on
 * the way into the script sandbox, PostgreSQL's jsonb parser — where it is no longer a 400.
 */
export const MAX_INPUT_DEPTH = 64;

/**
 * Widths a request's object or array may have, checked before its members are walked. The widest
 * records we keep stay far below (a checklist's attributes, a dashboard's widgets, 1,000 alert ids
 * resolved at once); a 1 MB body of 95,000 keys or 520,000 items is refused by its width, not by
 * a walk and a validation of every member (issue 39 §1). Routes bound their own fields tighter.
 */
export const MAX_INPUT_KEYS = 1_000;
export const MAX_INPUT_ITEMS = 10_000;

/** An object or array met on the walk; its path is spelled out only when something in it is refused. */
interface Container {
  value: object;
  parent: Container | null;
  /** The key (shown) under which the parent holds it; the root's is the root's name. */
  key: string;
  depth: number;
}

function pathOf(container: Container | null, key?: string): string {
  const keys: string[] = key === undefined ? [] : [key];
  for (let at = container; at !== null; at = at.parent) keys.push(at.key);
  return keys.reverse().filter(Boolean).join('.');
}

/** The field a deep value hangs from, which names it (its full path would be 64 segments). */
function topOf(container: Container): string {
  let at = container;
  while (at.parent !== null && at.parent.parent !== null) at = at.parent;
  return at.parent === null ? at.key : pathOf(at);
}

/**
 * The first string or object key anywhere in `value` that cannot be stored, or key named like an
 * Object.prototype member, or the first value nested deeper than MAX_INPUT_DEPTH or wider than
 * MAX_INPUT_KEYS / MAX_INPUT_ITEMS, named by its path (`data.0.value`).
 * Walks with its own stack: a body nested thousands deep must not overflow ours. Its cost is a
 * scan of each string and key: paths are built only for the value refused, numbers are passed
 * over, so a 1 MB body of 520,000 items or 95,000 keys is walked in milliseconds (issue 39 §1).
 */
export function findBadInput(value: unknown, root: string): Finding | null {
  if (typeof value === 'string') {
    const problem = unstorableProblem(value);
    return problem ? { field: root || 'body', message: `${root || 'body'} ${problem}` } : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const stack: Container[] = [{ value, parent: null, key: root, depth: 0 }];
  while (stack.length > 0) {
    const container = stack.pop()!;
    if (container.depth >= MAX_INPUT_DEPTH) {
      const top = topOf(container) || 'body';
      return { field: top, message: `${top} is nested more than ${MAX_INPUT_DEPTH} levels deep` };
    }
    const item = container.value;
    const keys = Array.isArray(item) ? null : Object.keys(item);
    const count = keys === null ? (item as unknown[]).length : keys.length;
    if (count > (keys === null ? MAX_INPUT_ITEMS : MAX_INPUT_KEYS)) {
      const field = pathOf(container) || 'body';
      const message = keys === null ? `${field} must hold at most ${MAX_INPUT_ITEMS} items` : `${field} must hold at most ${MAX_INPUT_KEYS} fields`;
      return { field, message };
    }
    for (let index = 0; index < count; index++) {
      const key = keys === null ? null : keys[index]!;
      if (key !== null) {
        const keyProblem = unstorableProblem(key) ?? memberNameProblem(key);
        if (keyProblem) {
          const field = pathOf(container, shown(key));
          const what = keyProblem.startsWith('must not be named') ? 'a field' : 'a field name';
          return { field, message: `${field}: ${what} ${keyProblem}` };
        }
      }
      const child = key === null ? (item as unknown[])[index] : (item as Record<string, unknown>)[key];
      if (typeof child === 'string') {
        const problem = unstorableProblem(child);
        if (problem) {
          const field = pathOf(container, key === null ? String(index) : shown(key)) || 'body';
          return { field, message: `${field} ${problem}` };
        }
      } else if (typeof child === 'object' && child !== null) {
        stack.push({ value: child, parent: container, key: key === null ? String(index) : shown(key), depth: container.depth + 1 });
      }
    }
  }
  return null;
}

/** 400 naming the field when `value` holds unstorable text, a member-named key or absurd nesting. */
export function assertCleanInput(value: unknown, root: string) {
  const finding = findBadInput(value, root);
  if (finding) throw badRequest(finding.field, finding.message);
}

interface QuerySchema {
  properties?: Record<string, { type?: string | string[] }>;
}

/** A declared query param whose type is not an array takes one value. */
function takesOneValue(schema: QuerySchema | undefined, name: string): boolean {
  const declared = schema?.properties && Object.hasOwn(schema.properties, name) ? schema.properties[name] : undefined;
  if (!declared) return false;
  return ![declared.type].flat().includes('array');
}

/** The address's part: path parameters and query, known before any access rule reads them. */
function checkAddress(request: FastifyRequest) {
  // A path parameter names a record: one holding unstorable text names none, so 404 (DESIGN §3).
  for (const [name, value] of Object.entries((request.params ?? {}) as Record<string, unknown>)) {
    if (typeof value === 'string' && unstorableProblem(value)) {
      const message = `No record has this ${name}`;
      throw new HttpError(404, message, { [name]: message });
    }
  }
  const querySchema = request.routeOptions.schema?.querystring as QuerySchema | undefined;
  for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>)) {
    const nameProblem = unstorableProblem(name);
    if (nameProblem) throw badRequest(shown(name), `${shown(name)}: a query parameter name ${nameProblem}`);
    // `?fields=a&fields=b` arrives as an array: a param that takes one value says so by name.
    if (Array.isArray(value) && takesOneValue(querySchema, name)) throw badRequest(name, `${name} must be given once`);
    assertCleanInput(value, name);
  }
}

/** Callback-style hook around a check: every request pays it, and an async hook costs a promise and a turn of the queue. */
const hookOf =
  (check: (request: FastifyRequest) => void) =>
  (request: FastifyRequest, _reply: unknown, done: (error?: Error) => void) => {
    try {
      check(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  };

/**
 * One check of every request's input, in two steps:
 * - the address (path parameters and query) in onRequest, registered before the auth plugin's
 *   hook: a route's access rule may read the query (`GET /user/{id}?fields=`), and must only ever
 *   see input that passed these checks — `?fields=a&fields=b` is a 400 naming `fields`, not a
 *   rule calling `.split` on an array (issue 39 §4);
 * - the parsed body in preValidation, the earliest point it exists, before the schema validators
 *   and the handler see it. A JSON content-type parser would see only JSON bodies. Text nested
 *   inside a query param (the JSON of `filter=…`) is checked where it is parsed (queryJson.ts).
 *
 * buildApp turns Fastify's own prototype-key refusal off (onProtoPoisoning: 'ignore'): JSON.parse
 * makes `__proto__` an own data property, harmless until this hook refuses it with its path,
 * where the parser could only say "body is not valid JSON". No handler runs before this hook.
 */
export function installInputHygiene(app: FastifyInstance) {
  app.addHook('onRequest', hookOf(checkAddress));
  app.addHook('preValidation', hookOf((request) => assertCleanInput(request.body, '')));
}
