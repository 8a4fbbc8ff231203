import DOMPurify from 'dompurify';
import { isCssColor } from '../../../common/cssColor';
import { serverHtml } from './serverHtml';
import { API_BASE, API_PATH } from '../../platform/dataProvider/apiBase';

/**
 * The data profile of SafeHtml (DESIGN §7, issue 16 §3): HTML stored by users or returned by
 * scripts keeps its formatting and stays inside its box. Reasons and the full rule set:
 * docs/web-shell.md, "Stored HTML".
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
 * `target`/`rel` (set below), no `role`/`tabindex`/`popover`.
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

/** The declarations of an element's style that pass STYLE_RULES, as read by the browser's own CSS parser. */
function keptStyle(element: HTMLElement): string {
  const kept: string[] = [];
  const style = element.style;
  for (let index = 0; index < style.length; index += 1) {
    const property = style.item(index);
    const value = style.getPropertyValue(property).trim();
    if (STYLE_RULES[property]?.(value)) kept.push(`${property}: ${value}`);
  }
  return kept.join('; ');
}

const DATA_IMAGE = /^data:image\/(png|jpe?g|gif|webp|avif|bmp|svg\+xml)[;,]/i;

/** Where our API serves uploaded files (GET /file/{id}): same origin, or the configured API base. */
function fileUrlPrefixes(page: string): URL[] {
  return [new URL(`${API_PATH}/file/`, page), new URL(`${API_BASE}/file/`, page)];
}

/** An image source the page at `page` may load: a data: image, or one file of our own API (nothing after its id). */
export function isAllowedImageSource(src: string, page: string = window.location.href): boolean {
  if (DATA_IMAGE.test(src)) return true;
  let url: URL;
  try {
    url = new URL(src, page);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  return fileUrlPrefixes(page).some((prefix) => url.origin === prefix.origin && url.pathname.startsWith(prefix.pathname) && /^[^/]+$/.test(url.pathname.slice(prefix.pathname.length)));
}

type PageWindow = Window & typeof globalThis;

/** Its own DOMPurify instance: the hooks below must not change how other DOMPurify users (plain-text views) work. */
function purifierFor(view: PageWindow) {
  const purifier = DOMPurify(view);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (!(node instanceof view.HTMLElement)) return;
    const element = node;
    if (element.hasAttribute('style')) {
      const style = keptStyle(element);
      if (style) element.setAttribute('style', style);
      else element.removeAttribute('style');
    }
    const tag = element.tagName.toLowerCase();
    if (tag === 'a' && element.hasAttribute('href')) {
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer');
    }
    if (tag === 'img' && !isAllowedImageSource(element.getAttribute('src') ?? '', view.location.href)) element.removeAttribute('src');
  });
  return purifier;
}

let purifier: ReturnType<typeof purifierFor> | null = null;

/**
 * HTML from data or scripts, reduced to what may be shown inside its own box: by DOMPurify in the
 * page's DOM, or in a server render by its engine (serverHtml), with the same rules. Nothing where
 * there is neither: without a DOM, DOMPurify would hand its input back unsanitised.
 */
export function sanitizeStoredHtml(html: string | null | undefined): string {
  if (!html) return '';
  if (typeof window === 'undefined') return serverHtml()?.sanitize(html) ?? '';
  purifier ??= purifierFor(window);
  return purifier.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR, ALLOW_DATA_ATTR: false, ALLOW_ARIA_ATTR: false });
}
