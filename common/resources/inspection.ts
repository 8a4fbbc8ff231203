import type { Attribute } from './attribute';
import type { Checklist, ChecklistItem, Threshold } from './checklist';

/**
 * An inspection value by attribute type (spec §3, DESIGN §5). The same rules check a value as the
 * technician types it and when the server receives it:
 * - number: a finite number; boolean: true (yes) / false (no);
 * - radio, select: one of the attribute's options; color: one of its options, or #rrggbb without options;
 * - string, long string, html: text (html is sanitised when shown, never here);
 * - image: the id of a file uploaded with POST /file;
 * - date: 'YYYY-MM-DD'; date-time: epoch milliseconds.
 */
export type InspectionValue = string | number | boolean;

/** Inspection data as submitted: checklist id → attribute id → value. */
export type InspectionData = Record<string, Record<string, InspectionValue | null>>;
/** Comments as submitted: checklist id → attribute id → text (a flat attribute id → text is accepted too). */
export type SubmittedComments = Record<string, Record<string, string> | string>;

export interface AttributeValue {
  attribute: string;
  value: InspectionValue;
}

/** Spec §3 Inspection. Reads add names (assetName, checklistName, userName) for display. */
export interface Inspection {
  _id: string;
  timestamp: number;
  user: string;
  checklist: string;
  asset: string;
  attributeData: AttributeValue[];
  attributeComments: AttributeValue[];
  type: 'MaintenanceInspection' | 'ThermographyInspection' | null;
  assetName?: string;
  checklistName?: string;
  userName?: string;
}

export interface SeverityLevel {
  text: string;
  color: string;
}

/** Spec §3 Alert; resolution per DESIGN §5. */
export interface Alert {
  _id: string;
  /** null when a job raised it rather than an inspection. */
  inspection: string | null;
  asset: string;
  checklist: string | null;
  attribute: string | null;
  level: string;
  message: string;
  timestamp: number;
  severityLevel: SeverityLevel;
  type: 'ThermographyAlert' | null;
  remark: string | null;
  resolvedBy: string | null;
  resolvedAt: number | null;
  assetName?: string;
  levelName?: string;
  resolvedByName?: string | null;
  /** Who first took it on (POST /alert/acknowledge, or resolving it), DESIGN §18. */
  acknowledgedBy?: string | null;
  acknowledgedAt?: number | null;
  acknowledgedByName?: string | null;
}

/** POST /inspection answers the stored inspections' ids and the alerts they raised (DESIGN §5). */
export interface InspectionSubmitResponse {
  inspections: string[];
  alerts: Alert[];
}

export type InspectableAttribute = Pick<Attribute, '_id' | 'name' | 'type' | 'options' | 'isMandatory' | 'allowComment' | 'description' | 'technicalName'>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
export const MAX_TEXT_VALUE_LENGTH = 100_000;

/** No value: nothing is stored for it, and a mandatory item without one is flagged. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

function isValidDate(text: string): boolean {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** Why a (non-empty) value does not fit its attribute, or null when it does. */
export function inspectionValueProblem(attribute: { type: string; options: Attribute['options'] }, value: unknown): string | null {
  const options = attribute.options?.values ?? [];
  switch (attribute.type) {
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : 'must be a number';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be yes (true) or no (false)';
    case 'radio':
    case 'select':
      return typeof value === 'string' && options.includes(value) ? null : `must be one of: ${options.join(', ')}`;
    case 'color':
      if (options.length > 0) return typeof value === 'string' && options.includes(value) ? null : `must be one of: ${options.join(', ')}`;
      return typeof value === 'string' && HEX_COLOR.test(value) ? null : 'must be a colour like #1e88e5';
    case 'image':
      return typeof value === 'string' && /^[0-9a-f]{24}$/.test(value) ? null : 'must be the id of an uploaded image';
    case 'date':
      return typeof value === 'string' && isValidDate(value) ? null : 'must be a date YYYY-MM-DD';
    case 'date-time':
      return typeof value === 'number' && Number.isInteger(value) && value > 0 ? null : 'must be a time in epoch milliseconds';
    default:
      if (typeof value !== 'string') return 'must be text';
      return value.length > MAX_TEXT_VALUE_LENGTH ? `must be at most ${MAX_TEXT_VALUE_LENGTH} characters` : null;
  }
}

/** A star on the item means it must hold a value: the attribute's own flag or the item's indicator. */
export function isMandatoryItem(item: Pick<ChecklistItem, 'showMandatoryIndicator'>, attribute: Pick<Attribute, 'isMandatory'>): boolean {
  return attribute.isMandatory || item.showMandatoryIndicator;
}

/** Whether the checklist's part of the form holds any value (spec §5: only those are submitted). */
export function holdsData(values: Record<string, unknown> | undefined): boolean {
  return Object.values(values ?? {}).some((value) => !isEmptyValue(value));
}

/** Mandatory items of a checklist that hold no value (their attribute ids). */
export function missingMandatory(
  checklist: Pick<Checklist, 'checklistItems'>,
  attributes: ReadonlyMap<string, Pick<Attribute, 'isMandatory'>>,
  values: Record<string, unknown> | undefined,
): string[] {
  return checklist.checklistItems
    .filter((item) => {
      const attribute = attributes.get(item.attribute);
      return attribute && isMandatoryItem(item, attribute) && isEmptyValue(values?.[item.attribute]);
    })
    .map((item) => item.attribute);
}

/** How a threshold reads next to its input: 'at least 80'. */
export function describeThreshold(threshold: Pick<Threshold, 'operation' | 'value'>): string {
  const value = typeof threshold.value === 'boolean' ? (threshold.value ? 'yes' : 'no') : String(threshold.value);
  return `${threshold.operation} ${value}`;
}
