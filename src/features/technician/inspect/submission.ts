import {
  holdsData,
  inspectionValueProblem,
  isEmptyValue,
  missingMandatory,
  type InspectableAttribute,
  type InspectionValue,
} from '../../../../common/resources/inspection';
import { isLocalPhotoId } from '../../../platform/offline/outbox/outboxItem';
import { toSubmitValue } from './formValues';
import type { FormComments, FormValues, InspectChecklist } from './inspectTypes';

/** The body of POST /inspection (docs/inspections.md). */
export interface InspectionSubmission {
  inspectionData: Record<string, Record<string, InspectionValue>>;
  attributeComments: Record<string, Record<string, string>>;
}

/** Attribute ids by checklist id. */
export type ItemFlags = Record<string, string[]>;

export type SubmitCheck =
  /** No selected checklist holds a value: nothing is sent (spec §5). */
  | { kind: 'empty' }
  /** Mandatory items without a value, or values that do not fit their type: flagged, nothing sent. */
  | { kind: 'blocked'; missing: ItemFlags; invalid: ItemFlags }
  | { kind: 'ready'; body: InspectionSubmission };

function attributeMap(checklist: InspectChecklist): Map<string, InspectableAttribute> {
  return new Map(checklist.attributes.map((attribute) => [attribute._id, attribute]));
}

/**
 * Spec §5 on the selected checklists: only those holding data are submitted; in them every
 * mandatory item needs a value (the shared rules of common/resources/inspection.ts, the same the
 * server applies); empty values are left out of the body, and comments go only where the
 * attribute allows one and its checklist is submitted.
 */
export function prepareSubmission(selected: readonly InspectChecklist[], values: FormValues, comments: FormComments): SubmitCheck {
  const filled = selected.filter((checklist) => holdsData(values[checklist._id]));
  if (filled.length === 0) return { kind: 'empty' };

  const missing: ItemFlags = {};
  const invalid: ItemFlags = {};
  const body: InspectionSubmission = { inspectionData: {}, attributeComments: {} };
  for (const checklist of filled) {
    const attributes = attributeMap(checklist);
    const own = values[checklist._id] ?? {};
    const absent = missingMandatory(checklist, attributes, own);
    if (absent.length) missing[checklist._id] = absent;

    const data: Record<string, InspectionValue> = {};
    const wrong: string[] = [];
    for (const item of checklist.checklistItems) {
      const attribute = attributes.get(item.attribute);
      const value = attribute ? toSubmitValue(attribute, own[item.attribute]) : null;
      if (!attribute || value === null || isEmptyValue(value)) continue;
      // A photo taken offline holds its local id until the outbox uploads it (docs/offline.md).
      const offlinePhoto = attribute.type === 'image' && isLocalPhotoId(value);
      if (!offlinePhoto && inspectionValueProblem(attribute, value)) wrong.push(attribute._id);
      else data[attribute._id] = value;
    }
    if (wrong.length) invalid[checklist._id] = wrong;
    body.inspectionData[checklist._id] = data;

    const notes: Record<string, string> = {};
    for (const [attributeId, text] of Object.entries(comments[checklist._id] ?? {})) {
      if (attributes.get(attributeId)?.allowComment && text.trim() !== '') notes[attributeId] = text.trim();
    }
    if (Object.keys(notes).length) body.attributeComments[checklist._id] = notes;
  }
  if (Object.keys(missing).length || Object.keys(invalid).length) return { kind: 'blocked', missing, invalid };
  return { kind: 'ready', body };
}
