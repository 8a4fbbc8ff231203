import * as yup from 'yup';
import { htmlAsText } from '../storedHtml/htmlAsText';
import { serverHtml } from '../storedHtml/serverHtml';
import { registerFieldKind, type FieldMeta } from './fieldKind';

export interface RichTextSettings {
  /** Characters at most, as stored (sanitised); default 20,000. */
  max?: number;
}

const DEFAULT_MAX = 20_000;
const maxOf = (meta: FieldMeta<RichTextSettings>) => meta.settings?.max ?? DEFAULT_MAX;

/** The engine that sanitises where there is no page (the server: server/crud/validateBody.ts hands it in); none in a page. */
const engine = () => (typeof window === 'undefined' ? serverHtml() : null);

/**
 * Rich text as it is stored: sanitised with the product's one set of stored-HTML rules
 * (common/storedHtml/rules.ts, docs/web-shell.md "Stored HTML") by the DOM-free engine the server
 * hands in. A process with no engine refuses to store it rather than store it as sent. In a page
 * (the form's own validation) it stays as typed: the server's copy is the one stored, and the page
 * renders it only through SafeHtml (DOMPurify).
 */
function asStored(html: string): string {
  if (typeof window !== 'undefined') return html;
  const sanitiser = engine();
  if (!sanitiser) throw new Error('Rich text cannot be stored unsanitised: this process has no HTML engine (setServerHtml)');
  return sanitiser.sanitize(html);
}

/** What a check sees: the value as it will be stored where that is known (the server), else as typed. */
const checked = (html: string) => engine()?.sanitize(html) ?? html;

/**
 * HTML (a description with emphasis, lists, links): validated as sent, then sanitised as the body
 * is cast (server/crud/validateBody.ts: strict validation runs no transform, the cast does), so
 * what is stored and answered is clean. Its bounds hold for the stored form too, so a stored value
 * passes the rule again when the record is next saved. Shown, sorted and searched as its text.
 */
export const richTextField = registerFieldKind<RichTextSettings>({
  name: 'richText',
  schema(meta) {
    const { label } = meta;
    const max = maxOf(meta);
    const tooLong = `${label} must be at most ${max} characters`;
    const schema = yup
      .string()
      .typeError(`${label} must be a text`)
      .max(max, tooLong)
      .test('stored-max', tooLong, (value) => !value || checked(value).length <= max)
      .transform((value: unknown) => (typeof value === 'string' ? asStored(value) : value));
    return meta.required
      ? schema.required(`${label} is required`).test('non-blank', `${label} must not be blank`, (value) => typeof value === 'string' && checked(value).trim().length > 0)
      : schema.default('');
  },
  column: () => ({ type: 'text' }),
  input: () => ({ control: 'html' }),
  text: (value) => (typeof value === 'string' && value !== '' ? htmlAsText(value) : ''),
  searched: true,
  openApi: (meta) => ({ type: 'string', maxLength: maxOf(meta), contentMediaType: 'text/html' }),
});
