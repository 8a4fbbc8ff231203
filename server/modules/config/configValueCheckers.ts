import type { Database } from '../../db/client';
import { calendarConfigChecker } from '../calendar/calendarSettings';
import { workOrderConfigChecker } from '../workOrders/workOrderSettings';
import type { ConfigValueChecker } from './configValueChecker';

/** Each area that parses config entries contributes its checker here. */
export const CONFIG_VALUE_CHECKERS: readonly ConfigValueChecker[] = [calendarConfigChecker, workOrderConfigChecker];

/** The problem with an entry's value, or null — also for a key no checker owns (free text). */
export async function configValueProblem(db: Database, key: string, value: string): Promise<string | null> {
  const checker = CONFIG_VALUE_CHECKERS.find((candidate) => candidate.keys.includes(key));
  return checker ? checker.problem(db, key, value) : null;
}
