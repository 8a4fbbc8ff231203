import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Text PostgreSQL cannot store: `text` refuses NUL, and `jsonb` refuses both `\u0000` and a lone
 * UTF-16 surrogate (`"\ud800"`). JavaScript strings hold either happily, so without a check they
 * travel as far as the database and come back as a 500 (issue 16 §1).
 */
export function unstorableProblem(text: string): string | null {
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
const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

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
 * The first string or object key anywhere in `value` that cannot be stored, or key named like an
 * Object.prototype member, or the first value nested deeper than MAX_INPUT_DEPTH, named by its path (`data.0.value`).
 * Walks with its own stack: a body nested thousands deep must not overflow ours.
 */
export function findBadInput(value: unknown, root: string): Finding | null {
  // `top`: the field a deep value hangs from, which names it (its full path would be 64 segments).
  const stack: { value: unknown; path: string; top: string; depth: number }[] = [{ value, path: root, top: root, depth: 0 }];
  while (stack.length > 0) {
    const { value: item, path, top, depth } = stack.pop()!;
    if (typeof item === 'string') {
      const problem = unstorableProblem(item);
      if (problem) return { field: path || 'body', message: `${path || 'body'} ${problem}` };
    } else if (typeof item === 'object' && item !== null) {
      if (depth >= MAX_INPUT_DEPTH) return { field: top || 'body', message: `${top || 'body'} is nested more than ${MAX_INPUT_DEPTH} levels deep` };
      for (const [key, child] of Object.entries(item)) {
        const field = join(path, shown(key));
        const keyProblem = unstorableProblem(key);
        if (keyProblem) return { field, message: `${field}: a field name ${keyProblem}` };
        const memberProblem = memberNameProblem(key);
        if (memberProblem) return { field, message: `${field}: a field ${memberProblem}` };
        stack.push({ value: child, path: field, top: depth === 0 ? field : top, depth: depth + 1 });
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

function checkRequest(request: FastifyRequest) {
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
  assertCleanInput(request.body, '');
}

/**
 * One check for every request, in preValidation: the earliest point where the path parameters,
 * the query and the parsed body all exist, and before the schema validators and the handler see
 * any of it. A JSON content-type parser would see only JSON bodies — and the query and path
 * carry NUL bytes just as well (`/asset/%00`). Text nested inside a query param (the JSON of
 * `filter=…`) is checked where it is parsed (queryJson.ts).
 *
 * buildApp turns Fastify's own prototype-key refusal off (onProtoPoisoning: 'ignore'): JSON.parse
 * makes `__proto__` an own data property, harmless until this hook refuses it with its path,
 * where the parser could only say "body is not valid JSON". No handler runs before this hook.
 */
export function installInputHygiene(app: FastifyInstance) {
  // Callback style: on every request, and an async hook costs a promise and a turn of the queue.
  app.addHook('preValidation', (request, _reply, done) => {
    try {
      checkRequest(request);
    } catch (error) {
      done(error as Error);
      return;
    }
    done();
  });
}
