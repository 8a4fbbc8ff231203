import type { Database } from '../../db/client';
import { calendarConfigChecker } from '../calendar/calendarSettings';
import { workOrderConfigChecker } from '../workOrders/workOrderSettings';

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

/** Each area that parses config entries contributes its checker here. */
export const CONFIG_VALUE_CHECKERS: readonly ConfigValueChecker[] = [calendarConfigChecker, workOrderConfigChecker];

/** The problem with an entry's value, or null — also for a key no checker owns (free text). */
export async function configValueProblem(db: Database, key: string, value: string): Promise<string | null> {
  const checker = CONFIG_VALUE_CHECKERS.find((candidate) => candidate.keys.includes(key));
  return checker ? checker.problem(db, key, value) : null;
}
