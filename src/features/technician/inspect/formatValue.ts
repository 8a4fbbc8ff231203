import type { TranslateFunction } from 'react-admin';
import type { InspectableAttribute, InspectionValue } from '../../../../common/resources/inspection';
import { formatTimestamp } from '../../../../common/formatTime';
import { htmlAsText } from '../../../../common/storedHtml/htmlAsText';

/**
 * A stored value as one short line of text (spec §9 formats): yes/no, local time (the phone's zone: `timeZone` when drawn elsewhere), YYYY/MM/DD;
 * html as its text only, so markup from data never reaches the page unsanitised.
 */
export function formatValue(attribute: Pick<InspectableAttribute, 'type'>, value: InspectionValue, translate: TranslateFunction, timeZone?: string): string {
  if (typeof value === 'boolean') return translate(value ? 'app.inspection.yes' : 'app.inspection.no');
  if (attribute.type === 'date-time' && typeof value === 'number') return formatTimestamp(value, timeZone);
  if (attribute.type === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.replaceAll('-', '/');
  if (attribute.type === 'html' && typeof value === 'string') return htmlAsText(value);
  return String(value);
}
