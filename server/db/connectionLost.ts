/**
 * Errors that say the PostgreSQL server cannot be reached or is going away (restart, failover),
 * not that a query is wrong: the request is answered 503 (server/http/errors.ts) and the pool
 * opens fresh connections once the server is back. Drizzle wraps the driver's error in `cause`.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  // SQLSTATE class 08 (connection exception) and the shutdown/startup ones of class 57.
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '57P01',
  '57P02',
  '57P03',
]);

/** node-postgres says these in words only. */
const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnreachable(error: unknown): boolean {
  for (let link = error, depth = 0; link && depth < 5; link = (link as { cause?: unknown }).cause, depth += 1) {
    const { code, message } = link as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNREACHABLE_CODES.has(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((words) => message.startsWith(words))) return true;
  }
  return false;
}
