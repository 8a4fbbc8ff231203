import type { AnySchema } from 'yup';

/**
 * A field kind (DESIGN §15): one module that says everything a kind of value means, wherever it
 * goes — its rule (the server's 400 and the form's message), its database column, its form input,
 * its list cell with sort and search, its spreadsheet cell and its OpenAPI schema. Built-in kinds
 * are the files beside this one; an application registers its own with `registerFieldKind`.
 * docs/resources.md, "Field kinds".
 */
export interface FieldKind<Settings extends object = object> {
  /** What declarations name it by ('integer', 'choice', an application's 'stockLevel'). */
  name: string;
  /** The rule a value passes, its messages in the field's label ("Quantity must be a whole number"). */
  schema(meta: FieldMeta<Settings>): AnySchema;
  /** The column it is stored in (server/db/resourceTable.ts); none for a value computed from others. */
  column: ((meta: FieldMeta<Settings>) => FieldColumn) | null;
  /** How a form edits it (src/admin/fields/KindInput.tsx); none for a value no one types. */
  input: ((meta: FieldMeta<Settings>) => FieldInput) | null;
  /** The value as a list cell, the search box and the spreadsheet read it ('' for none). */
  text(value: unknown, meta: FieldMeta<Settings>, context: CellContext): string;
  /** What a list sorts by, when it is not the text (numbers as numbers, no before yes). */
  sortValue?(value: unknown, meta: FieldMeta<Settings>, context: CellContext): string | number;
  /** A cell of its own instead of the text: a chip with a tone (the stock level's red one). */
  chip?(value: unknown, meta: FieldMeta<Settings>, context: CellContext): { label: string; tone: ChipTone } | null;
  /** Where its cells sit: numbers to the right, so their digits line up. */
  align?: 'left' | 'right';
  /** Whether the list's search box looks in it by default (not yes/no: every row says yes or no). */
  searched: boolean;
  /** The spreadsheet export's cell: numbers stay numbers; by default the text. */
  sheetValue?(value: unknown, meta: FieldMeta<Settings>, context: CellContext): SheetValue;
  /** The value's OpenAPI schema, bounds included: the fuzzer derives its bad values from them. */
  openApi(meta: FieldMeta<Settings>): Record<string, unknown>;
}

/** What a declaration says of one field, kept in yup's `meta` beside its rule (described()). */
export interface FieldMeta<Settings extends object = object> {
  /** The field's label in English: the default of its i18n key, and the subject of its messages. */
  label: string;
  /** A registered FieldKind's name. */
  kind: string;
  /** For references: the API resource whose records' names are shown. */
  reference?: string;
  /** Whether a record needs it: the New dialog asks for it. */
  required?: boolean;
  /** The kind's own settings (min, max, unit, options…). */
  settings?: Settings;
}

/** A column as server/db/resourceTable.ts makes it; every one nullable but text ('') and yes/no (false). */
export type FieldColumn =
  | { type: 'text' }
  | { type: 'integer' }
  | { type: 'numeric'; precision: number; scale: number }
  | { type: 'boolean'; default: boolean }
  | { type: 'date' }
  | { type: 'timestamp' }
  | { type: 'text[]' }
  | { type: 'id' }
  | { type: 'id[]' }
  /** An upload as the record holds it (common/fields/file.ts's StoredFile), as jsonb. */
  | { type: 'file' }
  /** A map of names to values (common/fields/namedValues.ts), as jsonb, '{}' when empty. */
  | { type: 'json' };

/**
 * An input as src/admin/fields/KindInput.tsx draws it. Phone keyboards come from `inputMode`;
 * no input carries the browser's own constraints (type="email", min, max), whose popups would speak
 * before the app's message.
 */
export type FieldInput =
  | { control: 'text'; inputMode?: 'text' | 'email' | 'tel' | 'url'; multiline?: boolean }
  | { control: 'number'; inputMode: 'numeric' | 'decimal' | 'text'; unit?: string }
  | { control: 'switch' }
  | { control: 'date' }
  | { control: 'dateTime' }
  /** `blank: false`: the field always holds an option (ChoiceSettings.initial), so none is offered. */
  | { control: 'choice'; options: readonly string[]; multiple: boolean; optionsFrom?: string; labels?: Readonly<Record<string, string>>; blank?: false }
  | { control: 'tags' }
  | { control: 'reference'; resource: string; multiple: boolean }
  | { control: 'colour' }
  /** HTML typed as source beside its sanitised rendering. */
  | { control: 'html' }
  /** An upload (POST /file?for=<entity>.<field>) of what `accept` says; `photo` offers the camera. */
  | { control: 'file'; accept: readonly ('image' | 'pdf')[]; photo: boolean }
  /** Texts in order, a row each; `item` is what one is called ('option'). */
  | { control: 'texts'; item: string }
  /** Names added by prompt, each with its value; `item` is what one is called ('option'). */
  | { control: 'namedValues'; item: string; typed: boolean };

/** A spreadsheet cell's value: a Date is a real Excel date (common/spreadsheetCells.ts). */
export type SheetValue = string | number | boolean | Date | null;

export type ChipTone = 'default' | 'success' | 'warning' | 'error' | 'info';

/** What a cell may need besides its value: the record it is in (a computed kind), names of referenced records, the phone's zone. */
export interface CellContext {
  record: Readonly<Record<string, unknown>>;
  names?: ReadonlyMap<string, string>;
  timeZone?: string;
}

const kinds = new Map<string, FieldKind>();

/** Makes a kind known by its name; a name taken twice is a mistake of the application's. */
export function registerFieldKind<Settings extends object>(kind: FieldKind<Settings>): FieldKind<Settings> {
  if (kinds.has(kind.name) && kinds.get(kind.name) !== kind) throw new Error(`Field kind "${kind.name}" is registered twice`);
  kinds.set(kind.name, kind as unknown as FieldKind);
  return kind;
}

/** The kind a field names; unknown names are a declaration's mistake, found as it loads. */
export function fieldKind(name: string): FieldKind {
  const kind = kinds.get(name);
  if (!kind) throw new Error(`Unknown field kind "${name}": register it with registerFieldKind`);
  return kind;
}

/** The text a value shows by default: a string as is, anything else as nothing. */
export const plainText = (value: unknown): string => (typeof value === 'string' ? value : '');
