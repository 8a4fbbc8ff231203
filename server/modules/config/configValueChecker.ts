import type { Database } from '../../db/client';

/**
 * A config entry that other code parses (the calendar's JSON, the work orders' lists and rule):
 * its value is checked as an administrator saves it in Configuration, so a typo is refused with
 * a 400 naming `value` there, rather than found later by the screen that reads it.
 */
export interface ConfigValueChecker {
  /** The entry keys it checks. */
  keys: readonly string[];
  /** What is wrong with the value of `key`, or null. May look at the database (e.g. that a named level exists). */
  problem(db: Database, key: string, value: string): Promise<string | null>;
}
