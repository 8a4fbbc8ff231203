import { needsCompleteNote, statusChangeProblems as sharedProblems } from '../../../common/thermography/statusRules';
import type { ThermographyStatusTarget } from '../../../common/thermography/note';
import { messageKeyOf } from './specMessages';

/**
 * Spec §5: moving a note to pending approval or approved needs a severity level, a real image and
 * a thermal image, checked in this order (the rule the server repeats, common/thermography); the
 * last failing message wins, it is the one shown in the alert. Answers every failing rule's i18n
 * key, in order.
 */
export function statusChangeProblems(note: { severityLevel: unknown; realImage: unknown; thermalImage: unknown }, status: ThermographyStatusTarget): string[] {
  if (!needsCompleteNote(status)) return [];
  return sharedProblems(note).map((problem) => messageKeyOf(problem.message));
}
