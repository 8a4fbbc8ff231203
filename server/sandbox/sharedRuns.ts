import type { RunRequest } from './sandboxTypes';

/**
 * Ways a script could learn who runs it: the `user` parameter, `arguments` (its second element is
 * `user`), a direct `eval` (it sees the function's scope), and `\u` escapes, which can spell any of
 * these names. An indirect eval or `Function` sees only the global scope, where no user lives.
 */
const IDENTITY_REFERENCE = /\buser\b|\barguments\b|\beval\b|\\u/;

/**
 * Where the word `user` cannot be the `user` parameter, left out of the check:
 * - a plain string, `query.list('user', …)`: in valid JavaScript a name cannot stand between two
 *   quote marks that touch it, so `'user'` is a string (or the text of a string, regex, template
 *   or comment);
 * - a property, `row.user`: a dot right before a name makes it a member's name — unless that dot
 *   ends a spread (`...user`), hence the dot before it must not be a dot.
 * What is left in place keeps the neighbours apart, so no two of them join into a new name.
 */
const NOT_THE_PARAMETER = /'user'|"user"|(?<!\.)\.user\b/g;

/**
 * When a widget run may be shared (docs/scripts.md "Shared widget runs"): a wall of dashboards
 * reloads the same widget with the same filters within milliseconds of one push. A run still
 * WAITING for a worker has read nothing yet, so every caller arriving before it starts gets data
 * at least as fresh as its own request would have read; the callers it serves must see the same
 * thing, so the key holds everything that shapes the answer: the code, the input, the permissions
 * the query API checks, the time limit. A script that could tell its users apart is never shared,
 * nor one with the write API, nor any other kind (reports, jobs and checklist scripts run once per
 * cause; previews are an author's experiment).
 */
export function sharedRunKey(request: RunRequest, timeLimitMs: number): string | null {
  if (request.kind !== 'widget' || request.write || IDENTITY_REFERENCE.test(request.code.replace(NOT_THE_PARAMETER, (found) => (found.startsWith('.') ? '._' : "''")))) return null;
  return JSON.stringify([request.code, request.input ?? {}, [...request.user.permissions].sort(), timeLimitMs]);
}
