import { HttpError } from '../http/errors';
import type { ScriptError } from './sandboxTypes';

const STATUS_OF_KIND: Partial<Record<ScriptError['kind'], number>> = { input: 400, timeout: 504, unavailable: 503, busy: 429 };

/**
 * How a failed script run answers over HTTP (docs/scripts.md): 504 when it ran out of time, 503
 * when the sandbox could not take it, 429 when the caller already has too many runs waiting, 400
 * for an input the sandbox refuses, 422 for a script that is wrong (syntax, runtime, memory,
 * output). The message is the script error's own, also under `errors.script` (`errors.input`) for forms.
 */
export function scriptFailure(error: ScriptError): HttpError {
  const field = error.kind === 'input' ? 'input' : 'script';
  return new HttpError(STATUS_OF_KIND[error.kind] ?? 422, error.message, { [field]: error.message });
}
