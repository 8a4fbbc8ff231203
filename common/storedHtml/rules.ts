import { isCssColor } from '../cssColor';

/**
 * The data profile of stored HTML (DESIGN §7, issue 16 §3): what HTML stored by users or returned by
 * scripts may keep, so it keeps its formatting and stays inside its box. One set of rules for every
 * sanitiser of the product: the page's DOMPurify (src/shared/ui/sanitizeStoredHtml.ts) and the
 * DOM-free engine of the server and of a screen it draws (serverHtmlEngine.ts). Reasons and the full
 * rule set: docs/web-shell.md, "Stored HTML".
 */

/** Text, lists, tables and images: no forms, media, frames, <style>, <link>, <meta> or <dialog>. */
export const ALLOWED_TAGS = [
  'a', 'abbr', 'address', 'article', 'b', 'bdi', 'bdo', 'big', 'blockquote', 'br', 'caption', 'center', 'cite', 'code',
  'col', 'colgroup', 'dd', 'del', 'details', 'dfn', 'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'font', 'footer',
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'i', 'img', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q',
  's', 'samp', 'section', 'small', 'span', 'strike', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td',
  'tfoot', 'th', 'thead', 'time', 'tr', 'tt', 'u', 'ul', 'var', 'wbr',
];

/**
 * No `class` or `id` (the page's own classes carry fixed positioning, e.g. a dialog backdrop), no
 * sizes (width, height, cellpadding), no `srcset` or `background` (more image addresses), no
 * `target`/`rel` (set by the sanitiser), no `role`/`tabindex`/`popover`.
 */
export const ALLOWED_ATTR = [
  'href', 'src', 'alt', 'title', 'style', 'colspan', 'rowspan', 'scope', 'headers', 'align', 'valign', 'dir', 'lang',
  'start', 'reversed', 'type', 'datetime', 'cite', 'open', 'color', 'face', 'size', 'bgcolor',
];

const oneOf = (...values: string[]) => (value: string) => values.includes(value);

/**
 * The CSS a stored style may keep: colour and emphasis. Nothing that positions, sizes, moves,
 * layers or paints an image (position, inset, margin, padding, width, font-size, transform, z-index,
 * background-image, url(…)) — those are how a box covers the page or calls out.
 */
export const STYLE_RULES: Record<string, (value: string) => boolean> = {
  color: isCssColor,
  'background-color': isCssColor,
  'text-decoration-color': isCssColor,
  'font-weight': oneOf('normal', 'bold', 'bolder', 'lighter', '100', '200', '300', '400', '500', '600', '700', '800', '900'),
  'font-style': oneOf('normal', 'italic', 'oblique'),
  'text-decoration-line': (value) => /^(none|((underline|overline|line-through)( |$))+)$/.test(value),
  'text-decoration-style': oneOf('solid', 'double', 'dotted', 'dashed', 'wavy'),
  'text-align': oneOf('left', 'right', 'center', 'justify', 'start', 'end'),
};

const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|bmp|svg\+xml)[;,]/i;

/** The API's path on the page's origin (the server's API_PREFIX, the web's API_PATH). */
export const SAME_ORIGIN_API = '/api';

/**
 * An image source a page at `page` may load: a data: image, or one file of our own API
 * (`<api base>/file/<id>`, nothing after its id) for any of `apiBases` (the same-origin path, or the
 * configured API base, resolved against the page).
 */
export function isAllowedImageSource(src: string, page: string, apiBases: readonly string[] = [SAME_ORIGIN_API]): boolean {
  if (DATA_IMAGE.test(src)) return true;
  let url: URL;
  try {
    url = new URL(src, page);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return apiBases
    .map((base) => new URL(`${base}/file/`, page))
    .some((prefix) => url.origin === prefix.origin && url.pathname.startsWith(prefix.pathname) && /^[^/]+$/.test(url.pathname.slice(prefix.pathname.length)));
}
