import * as yup from 'yup';
import { plainText, registerFieldKind } from './fieldKind';

export interface ChoiceSettings {
  /** The values a record may hold, in the order a picker offers them. */
  options: readonly string[];
}

const optionsOf = (settings: ChoiceSettings | undefined) => settings?.options ?? [];

/** One of fixed options (a part's criticality: low, medium, high); '' when none is chosen, unless required. */
export const choiceField = registerFieldKind<ChoiceSettings>({
  name: 'choice',
  schema(meta) {
    const options = optionsOf(meta.settings);
    const schema = yup
      .string()
      .typeError(`${meta.label} must be one of: ${options.join(', ')}`)
      .test('option', `${meta.label} must be one of: ${options.join(', ')}`, (value) => !value || options.includes(value));
    return meta.required ? schema.required(`${meta.label} is required`) : schema.default('');
  },
  column: () => ({ type: 'text' }),
  input: (meta) => ({ control: 'choice', options: optionsOf(meta.settings), multiple: false }),
  text: plainText,
  // In the options' order (low < medium < high), not the alphabet's; none last.
  sortValue: (value, meta) => {
    const index = optionsOf(meta.settings).indexOf(plainText(value));
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  },
  searched: true,
  openApi: (meta) => ({ type: 'string', enum: meta.required ? [...optionsOf(meta.settings)] : ['', ...optionsOf(meta.settings)] }),
});
