import * as yup from 'yup';
import { registerFieldKind } from './fieldKind';

export interface YesNoSettings {
  /** A new record's value; default no. */
  initial?: boolean;
}

/** Yes or no: shown Yes/No, sorted no before yes, not searched (every row would match). */
export const yesNoField = registerFieldKind<YesNoSettings>({
  name: 'yesNo',
  schema: (meta) => yup.boolean().typeError(`${meta.label} must be true or false`).default(meta.settings?.initial ?? false),
  column: (meta) => ({ type: 'boolean', default: meta.settings?.initial ?? false }),
  input: () => ({ control: 'switch' }),
  // The screen translates these (app.admin.yes / app.admin.no); the spreadsheet and the search read them so.
  text: (value) => (value === true ? 'Yes' : value === false ? 'No' : ''),
  sortValue: (value) => (value === true ? 1 : 0),
  searched: false,
  sheetValue: (value) => (typeof value === 'boolean' ? value : null),
  openApi: () => ({ type: 'boolean' }),
});
