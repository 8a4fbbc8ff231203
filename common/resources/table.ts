import { strictObject } from './schemaParts';
import { field } from '../fields';

/** Spec §3: table record types. */
export const TABLE_TYPES = ['alert', 'asset', 'breakdown', 'checklist', 'inspection', 'report', 'thermography'] as const;
export type TableType = (typeof TABLE_TYPES)[number];

export interface TableRecord {
  _id: string;
  name: string;
  type: TableType;
  script: string | null;
}

export const tableRecordSchema = strictObject({
  name: field.name(),
  type: field.choice('Type', TABLE_TYPES, { initial: 'asset' }),
  script: field.reference('Script', 'script'),
});
