import DOMPurify from 'dompurify';
import { ALLOWED_ATTR, ALLOWED_TAGS, isAllowedImageSource as isAllowedImageSourceFor, STYLE_RULES } from '../../../common/storedHtml/rules';
import { serverHtml } from '../../../common/storedHtml/serverHtml';
import { API_BASE, API_PATH } from '../../platform/dataProvider/apiBase';

/**
 * The page's sanitiser of stored HTML (DESIGN §7, issue 16 §3): DOMPurify with the data profile's
 * rules (common/storedHtml/rules.ts), the same the server's DOM-free engine applies. Reasons and the
 * full rule set: docs/web-shell.md, "Stored HTML".
 */

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

/** An image source the page at `page` may load: a data: image, or one file of our own API (same origin, or the configured API base). */
export function isAllowedImageSource(src: string, page: string = window.location.href): boolean {
  return isAllowedImageSourceFor(src, page, [API_PATH, API_BASE]);
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
