import * as yup from 'yup';
import { field, fieldKind, registerFieldKind, type FieldMeta } from '..';

/** What the server records in the field: an instant, a count, or a text (a name). */
export interface RecordedSettings {
  as: 'dateTime' | 'count' | 'text';
}

const asOf = (meta: FieldMeta<RecordedSettings>) => meta.settings?.as ?? 'text';

/**
 * The product's own field kind (DESIGN §15): a value the server writes and no one types — a device
 * key's last sighting, its count of readings, who created it. Stored in its column and shown like
 * the kind it records; a value a client sends is dropped, so a PUT never changes it.
 */
export const recordedField = registerFieldKind<RecordedSettings>({
  name: 'recorded',
  // Nullable: a PUT's body is the stored record with the changes, and a count not yet written is null.
  schema: () => yup.mixed().nullable().strip(),
  column: (meta) => (asOf(meta) === 'text' ? { type: 'text' } : { type: 'timestamp' }),
  input: null,
  text(value, meta, context) {
    const as = asOf(meta);
    if (as === 'dateTime') return fieldKind('dateTime').text(value, meta, context);
    if (as === 'count') return String(typeof value === 'number' ? value : 0);
    return typeof value === 'string' ? value : '';
  },
  sortValue: (value, meta) => (asOf(meta) === 'text' ? (typeof value === 'string' ? value.toLowerCase() : '') : typeof value === 'number' ? value : Number.NEGATIVE_INFINITY),
  sheetValue: (value, meta, context) => (asOf(meta) === 'dateTime' ? (fieldKind('dateTime').sheetValue?.(value, meta, context) ?? null) : asOf(meta) === 'count' ? (typeof value === 'number' ? value : 0) : typeof value === 'string' ? value : ''),
  align: 'left',
  searched: false,
  openApi: (meta) => ({ readOnly: true, description: `Recorded by the server (${asOf(meta)}); ignored in a body` }),
});

/** `lastSeen: recorded('Last seen', { as: 'dateTime' })`. */
export const recorded = (label: string, settings: RecordedSettings) => field.of<RecordedSettings>(recordedField.name, label, settings);
