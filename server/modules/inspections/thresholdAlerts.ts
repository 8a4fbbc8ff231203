import { orderedItems, thresholdMet, type ChecklistItem } from '../../../common/resources/checklist';
import { describeThreshold, isEmptyValue, type InspectionValue } from '../../../common/resources/inspection';

export interface AlertLevelRow {
  _id: string;
  name: string;
  color: string;
  technicalName: string;
  rank: number;
}

export interface RaisedAlert {
  attribute: string;
  level: AlertLevelRow;
  message: string;
}

export const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function shownValue(value: InspectionValue): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/**
 * The alerts a checklist's values raise (DESIGN §5): one per item whose threshold is met, at the
 * threshold's level, or the most severe level when it names none (or one since deleted).
 * `levels` must be ordered most severe first.
 */
export function raisedAlerts(
  items: readonly ChecklistItem[],
  attributeNames: ReadonlyMap<string, string>,
  values: Readonly<Record<string, InspectionValue | null | undefined>>,
  levels: readonly AlertLevelRow[],
): RaisedAlert[] {
  const mostSevere = levels[0];
  if (!mostSevere) return [];
  const raised: RaisedAlert[] = [];
  for (const item of orderedItems(items)) {
    const value = values[item.attribute];
    const threshold = item.threshold;
    if (!threshold || value === undefined || value === null || isEmptyValue(value)) continue;
    if (!thresholdMet(threshold.operation, value, threshold.value)) continue;
    const level = levels.find((l) => l._id === threshold.level) ?? mostSevere;
    const name = attributeNames.get(item.attribute) ?? item.attribute;
    raised.push({
      attribute: item.attribute,
      level,
      message: `<p><strong>${escapeHtml(name)}</strong> is <strong>${escapeHtml(shownValue(value))}</strong>, alert when ${escapeHtml(describeThreshold(threshold))}.</p>`,
    });
  }
  return raised;
}
