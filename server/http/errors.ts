import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorBody } from '../../common/api';
import { MAX_JSON_BODY_BYTES } from '../../common/constants';
import { isDatabaseUnreachable } from '../db/connectionLost';

/** An error whose message the user can act on; the handler turns it into DESIGN §3's shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) => new HttpError(400, message, { [field]: message });
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission for this action') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (field: string, message: string) => new HttpError(409, message, { [field]: message });

/** DESIGN §14: while PostgreSQL is down or restarting, an answer a client can retry, not a 500. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The database is not reachable at the moment; try again in a few seconds';
const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Bounds of an error answer, whatever the request held: a field name can be a 1 MB key, and a
 * message quotes its field. Validation stops at the first failure; these keep the answer small
 * even where a list is built by hand (issue 39 §1). A script's error (422) keeps its line and
 * message within the message bound.
 */
export const ERROR_ANSWER_MAX_FIELDS = 10;
export const ERROR_ANSWER_MAX_FIELD_NAME = 200;
export const ERROR_ANSWER_MAX_MESSAGE = 1000;

/** Text cut to `limit` characters, an ellipsis saying so, never half a surrogate pair. */
export function boundedText(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = Array.from(text.slice(0, limit)).slice(0, -1).join('');
  return `${cut}…`;
}

export function errorBody(message: string, errors?: Record<string, string>): ErrorBody {
  const shortMessage = boundedText(message, ERROR_ANSWER_MAX_MESSAGE);
  if (!errors) return { response: 'error', message: shortMessage };
  // No prototype: a refused key named `__proto__` is a field like any other here, not a setter.
  const bounded: Record<string, string> = Object.create(null) as Record<string, string>;
  let listed = 0;
  for (const field in errors) {
    if (!Object.hasOwn(errors, field)) continue;
    if (listed++ === ERROR_ANSWER_MAX_FIELDS) break;
    bounded[boundedText(field, ERROR_ANSWER_MAX_FIELD_NAME)] = boundedText(errors[field]!, ERROR_ANSWER_MAX_MESSAGE);
  }
  return { response: 'error', message: shortMessage, errors: bounded };
}

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** Turns a schema failure into "<field> <problem>" with the field named the way the client sent it. */
function describeValidation(issues: AjvIssue[], context: string | undefined): { message: string; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    let field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
    let problem = issue.message ?? 'is invalid';
    if (issue.keyword === 'required') {
      field = [field, String(issue.params.missingProperty)].filter(Boolean).join('.');
      problem = 'is required';
    } else if (issue.keyword === 'additionalProperties') {
      field = [field, String(issue.params.additionalProperty)].filter(Boolean).join('.');
      problem = 'is not allowed';
    }
    const name = field || context || 'body';
    errors[name] ??= `${name} ${problem}`;
  }
  const first = Object.values(errors)[0] ?? 'Invalid request';
  return { message: first, errors };
}

/**
 * PostgreSQL errors that can only come from a value the client sent. The last line of defence:
 * input is checked before it reaches SQL (inputHygiene.ts, listQuery.ts) so the answer names the
 * field; one that slips past still is the client's 4xx, never a 500 — and is logged, to be closed.
 */
const CLIENT_DB_ERRORS: Record<string, { status: number; message: string }> = {
  '23505': { status: 409, message: 'A record with the same value already exists' },
  '23503': { status: 409, message: 'The record is referred to by, or refers to, another record' },
  '22P02': { status: 400, message: 'Invalid value' },
  // invalid byte sequence (a NUL in text), untranslatable character (\u0000 in jsonb)
  '22021': { status: 400, message: 'A value holds a character that cannot be stored' },
  '22P05': { status: 400, message: 'A value holds a character that cannot be stored' },
  '22003': { status: 400, message: 'A number is out of range' },
  '22001': { status: 400, message: 'A value is too long' },
  '2201W': { status: 400, message: 'A row count is out of range' },
  '2201X': { status: 400, message: 'A row count is out of range' },
  '22025': { status: 400, message: 'A search pattern is invalid' },
  '54001': { status: 400, message: 'A value is nested too deeply' },
};

/** A unique index refused a row (PostgreSQL 23505), wrapped by Drizzle or not; with `constraint`, that index only. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current: unknown = error, depth = 0; current && typeof current === 'object' && depth < 3; current = (current as { cause?: unknown }).cause, depth++) {
    const { code, constraint: name } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}

export function handleError(error: FastifyError & { code?: string; detail?: string }, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.status(error.statusCode).send(errorBody(error.message, error.errors));
  }
  if (error.validation) {
    const { message, errors } = describeValidation(error.validation as AjvIssue[], error.validationContext);
    return reply.status(400).send(errorBody(message, errors));
  }
  const dbError = error.code && Object.hasOwn(CLIENT_DB_ERRORS, error.code) ? CLIENT_DB_ERRORS[error.code] : undefined;
  if (dbError) {
    if (dbError.status === 400) request.log.warn({ err: error }, 'database refused a value that input checks let through');
    return reply.status(dbError.status).send(errorBody(dbError.message));
  }
  if (isDatabaseUnreachable(error)) {
    request.log.warn({ err: error }, 'database unreachable');
    return reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS)).send(errorBody(DATABASE_UNAVAILABLE_MESSAGE));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.status(status).send(errorBody(clientMessage(error, status, request)));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send(errorBody('Internal server error'));
}

/** A byte count as a person reads it: 8 KB, 1 MB, 1.4 MB. */
function sizeInWords(bytes: number): string {
  if (bytes < 1_048_576) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${Math.round((bytes / 1_048_576) * 10) / 10} MB`;
}

function clientMessage(error: FastifyError, status: number, request: FastifyRequest): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'body is not valid JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      // The route's own limit: the login's is a few KB, the real-image upload's more than 1 MB.
      return `body is larger than the allowed ${sizeInWords(request.routeOptions.bodyLimit ?? MAX_JSON_BODY_BYTES)}`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type';
    default:
      return status === 429 ? 'Too many requests, try again later' : error.message;
  }
}

/**
 * Fastify answers some bad requests before routing — a %-escape that is not UTF-8
 * (`/api/asset/%ED%A0%80`), an over-long path parameter — in its own shape: DESIGN §3's here.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  const message = error.code === 'FST_ERR_BAD_URL' ? 'The address holds a %-escape that is not valid UTF-8' : error.message;
  void reply.status(status).send(errorBody(message, { path: message }));
}
