import type { InspectableAttribute, InspectionValue } from '../../../../common/resources/inspection';

/**
 * A number is kept as the text being typed (so '7.' or '-' survive a keystroke) and becomes a
 * number here; a comma counts as the decimal point because phone keypads in many locales offer
 * only that. Text that is no number stays text, so inspectionValueProblem flags it.
 */
export function toSubmitValue(attribute: Pick<InspectableAttribute, 'type'>, raw: InspectionValue | null | undefined): InspectionValue | null {
  if (raw === undefined || raw === null) return null;
  if (attribute.type === 'number' && typeof raw === 'string') {
    const text = raw.trim().replace(',', '.');
    if (text === '') return null;
    const parsed = Number(text);
    return Number.isFinite(parsed) && /^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(text) ? parsed : raw;
  }
  return raw;
}
