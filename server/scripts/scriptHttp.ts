import { HttpError } from '../http/errors';
import type { ScriptError } from './sandboxTypes';

/**
 * How a failed script run answers over HTTP (docs/scripts.md): 504 when it ran out of time, 503
 * when the sandbox could not take it, 422 for a script that is wrong (syntax, runtime, memory,
 * output). The message is the script error's own, also under `errors.script` for forms.
 */
export function scriptFailure(error: ScriptError): HttpError {
  const status = error.kind === 'timeout' ? 504 : error.kind === 'unavailable' ? 503 : 422;
  return new HttpError(status, error.message, { script: error.message });
}
