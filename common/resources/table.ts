import * as yup from 'yup';
import { idString, strictObject } from './schemaParts';
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
  type: yup.string().oneOf([...TABLE_TYPES]).default('asset'),
  script: idString().nullable().default(null),
});
