import { orderedItems, type ChecklistItem } from '../../../../common/resources/checklist';
import type { InspectChecklist } from './inspectTypes';

/**
 * How a checklist's items are laid out on the phone: 'group' sections under the group's heading,
 * in group order; 'other' holds the items no group names, after the groups (docs/inspections.md,
 * Decisions); a checklist without groups is one 'plain' section without a heading.
 */
export interface ItemSection {
  kind: 'group' | 'other' | 'plain';
  name: string;
  items: ChecklistItem[];
}

export function itemSections(checklist: Pick<InspectChecklist, 'checklistItems' | 'groups' | 'attributes'>): ItemSection[] {
  const known = new Set(checklist.attributes.map((attribute) => attribute._id));
  // An item whose attribute was deleted has nothing to fill in: leave it out.
  const items = orderedItems(checklist.checklistItems).filter((item) => known.has(item.attribute));
  if (checklist.groups.length === 0) return items.length ? [{ kind: 'plain', name: '', items }] : [];

  const placed = new Set<string>();
  const sections: ItemSection[] = [];
  for (const group of checklist.groups) {
    // An attribute named by two groups shows under the first one only.
    const members = items.filter((item) => group.attributes.includes(item.attribute) && !placed.has(item.attribute));
    members.forEach((item) => placed.add(item.attribute));
    if (members.length) sections.push({ kind: 'group', name: group.name, items: members });
  }
  const rest = items.filter((item) => !placed.has(item.attribute));
  if (rest.length) sections.push({ kind: 'other', name: '', items: rest });
  return sections;
}
