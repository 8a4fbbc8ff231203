import type { Asset } from './asset';
import type { Checklist } from './checklist';
import type { InspectableAttribute, Inspection } from './inspection';
import type { PartChoice } from './workAccounting';

/** A checklist with its attributes, as GET /asset/identification/group/:id?expand=checklists carries it. */
export interface CatalogueChecklist extends Pick<Checklist, '_id' | 'name' | 'frequency' | 'checklistItems' | 'groups'> {
  attributes: InspectableAttribute[];
}

/** One asset with its checklists expanded: exactly an element of the group call's answer. */
export interface CatalogueAsset extends Pick<Asset, '_id' | 'name' | 'identification' | 'checklistOptions' | 'message'> {
  checklists: string[];
  checklistDetails: CatalogueChecklist[];
}

/** An element of GET /asset/:id/previousInspections. */
export type CataloguePreviousInspection = Pick<Inspection, '_id' | 'timestamp' | 'checklist' | 'attributeData' | 'attributeComments' | 'userName'>;

/**
 * GET /api/inspection/offlineCatalogue (docs/offline.md): everything a technician's phone keeps in
 * IndexedDB to open any asset with no network — every asset that takes inspections, with its
 * checklists and their attributes (the group call's `expand=checklists` shape), and, for users who
 * may read inspections, each asset's previous values (the previousInspections call's shape); for
 * users who record work on orders, the spare parts as the order's parts picker offers them.
 */
export interface OfflineCatalogue {
  /** Server time of the answer (epoch ms): the phone shows how old its copy is. */
  generatedAt: number;
  assets: CatalogueAsset[];
  /** asset id → latest inspection of each checklist, newest first; empty without read-inspection. */
  previousInspections: Record<string, CataloguePreviousInspection[]>;
  /**
   * Every spare part (GET /workOrder/parts's shape, by part number) for holders of update-workorder
   * or manage-workorder, [] for others; absent from copies a phone stored before parts were kept.
   * Its stock is as it was when the copy was made: the server checks the stock when a use arrives.
   */
  parts?: PartChoice[];
}
