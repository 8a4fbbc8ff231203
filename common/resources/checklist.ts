import * as yup from 'yup';
import type { Attribute } from './attribute';
import { field } from '../fields';
import { listCount } from '../fields/custom/listCount';
import { idList, idString, nonBlank, strictObject } from './schemaParts';

/** Spec §5: the five threshold operations, in the spec's words. */
export const THRESHOLD_OPERATIONS = ['equal', 'greater than', 'at least', 'less than', 'at most'] as const;
export type ThresholdOperation = (typeof THRESHOLD_OPERATIONS)[number];

export interface Threshold {
  operation: ThresholdOperation;
  value: string | number | boolean;
  /** Alert level id raised when the threshold is met (DESIGN §5); null = the most severe level. */
  level?: string | null;
}

export interface ChecklistItem {
  attribute: string;
  sequenceId: number;
  threshold: Threshold | null;
  showMandatoryIndicator: boolean;
}

export interface ChecklistGroup {
  name: string;
  attributes: string[];
}

export interface Checklist {
  _id: string;
  name: string;
  frequency: string;
  scripts: string[];
  checklistItems: ChecklistItem[];
  groups: ChecklistGroup[];
}

const thresholdSchema = strictObject({
  operation: yup.string().required('${path} is required').oneOf([...THRESHOLD_OPERATIONS], `${'${path}'} must be one of: ${THRESHOLD_OPERATIONS.join(', ')}`),
  value: yup
    .mixed<string | number | boolean>()
    .required('${path} is required')
    .test('scalar', '${path} must be a number, yes/no or text', (value) => ['string', 'number', 'boolean'].includes(typeof value)),
  level: idString().nullable().default(null),
});

export const checklistItemSchema = strictObject({
  attribute: idString().required('${path} is required'),
  sequenceId: yup.number().integer().min(0).required('${path} is required'),
  threshold: thresholdSchema.nullable().default(null),
  showMandatoryIndicator: yup.boolean().default(false),
});

export const checklistGroupSchema = strictObject({
  name: nonBlank(),
  attributes: idList(),
});

export const checklistSchema = strictObject({
  name: field.name(),
  frequency: field.text('Frequency', { max: 200 }),
  // Run after an inspection of the checklist is submitted (DESIGN §7).
  scripts: field.references('Scripts', 'script'),
  checklistItems: yup
    .array(checklistItemSchema)
    .default([])
    .test('unique-sequence', 'checklistItems must have distinct sequenceId values', (items) => {
      const ids = (items ?? []).map((item) => item?.sequenceId);
      return new Set(ids).size === ids.length;
    }),
  groups: yup.array(checklistGroupSchema).default([]),
  itemCount: listCount('Number of checklist items', { of: 'checklistItems' }),
});

/** Items in their order (spec §4: ordered by sequenceId). */
export function orderedItems<T extends Pick<ChecklistItem, 'sequenceId'>>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.sequenceId - b.sequenceId);
}

/** Spec §4: a new item gets the highest sequence id plus one. */
export function nextSequenceId(items: readonly Pick<ChecklistItem, 'sequenceId'>[]): number {
  return items.reduce((max, item) => Math.max(max, item.sequenceId), 0) + 1;
}

/**
 * Spec §4: moving an item up (-1) or down (+1) swaps its sequence id with its neighbour's in
 * sequence order. Answers the items in the same array order with the two ids swapped.
 */
export function moveItem<T extends Pick<ChecklistItem, 'sequenceId'>>(items: readonly T[], sequenceId: number, direction: -1 | 1): T[] {
  const ordered = orderedItems(items);
  const index = ordered.findIndex((item) => item.sequenceId === sequenceId);
  const neighbour = ordered[index + direction];
  if (index < 0 || !neighbour) return [...items];
  const moving = ordered[index] as T;
  return items.map((item) => {
    if (item === moving) return { ...item, sequenceId: neighbour.sequenceId };
    if (item === neighbour) return { ...item, sequenceId: moving.sequenceId };
    return item;
  });
}

/** Spec §4: groups can be reordered; answers a new array with the group moved by one place. */
export function moveGroup<T>(groups: readonly T[], index: number, direction: -1 | 1): T[] {
  const target = index + direction;
  if (target < 0 || target >= groups.length) return [...groups];
  const next = [...groups];
  const moved = next[index] as T;
  next[index] = next[target] as T;
  next[target] = moved;
  return next;
}

/** Spec §4: a group still holding attributes cannot be deleted. */
export function canDeleteGroup(group: Pick<ChecklistGroup, 'attributes'>): boolean {
  return group.attributes.length === 0;
}

type TypedAttribute = { type: string; options: Attribute['options'] };

/**
 * Spec §5: a threshold value is a number for a number attribute, yes/no for a boolean, one of the
 * options for select or radio, otherwise text (the server refuses anything else).
 */
export function thresholdValueFits(attribute: TypedAttribute, value: unknown): boolean {
  switch (attribute.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'select':
    case 'radio':
      return typeof value === 'string' && attribute.options.values.includes(value);
    default:
      return typeof value === 'string';
  }
}

/** The value a threshold starts from for an attribute of this type. */
export function defaultThresholdValue(attribute: TypedAttribute): string | number | boolean {
  switch (attribute.type) {
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'select':
    case 'radio':
      return attribute.options.values[0] ?? '';
    default:
      return '';
  }
}

/**
 * An item given another attribute: a threshold value that no longer fits the new attribute's
 * type is reset to that type's starting value; operation and alert level stay.
 */
export function withItemAttribute<T extends Pick<ChecklistItem, 'attribute' | 'threshold'>>(item: T, attributeId: string, attribute: TypedAttribute | undefined): T {
  const threshold = item.threshold;
  if (!threshold || !attribute || thresholdValueFits(attribute, threshold.value)) return { ...item, attribute: attributeId };
  return { ...item, attribute: attributeId, threshold: { ...threshold, value: defaultThresholdValue(attribute) } };
}

/** Groups may only hold the checklist's own attributes: one leaving the items leaves the groups. */
export function withoutGroupAttribute<T extends Pick<ChecklistGroup, 'attributes'>>(groups: readonly T[], attributeId: string): T[] {
  return groups.map((group) => (group.attributes.includes(attributeId) ? { ...group, attributes: group.attributes.filter((id) => id !== attributeId) } : group));
}

/** Whether `value <operation> limit` holds (DESIGN §5): the alarming condition of a threshold. */
export function thresholdMet(operation: ThresholdOperation, value: unknown, limit: unknown): boolean {
  const a = typeof value === 'string' && typeof limit === 'number' ? Number(value) : value;
  if (operation === 'equal') return a === limit || String(a) === String(limit);
  if (typeof a !== 'number' || typeof limit !== 'number' || Number.isNaN(a)) return false;
  switch (operation) {
    case 'greater than':
      return a > limit;
    case 'at least':
      return a >= limit;
    case 'less than':
      return a < limit;
    case 'at most':
      return a <= limit;
  }
}
