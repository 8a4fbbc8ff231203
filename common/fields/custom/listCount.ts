import * as yup from 'yup';
import { field, registerFieldKind, type FieldMeta } from '..';

/** Which of the record's list fields is counted. */
export interface ListCountSettings {
  of: string;
}

const countOf = ({ settings }: FieldMeta<ListCountSettings>, record: Readonly<Record<string, unknown>>): number => {
  const list = settings ? record[settings.of] : undefined;
  return Array.isArray(list) ? list.length : 0;
};

/**
 * The product's own field kind (DESIGN §15): how many entries one of the record's lists holds (a
 * checklist's items), shown, sorted and exported as a number. Nothing is stored or typed: a value
 * a client sends back with the record is dropped.
 */
export const listCountField = registerFieldKind<ListCountSettings>({
  name: 'listCount',
  schema: () => yup.mixed().strip(),
  column: null,
  input: null,
  text: (_value, meta, { record }) => String(countOf(meta, record)),
  sortValue: (_value, meta, { record }) => countOf(meta, record),
  sheetValue: (_value, meta, { record }) => countOf(meta, record),
  align: 'right',
  searched: false,
  openApi: (meta) => ({ readOnly: true, description: `The number of entries in ${meta.settings?.of ?? 'a list'}; ignored in a body` }),
});

/** `itemCount: listCount('Number of checklist items', { of: 'checklistItems' })`. */
export const listCount = (label: string, settings: ListCountSettings) => field.of<ListCountSettings>(listCountField.name, label, settings);
