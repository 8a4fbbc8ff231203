import fc from 'fast-check';
import Ajv from 'ajv';
import { badHost, badJson, badKey, badNumber, badPathValue, badString, PROTOTYPE_KEYS } from './badValues';
import { jsonText, RawJson } from './jsonText';
import { hasDeclaredFields, type JsonSchema, type Operation, type Parameter } from './openApiDocument';
import { percentEncode, printable, type FuzzBody, type FuzzRequest, type MultipartPart } from './fuzzRequest';
import type { Caller, Collection } from './fuzzContext';
import { SEED_CORPUS } from './seedCorpus';

/** Everything the generator knows about one operation besides its document entry. */
export interface OperationPlan {
  caller: Caller;
  /** The path parameter a `self` route compares with the caller's id. */
  selfParam: string | null;
  collection: Collection;
  /** Query parameter names used anywhere in the document: handlers reading free-form params see them. */
  queryNames: readonly string[];
  /** Ids the callers stand on (their users and roles): never written to, or the run would lock itself out. */
  protectedIds: ReadonlySet<string>;
}

/**
 * A request is built as a plausible call — real ids, known values, a body shaped like the
 * schema or like a stored record — with one to three bad changes applied. One bad thing at a
 * time gets past the checks that would refuse a request full of them and reaches the code behind.
 */
type Mutation =
  | { kind: 'path'; index: number; value: string }
  | { kind: 'query'; name: string; values: string[] }
  | { kind: 'bodySet'; container: number; key: string; value: unknown }
  | { kind: 'bodyDrop'; container: number; key: number }
  | { kind: 'bodyWhole'; body: FuzzBody | null }
  | { kind: 'part'; field: 'name' | 'filename' | 'contentType'; value: string }
  | { kind: 'partContent'; content: Uint8Array }
  | { kind: 'host'; host: string };

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MISSING = Symbol('missing');
const READ_ONLY = new Set(['_id', 'createdAt', 'updatedAt']);

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
/** The plausible upload: one image in part `file`, as the inspection form sends photos. */
const UPLOAD: MultipartPart = { name: 'file', filename: 'photo.png', contentType: 'image/png', content: PNG };

const ajv = new Ajv({ coerceTypes: false, strict: false, allErrors: false });

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);
const isIdName = (name: string) => /^(id|ids|_id)$|Ids?$/.test(name);
const strings = (values: readonly unknown[]) => values.filter((v): v is string => typeof v === 'string');

