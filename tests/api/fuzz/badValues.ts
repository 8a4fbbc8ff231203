import fc from 'fast-check';
import { RawJson } from './jsonText';

/**
 * The kinds of bad input issue 16 lists, as fast-check arbitraries: huge and empty strings, NUL
 * and lone surrogates, prototype keys, extreme numbers, wrong types, arrays for objects, deep
 * nesting. Each is weighted towards the literal troublemakers; random text fills the gaps.
 */

/** Keys that resolve to Object.prototype members when looked up in a plain object. */
export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__'] as const;

/** PostgreSQL text and JSONB refuse these; JavaScript strings hold them happily. */
const UNSTORABLE = ['\u0000', 'a\u0000b', '\ud800', 'x\udfff', '\udc00\ud800'] as const;

const AWKWARD = [
  '', ' ', '\t\n', '1e308', '-1', '0', '1.5', 'NaN', 'Infinity', '9007199254740993', '99999999999999999999',
  'null', 'undefined', 'true', '{}', '[]', '[0,1e308]', '{"__proto__":{"x":1}}',
  '%00', '%ED%A0%80', '../..', ',', ';', '"', '\\', "' or '1'='1", '<img src=x onerror=alert(1)>',
  '😀', '\u202eevil', 'e\u0301', '\uffff', '\ufeff',
] as const;

/** Long enough to pass every maxLength we have (the JSON body limit is 1 MB). */
export const HUGE_LENGTHS = [257, 5_001, 70_000] as const;

export const unstorableString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...UNSTORABLE),
  fc.tuple(fc.string({ maxLength: 4 }), fc.constantFrom(...UNSTORABLE), fc.string({ maxLength: 4 })).map((parts) => parts.join('')),
);
const hugeString = fc.constantFrom(...HUGE_LENGTHS).map((length) => 'x'.repeat(length));

/** Weighted towards what broke handlers most (issue 16 §1): NUL and lone surrogates first. */
export const badString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: unstorableString },
  { weight: 2, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 3, arbitrary: fc.constantFrom(...AWKWARD) },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);

/** Numbers no column can hold, negatives and fractions where counts are meant, JSON beyond doubles. */
export const badNumber: fc.Arbitrary<number | RawJson> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(1e308, -1e308, 2 ** 31, 2 ** 53, 2 ** 63, -1, 0, 1.5, -0.5, Number.MAX_SAFE_INTEGER + 2, Number.MIN_VALUE) },
  { weight: 2, arbitrary: fc.constantFrom('1e400', '-1e400', '9007199254740993', '123456789012345678901234567890', '1e-400', '-0').map((text) => new RawJson(text)) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
);

/** Nesting deeper than any handler expects (arrays and objects). */
export const deepNesting: fc.Arbitrary<RawJson> = fc
  .tuple(fc.constantFrom(100, 1_000, 5_000), fc.boolean())
  .map(([depth, arrays]) => new RawJson(arrays ? `${'['.repeat(depth)}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));

export const badKey: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
  { weight: 3, arbitrary: fc.constantFrom('', ' ', 'a\u0000', '\ud800', 'x'.repeat(300), '_id', 'id', 'createdAt', 'updatedAt', 'a.b', '$where', '0') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
);

export const badScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: badString },
  { weight: 3, arbitrary: badNumber },
  { weight: 1, arbitrary: fc.constantFrom(true, false, null) },
);

/** Any JSON value built from bad parts, keys drawn from `keys` (field names mixed with bad keys). */
export function badJson(keys: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      { weight: 6, arbitrary: badScalar },
      { weight: 2, arbitrary: fc.array(tie('value'), { maxLength: 3 }) },
      { weight: 2, arbitrary: fc.array(fc.tuple(keys, tie('value')), { maxLength: 3 }).map((entries) => Object.fromEntries(entries)) },
      { weight: 1, arbitrary: deepNesting },
    ),
  }));
  return value;
}

/** Path parameter values that cannot name a record (the route's own real ids are added by the caller). */
export const badPathValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...UNSTORABLE, ...PROTOTYPE_KEYS, '1e308', '-1', ' ', 'null', '{}', '..', '%', 'x'.repeat(65), 'x'.repeat(201)) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 24, maxLength: 24 }) },
);

/** Host headers that are not host names: CSP and CORS derive values from this header. */
export const badHost: fc.Arbitrary<string> = fc.constantFrom(
  'a;b', 'a b c', "x; script-src 'unsafe-inline'", 'plant.example.com, evil.example', 'a\tb', '[::1', 'x:99999', '', '-.example', 'a'.repeat(300), '%00', 'ex ample.com:80',
);
