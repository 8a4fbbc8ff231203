import type { NoteStatus, ThermographyNote } from './noteTypes';

/**
 * Spec §5: moving a note to pending approval or approved needs a severity level, a real image and
 * a thermal image, checked in this order; the last failing message wins (it is the one shown in
 * the alert). Answers the i18n keys of every failing rule, in order.
 */
export function statusChangeProblems(note: Pick<ThermographyNote, 'severityLevel' | 'realImage' | 'thermalImage'>, status: NoteStatus): string[] {
  if (status !== 'pendingApproval' && status !== 'approved') return [];
  const problems: string[] = [];
  if (!note.severityLevel) problems.push('app.thermography.severity_not_defined');
  if (!note.realImage) problems.push('app.thermography.real_image_missing');
  if (!note.thermalImage) problems.push('app.thermography.thermal_image_missing');
  return problems;
}