/** Does a parsed value hold a NUL, a lone surrogate, a prototype key or a non-finite number anywhere? */
function holdsPoison(value: unknown): boolean {
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string' && unstorable(item)) return true;
    if (typeof item === 'number' && !Number.isFinite(item)) return true;
    if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) {
        if ((PROTOTYPE_KEYS as readonly string[]).includes(key) || unstorable(key)) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

function parsed(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

/** Sets a key as an own property, so `__proto__` stays data (as JSON.parse on the server makes it). */
function setOwn(target: object, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** Every object and array inside a value, the value first: the places a change can go. */
function containersOf(value: unknown): object[] {
  const found: object[] = [];
  const stack = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item !== 'object' || item === null || item instanceof RawJson) continue;
    found.push(item);
    stack.push(...Object.values(item));
  }
  return found;
}

export function requestArbitrary(op: Operation, plan: OperationPlan): fc.Arbitrary<FuzzRequest> {
  const { collection } = plan;
  const isWrite = WRITES.has(op.method);
  const takesJson = op.body !== null;
  const takesUpload = isWrite && op.method !== 'DELETE' && !takesJson;

  // Keys a change may use: the body's declared fields first (past the unknown-field check), then
  // the area's stored field names (for bodies typed only `object`), then bad keys.
  const declared = Object.keys(op.body?.properties ?? {});
  const stored = collection.names.filter((name) => !declared.includes(name));
  const fieldKey: fc.Arbitrary<string> = fc.oneof(
    ...(declared.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...declared) }] : []),
    ...(stored.length > 0 ? [{ weight: declared.length > 0 ? 1 : 4, arbitrary: fc.constantFrom(...stored) }] : []),
    { weight: 1, arbitrary: badKey },
  );
  const anyBad = badJson(fieldKey);
  const corpusOf = (name: string): readonly unknown[] => (Object.hasOwn(SEED_CORPUS, name) ? SEED_CORPUS[name]! : []);
  const knownValues = (name: string): unknown[] => [...corpusOf(name), ...(collection.values.get(name) ?? [])];
  /** The seed corpus as often as all the values read from the app: it holds what broke before. */
  const withCorpus = (name: string, others: fc.WeightedArbitrary<unknown>[]): fc.Arbitrary<unknown> => {
    const corpus = corpusOf(name);
    return fc.oneof(...(corpus.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...corpus) }] : []), ...others);
  };
  /** A known value of the field (the rest of the record gets checked) or a bad one. */
  const valueFor = (name: string) => {
    const samples = collection.values.get(name) ?? [];
    return withCorpus(name, [...(samples.length > 0 ? [{ weight: 1, arbitrary: fc.constantFrom(...samples) }] : []), { weight: 2, arbitrary: anyBad }]);
  };
  const badObject = fc
    .array(fieldKey.chain((key) => valueFor(key).map((value) => [key, value] as const)), { maxLength: 4 })
    .map((entries) => Object.fromEntries(entries));

  // ---- path -------------------------------------------------------------------------------
  // Real ids reach the handler's deeper checks. A write with no body to fuzz (DELETE, a bare
  // POST) starts from a bad one: with a real id it would be a valid call, not bad input.
  const realIdsAllowed = op.method === 'GET' || takesJson;
  const realPathValues = op.pathParams.map(({ name }) => {
    if (!realIdsAllowed) return [];
    if (name === plan.selfParam) return [plan.caller.user._id];
    const from = isIdName(name) ? collection.ids : strings(knownValues(name));
    return isWrite ? from.filter((id) => !plan.protectedIds.has(id)) : from;
  });
  const basePath = fc.tuple(...realPathValues.map((real) => (real.length > 0 ? fc.constantFrom(...real) : badPathValue)));

  // ---- query ------------------------------------------------------------------------------
  const fieldList = fc
    .array(fc.tuple(fc.boolean(), fieldKey), { minLength: 1, maxLength: 3 })
    .map((terms) => terms.map(([descending, name]) => `${descending ? '-' : ''}${name}`).join(','));
  const edgeInteger = fc.oneof(fc.nat(30), badNumber);
  const filterObject = fc
    .array(fieldKey.chain((key) => valueFor(key).map((value) => [key, value] as const)), { minLength: 1, maxLength: 3 })
    .map((entries) => Object.fromEntries(entries));
  /** List params carry JSON (range, sort, filter) or field lists (fields, orderBy): shapes for all. */
  const queryText: fc.Arbitrary<string> = fc.oneof(
    { weight: 3, arbitrary: badString },
    { weight: 2, arbitrary: fieldList },
    { weight: 2, arbitrary: fc.tuple(edgeInteger, edgeInteger).map(jsonText) },
    { weight: 2, arbitrary: fc.tuple(fieldKey, fc.constantFrom('ASC', 'DESC', 'desc', 'sideways')).map(jsonText) },
    { weight: 3, arbitrary: filterObject.map(jsonText) },
    { weight: 1, arbitrary: anyBad.map(jsonText) },
  );
  const knownParamValues = (param: Parameter) =>
    strings([...(param.schema.enum ?? []), ...knownValues(param.name), ...(isIdName(param.name) ? collection.ids.slice(0, 3) : [])]);
  const baseQuery = fc.tuple(
    ...op.queryParams.map((param) => {
      const known = knownParamValues(param);
      return known.length > 0 ? fc.option(fc.constantFrom(...known), { freq: 2, nil: undefined }) : fc.constant(undefined);
    }),
  );
  const queryName = fc.oneof(
    ...(op.queryParams.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...op.queryParams.map((p) => p.name)) }] : []),
    { weight: 1, arbitrary: plan.queryNames.length > 0 ? fc.constantFrom(...plan.queryNames) : fieldKey },
    { weight: 1, arbitrary: fieldKey },
  );
  /** Mostly once; sometimes repeated, which reaches the handler as an array. */
  const queryValues = fc.oneof({ weight: 4, arbitrary: queryText.map((v) => [v]) }, { weight: 1, arbitrary: fc.array(queryText, { minLength: 2, maxLength: 3 }) });

  // ---- body -------------------------------------------------------------------------------
  const validFor = (schema: JsonSchema, name: string, depth: number): fc.Arbitrary<unknown> => {
    if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
    const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
    switch (type) {
      case 'string': {
        const samples = strings([...(isIdName(name) ? collection.ids : []), ...(collection.values.get(name) ?? [])]);
        const text = fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 20, 20) });
        return withCorpus(name, [...(samples.length > 0 ? [{ weight: 2, arbitrary: fc.constantFrom(...samples) }] : []), { weight: 1, arbitrary: text }]);
      }
      case 'integer':
      case 'number':
        // Whole numbers within the bounds: a decimal's bounds need not be whole (money's 9999999999999.99).
        return fc.integer({ min: Math.ceil(schema.minimum ?? -1000), max: Math.floor(schema.maximum ?? 1000) });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(validFor(schema.items ?? {}, name, depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
      case 'object':
        return depth > 3 ? fc.constant({}) : schemaObject(schema, depth + 1);
      default:
        return valueFor(name);
    }
  };
  const schemaObject = (schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> => {
    const properties = Object.entries(schema.properties ?? {});
    const required = new Set(schema.required ?? []);
    return fc
      .tuple(...properties.map(([name, prop]) => (required.has(name) ? validFor(prop, name, depth) : fc.option(validFor(prop, name, depth), { freq: 2, nil: MISSING }))))
      .map((values) => Object.fromEntries(properties.flatMap(([name], i) => (values[i] === MISSING ? [] : [[name, values[i]]]))));
  };
  /** A stored record of this area without the fields the server writes: what a copy sends. */
  const recordBody = collection.records.length > 0
    ? fc.constantFrom(...collection.records).map((record) => Object.fromEntries(Object.entries(record).filter(([key]) => !READ_ONLY.has(key))))
    : fc.constant({});
  const baseBody: fc.Arbitrary<unknown> = hasDeclaredFields(op.body) ? schemaObject(op.body, 0) : recordBody;

  const fileContent: fc.Arbitrary<Uint8Array> = fc.oneof(fc.constantFrom(JPEG, new Uint8Array(0)), fc.uint8Array({ maxLength: 32 }));
  const rawText: fc.Arbitrary<FuzzBody> = fc.oneof(
    fc.constantFrom('', '{', '{"a":', 'nul', '\u0000', '{"a":1}{"b":2}', '"\\ud800"', '['.repeat(20_000)).map((text): FuzzBody => ({ kind: 'raw', contentType: 'application/json', text })),
    fc.constantFrom(['text/plain', 'x'], ['application/x-www-form-urlencoded', 'a=1&a=2'], ['application/xml', '<a/>'], ['application/json; charset=latin1', '{}']).map(
      ([contentType, text]): FuzzBody => ({ kind: 'raw', contentType: contentType!, text: text! }),
    ),
  );
  const wholeBody: fc.Arbitrary<FuzzBody | null> = fc.oneof(
    fc.oneof(badString, badNumber, fc.constantFrom(null, true, 0), fc.array(anyBad, { maxLength: 2 }), badObject).map((v): FuzzBody => ({ kind: 'json', text: jsonText(v) })),
    rawText,
    fc.constant({ kind: 'multipart', parts: [UPLOAD] } as FuzzBody),
    fc.constant(null),
  );

  // ---- changes ----------------------------------------------------------------------------
  const mutations: fc.WeightedArbitrary<Mutation>[] = [{ weight: 1, arbitrary: badHost.map((host): Mutation => ({ kind: 'host', host })) }];
  mutations.push({ weight: op.queryParams.length > 0 ? 4 : 1, arbitrary: fc.record({ name: queryName, values: queryValues }).map((q): Mutation => ({ kind: 'query', ...q })) });
  if (op.pathParams.length > 0) {
    mutations.push({ weight: 3, arbitrary: fc.record({ index: fc.nat(op.pathParams.length - 1), value: badPathValue }).map((m): Mutation => ({ kind: 'path', ...m })) });
  }
  if (takesJson) {
    mutations.push(
      { weight: 6, arbitrary: fc.record({ container: fc.nat(), key: fieldKey, value: anyBad }).map((m): Mutation => ({ kind: 'bodySet', ...m })) },
      { weight: 1, arbitrary: fc.record({ container: fc.nat(), key: fc.nat() }).map((m): Mutation => ({ kind: 'bodyDrop', ...m })) },
      { weight: 1, arbitrary: wholeBody.map((body): Mutation => ({ kind: 'bodyWhole', body })) },
    );
  }
  if (takesUpload) {
    mutations.push(
      { weight: 3, arbitrary: badString.map((value): Mutation => ({ kind: 'part', field: 'filename', value })) },
      { weight: 1, arbitrary: fc.oneof(badString, fieldKey).map((value): Mutation => ({ kind: 'part', field: 'name', value })) },
      { weight: 1, arbitrary: fc.oneof(badString, fc.constantFrom('image/png', 'text/plain')).map((value): Mutation => ({ kind: 'part', field: 'contentType', value })) },
      { weight: 1, arbitrary: fileContent.map((content): Mutation => ({ kind: 'partContent', content })) },
      { weight: 1, arbitrary: wholeBody.map((body): Mutation => ({ kind: 'bodyWhole', body })) },
    );
  }

  const validate = hasDeclaredFields(op.body) ? ajv.compile(op.body) : null;
  /**
   * A body the schema declares, valid in every respect, sent to a real record would be a valid
   * write (a password change of the caller, say): not bad input, and it could lock the run out.
   */
  const isBadInput = (request: FuzzRequest, pathChanged: boolean) => {
    if (!validate || op.pathParams.length === 0 || pathChanged) return true;
    if (request.body?.kind !== 'json') return true;
    const body = parsed(request.body.text);
    return !body.ok || !validate(body.value) || holdsPoison(body.value);
  };

  return fc
    .record({
      path: basePath,
      query: baseQuery,
      body: baseBody,
      changes: fc.array(fc.oneof(...mutations), { minLength: 1, maxLength: 3 }),
    })
    .map(({ path, query, body, changes }) => {
      const pathValues = [...path];
      const queryPairs: [string, string][] = op.queryParams.flatMap((param, i) => (query[i] === undefined ? [] : [[param.name, query[i]] as [string, string]]));
      const headers: Record<string, string> = {};
      const json = structuredClone(body);
      let whole: FuzzBody | null | undefined;
      const parts = [{ ...UPLOAD }];
      let pathChanged = pathValues.some((value, i) => !realPathValues[i]!.includes(value));
      for (const change of changes) {
        switch (change.kind) {
          case 'path':
            pathValues[change.index] = change.value;
            pathChanged = true;
            break;
          case 'query':
            for (const value of change.values) queryPairs.push([change.name, value]);
            break;
          case 'host':
            headers.host = change.host;
            break;
          case 'bodySet': {
            const containers = containersOf(json);
            const target = containers[change.container % containers.length];
            if (Array.isArray(target)) target[change.container % (target.length + 1)] = change.value;
            else if (target) setOwn(target, change.key, change.value);
            break;
          }
          case 'bodyDrop': {
            const containers = containersOf(json).filter((c) => !Array.isArray(c) && Object.keys(c).length > 0);
            const target = containers[change.container % Math.max(containers.length, 1)] as Record<string, unknown> | undefined;
            if (target) delete target[Object.keys(target)[change.key % Object.keys(target).length]!];
            break;
          }
          case 'bodyWhole':
            whole = change.body;
            break;
          case 'part':
            parts[0]![change.field] = change.value;
            break;
          case 'partContent':
            parts[0]!.content = change.content;
            break;
        }
      }
      let fuzzBody: FuzzBody | null = null;
      if (whole !== undefined) fuzzBody = whole;
      else if (takesJson && isWrite) fuzzBody = { kind: 'json', text: jsonText(json) };
      else if (takesUpload) fuzzBody = { kind: 'multipart', parts };
      let index = 0;
      const url = op.path.replace(/\{\w+\}/g, () => percentEncode(pathValues[index++]!));
      return { request: printable({ method: op.method, path: url, query: queryPairs, headers, body: fuzzBody, as: plan.caller.username }), pathChanged };
    })
    .filter(({ request, pathChanged }) => isBadInput(request, pathChanged))
    .map(({ request }) => request);
}
