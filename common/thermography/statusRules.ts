import { THERMOGRAPHY_MESSAGES } from './messages';
import type { ThermographyStatusTarget } from './note';

export interface StatusProblem {
  field: 'severityLevel' | 'realImage' | 'thermalImage';
  message: string;
}

/** Spec §5: pending approval and approved need a complete note; deleting does not. */
export const needsCompleteNote = (target: ThermographyStatusTarget) => target === 'pendingApproval' || target === 'approved';

/**
 * What a note lacks for pending approval or approval, in the spec's order (severity, real image,
 * thermal image): the client shows the last one in an alert, the server lists all in `errors`
 * and answers the last as `message` (DESIGN §8).
 */
export function statusChangeProblems(note: { severityLevel: unknown; realImage: unknown; thermalImage: unknown }): StatusProblem[] {
  const problems: StatusProblem[] = [];
  if (!note.severityLevel) problems.push({ field: 'severityLevel', message: THERMOGRAPHY_MESSAGES.severityNotDefined });
  if (!note.realImage) problems.push({ field: 'realImage', message: THERMOGRAPHY_MESSAGES.realImageMissing });
  if (!note.thermalImage) problems.push({ field: 'thermalImage', message: THERMOGRAPHY_MESSAGES.thermalImageMissing });
  return problems;
}
