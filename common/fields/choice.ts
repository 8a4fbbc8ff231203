import * as yup from 'yup';
import { plainText, registerFieldKind, type FieldInput } from './fieldKind';

export interface ChoiceSettings {
  /** The values a record may hold, in the order a picker offers them; with `optionsFrom`, the entry's first value. */
  options: readonly string[];
  /**
   * A config entry (`choices.<entity>.<field>`) holding the options as a JSON list: administrators
   * change them in Configuration; the server checks a saved value against the entry's current list
   * (server/fields/configuredChoices.ts) and the form offers it.
   */
  optionsFrom?: string;
  /**
   * A new record's value when the body leaves it out. A choice with one always holds an option
   * (a table's type: blank is refused); a multi-choice's is its list (a new report's every format).
   */
  initial?: string | readonly string[];
  /** What an option is shown as, where it is not itself ('pdf' → 'PDF'). */
  labels?: Readonly<Record<string, string>>;
}

/** Config keys of configured options start so: Configuration checks their values are JSON lists of options. */
export const CONFIGURED_CHOICES_PREFIX = 'choices.';
/** Longest option a configured list may hold, and most options in one. */
export const MAX_OPTION_LENGTH = 200;
export const MAX_OPTIONS = 100;

export const optionsOf = (settings: ChoiceSettings | undefined) => settings?.options ?? [];

/** An option as shown: its label, or itself. */
export const optionLabel = (settings: ChoiceSettings | undefined, option: string) => settings?.labels?.[option] ?? option;

/** The options a configured list holds, or null when the value is not a list of distinct, non-blank options. */
export function configuredOptions(value: string): string[] | null {
  let list: unknown;
  try {
    list = JSON.parse(value);
  } catch {
    return null;
  }
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_OPTIONS) return null;
  const options = list.filter((item): item is string => typeof item === 'string' && item.trim() !== '' && item.length <= MAX_OPTION_LENGTH);
  return options.length === list.length && new Set(options).size === options.length ? options : null;
}

/** The picker of a choice or multi-choice: its options with their labels, a configured list's key; a choice always set offers no blank. */
export function choiceInput(settings: ChoiceSettings | undefined, multiple: boolean): FieldInput {
  const options = optionsOf(settings);
  return {
    control: 'choice',
    options,
    multiple,
    ...(settings?.labels ? { labels: settings.labels } : {}),
    ...(settings?.optionsFrom ? { optionsFrom: settings.optionsFrom } : {}),
    ...(!multiple && settings?.initial !== undefined ? { blank: false } : {}),
  };
}

/** A configured field's rule before the server looks the list up: an option's shape, its membership checked on save. */
const configuredOption = (label: string) => yup.string().typeError(`${label} must be a text`).max(MAX_OPTION_LENGTH, `${label} must be at most ${MAX_OPTION_LENGTH} characters`);

/** One of fixed options (a part's criticality: low, medium, high); '' when none is chosen, unless required. */
export const choiceField = registerFieldKind<ChoiceSettings>({
  name: 'choice',
  schema(meta) {
    const options = optionsOf(meta.settings);
    const initial = meta.settings?.initial;
    const schema = meta.settings?.optionsFrom
      ? configuredOption(meta.label)
      : yup
          .string()
          .typeError(`${meta.label} must be one of: ${options.join(', ')}`)
          .test('option', `${meta.label} must be one of: ${options.join(', ')}`, (value) => value === undefined || (!value && initial === undefined) || options.includes(value));
    if (typeof initial === 'string') return schema.default(initial);
    return meta.required ? schema.required(`${meta.label} is required`) : schema.default('');
  },
  column: () => ({ type: 'text' }),
  input: (meta) => choiceInput(meta.settings, false),
  text: (value, meta) => optionLabel(meta.settings, plainText(value)),
  // In the options' order (low < medium < high), not the alphabet's; none last.
  sortValue: (value, meta) => {
    const index = optionsOf(meta.settings).indexOf(plainText(value));
    return index === -1 ? Number.MAX_SAFE_INTEGER : index;
  },
  searched: true,
  openApi: (meta) =>
    meta.settings?.optionsFrom
      ? { type: 'string', maxLength: MAX_OPTION_LENGTH, description: `One of the options in the config entry ${meta.settings.optionsFrom}` }
      : { type: 'string', enum: meta.required || meta.settings?.initial !== undefined ? [...optionsOf(meta.settings)] : ['', ...optionsOf(meta.settings)] },
});
