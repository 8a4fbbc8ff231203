import { ValidationError, type AnySchema, type InferType } from 'yup';
import { HttpError } from '../http/errors';

/**
 * Validates a request body with an entity schema from common/ — the same one the web form uses —
 * in strict mode (no coercion), then fills the schema's defaults. A failure is a 400 whose message
 * names the first field and whose `errors` maps every failing field to its message.
 */
export function validateBody<S extends AnySchema>(schema: S, body: unknown): InferType<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'body must be a JSON object', { body: 'body must be a JSON object' });
  }
  try {
    schema.validateSync(body, { strict: true, abortEarly: false });
  } catch (error) {
    if (error instanceof ValidationError) throw validationFailure(error);
    throw error;
  }
  return schema.cast(body, { assert: false }) as InferType<S>;
}

function validationFailure(error: ValidationError): HttpError {
  const errors: Record<string, string> = {};
  const issues = error.inner.length > 0 ? error.inner : [error];
  for (const issue of issues) {
    const field = issue.path || unknownKey(issue) || 'body';
    errors[field] ??= issue.message;
  }
  const message = Object.values(errors)[0] ?? 'Invalid request body';
  return new HttpError(400, message, errors);
}

/** noUnknown failures sit on the parent object; name the key itself. */
function unknownKey(issue: ValidationError): string | undefined {
  const unknown = (issue.params as { unknown?: unknown } | undefined)?.unknown;
  return typeof unknown === 'string' ? unknown.split(',')[0]?.trim() : undefined;
}
