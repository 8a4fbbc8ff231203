import { ValidationError, type AnySchema, type InferType } from 'yup';
import { HttpError } from '../http/errors';
import { setServerHtml } from '../../common/storedHtml/serverHtml';
import { serverHtmlEngine } from '../../common/storedHtml/serverHtmlEngine';

// Rich text (common/fields/richText.ts) is sanitised as a body is cast, here where there is no
// page: by the DOM-free engine with the rules the page's DOMPurify applies (docs/web-shell.md).
setServerHtml(serverHtmlEngine());

/**
 * Validates a request body with an entity schema from common/ — the same one the web form uses —
 * in strict mode (no coercion), then casts it: the schema's defaults filled, its transforms run
 * (rich text sanitised). A failure is a 400 whose message and `errors` name the first failing
 * field: validation stops there (`abortEarly`), so refusing a body costs little whatever it holds
 * — listing every error of 520,000 wrong items took minutes (issue 39 §1). The web form,
 * validating with the same schema, shows every field's message.
 */
export function validateBody<S extends AnySchema>(schema: S, body: unknown): InferType<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new HttpError(400, 'body must be a JSON object', { body: 'body must be a JSON object' });
  }
  try {
    schema.validateSync(body, { strict: true, abortEarly: true });
  } catch (error) {
    if (error instanceof ValidationError) throw validationFailure(error);
    // A schema test threw on a value of a type it did not expect (e.g. tags: [5]): still bad input.
    throw crashFailure(schema, body as Record<string, unknown>);
  }
  return schema.cast(body, { assert: false }) as InferType<S>;
}

function validationFailure(error: ValidationError): HttpError {
  const errors = collectErrors(error, {});
  const [field, message] = Object.entries(errors)[0] ?? ['body', 'Invalid request body'];
  return new HttpError(400, namingField(field, message), errors);
}

/**
 * The 400's message names the field as sent (DESIGN §4): a message worded in the field's label
 * ("Contact email is not a valid email address", what `errors` and the form show) gets the field
 * after it: "… (contactEmail)".
 */
const namingField = (field: string, message: string) => (message.includes(field) ? message : `${message} (${field})`);

/** A 400 for one field, worded in its label as a schema's message is (what the form shows), its message naming the field as sent. */
export const refusedField = (field: string, message: string) => new HttpError(400, namingField(field, message), { [field]: message });

/** Validates field by field to name the ones whose value made a test throw. */
function crashFailure(schema: AnySchema, body: Record<string, unknown>): HttpError {
  const errors: Record<string, string> = {};
  const fields = Object.keys((schema as { fields?: Record<string, unknown> }).fields ?? {}).filter((field) => field in body);
  for (const field of fields) {
    try {
      schema.validateSyncAt(field, body, { strict: true, abortEarly: true });
    } catch (error) {
      if (error instanceof ValidationError) collectErrors(error, errors);
      else errors[field] ??= `${field} holds a value of the wrong type`;
    }
  }
  if (Object.keys(errors).length === 0) errors.body = 'body holds a value of the wrong type';
  const [field, message] = Object.entries(errors)[0] as [string, string];
  return new HttpError(400, namingField(field, message), errors);
}

function collectErrors(error: ValidationError, errors: Record<string, string>): Record<string, string> {
  const issues = error.inner.length > 0 ? error.inner : [error];
  for (const issue of issues) {
    const unknown = unknownKey(issue);
    if (unknown) {
      // An unknown key is named with its full path ("options.default"), not its parent's.
      const field = issue.path ? `${issue.path}.${unknown}` : unknown;
      errors[field] ??= `${field} is not allowed`;
      continue;
    }
    const field = issue.path || 'body';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** noUnknown failures sit on the parent object; the first unknown key, if this is one. */
function unknownKey(issue: ValidationError): string | undefined {
  const unknown = (issue.params as { unknown?: unknown } | undefined)?.unknown;
  if (typeof unknown !== 'string') return undefined;
  // yup joins every unknown key with ", ": cut the first out rather than split them all.
  const comma = unknown.indexOf(',');
  return (comma === -1 ? unknown : unknown.slice(0, comma)).trim();
}
