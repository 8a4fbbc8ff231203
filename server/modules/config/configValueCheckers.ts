import type { Database } from '../../db/client';
import { calendarConfigChecker } from '../calendar/calendarSettings';
import { workOrderConfigChecker } from '../workOrders/workOrderSettings';
import { kpiConfigChecker } from '../kpis/kpiScope';
import type { ConfigValueChecker } from './configValueChecker';
import { CONFIGURED_CHOICES_PREFIX, configuredOptions, MAX_OPTION_LENGTH, MAX_OPTIONS } from '../../../common/fields/choice';

/** Each area that parses config entries contributes its checker here. */
export const CONFIG_VALUE_CHECKERS: readonly ConfigValueChecker[] = [calendarConfigChecker, workOrderConfigChecker, kpiConfigChecker];

/** The problem with an entry's value, or null — also for a key no checker owns (free text). */
export async function configValueProblem(db: Database, key: string, value: string): Promise<string | null> {
  // A declared field's options (common/fields/choice.ts): any key of the prefix is such a list.
  if (key.startsWith(CONFIGURED_CHOICES_PREFIX) && configuredOptions(value) === null) {
    return `${key} must be a JSON list of 1 to ${MAX_OPTIONS} different options, each a non-blank text of at most ${MAX_OPTION_LENGTH} characters, e.g. ["low","medium","high"]`;
  }
  const checker = CONFIG_VALUE_CHECKERS.find((candidate) => candidate.keys.includes(key));
  return checker ? checker.problem(db, key, value) : null;
}
