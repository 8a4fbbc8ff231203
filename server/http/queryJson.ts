import { badRequest } from './errors';
import { assertCleanInput } from './inputHygiene';

/**
 * A query param holding JSON (`range=[0,24]`, `sort=["name","ASC"]`, `filter={…}`, DESIGN §3).
 * Its strings and keys reach SQL like a body's do, and the request-wide check saw only the
 * escaped text (`"\u0000"` is six harmless characters until parsed): checked here, once parsed.
 */
export function parseQueryJson(param: string, text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badRequest(param, `${param} is not valid JSON`);
  }
  assertCleanInput(value, param);
  return value;
}
