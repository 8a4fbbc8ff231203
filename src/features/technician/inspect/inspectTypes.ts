import type { Asset } from '../../../../common/resources/asset';
import type { Checklist } from '../../../../common/resources/checklist';
import type { InspectableAttribute, Inspection, InspectionValue } from '../../../../common/resources/inspection';

/** A checklist as GET /asset/identification/group/:id?expand=checklists carries it (docs/inspections.md). */
export interface InspectChecklist extends Pick<Checklist, '_id' | 'name' | 'frequency' | 'checklistItems' | 'groups'> {
  attributes: InspectableAttribute[];
}

/** One asset of the group, with its checklists expanded: everything its inspect panel needs. */
export interface InspectAsset extends Pick<Asset, '_id' | 'name' | 'identification' | 'checklistOptions' | 'message'> {
  checklists: string[];
  checklistDetails: InspectChecklist[];
}

/** GET /asset/:id/previousInspections: the latest inspection of each checklist, with names. */
export type PreviousInspection = Pick<Inspection, '_id' | 'timestamp' | 'checklist' | 'attributeData' | 'attributeComments' | 'userName'>;

/** What the form holds while it is filled in: checklist id → attribute id → value (null = cleared). */
export type FormValues = Record<string, Record<string, InspectionValue | null>>;
/** Comment texts: checklist id → attribute id → text. */
export type FormComments = Record<string, Record<string, string>>;
