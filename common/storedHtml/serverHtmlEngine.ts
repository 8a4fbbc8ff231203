import { parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { flattenText } from './htmlAsText';
import { ALLOWED_ATTR, ALLOWED_TAGS, isAllowedImageSource, STYLE_RULES } from './rules';
import type { ServerHtml } from './serverHtml';

/** What htmlparser2's document holds, as far as reading its text goes. */
interface ParsedNode {
  type: string;
  name?: string;
  data?: string;
  children?: ParsedNode[];
}

/** URL schemes a link may use: DOMPurify's default list (the browser's sanitiser), the rest relative. */
const LINK_SCHEMES = ['http', 'https', 'ftp', 'ftps', 'mailto', 'tel', 'callto', 'sms', 'cid', 'xmpp', 'matrix'];

/**
 * Removed with everything inside them, as DOMPurify removes them (its FORBID_CONTENTS): their text
 * is code, styles or media, never something the author meant to be read.
 */
const REMOVED_WITH_CONTENT = [
  'annotation-xml', 'audio', 'desc', 'foreignobject', 'head', 'iframe', 'math', 'mi', 'mn', 'mo', 'ms', 'mtext', 'noembed',
  'noframes', 'noscript', 'plaintext', 'script', 'style', 'svg', 'template', 'title', 'video', 'xmp',
];

/** A lone link, as sanitize-html judges its href: kept when its scheme is one of LINK_SCHEMES or it is relative. */
const LONE_LINK: sanitizeHtml.IOptions = { allowedTags: ['a'], allowedAttributes: { a: ['href'] }, allowedSchemes: LINK_SCHEMES };

/**
 * Whether sanitize-html's own scheme rule keeps `href` (asked of it, so the two cannot disagree):
 * a link opens a new tab only when it stays a link, so sanitising stored HTML again leaves it as it
 * is (a rich text field is sanitised every time its record is saved).
 */
const keepsHref = (href: string) => sanitizeHtml(`<a href="${href.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"></a>`, LONE_LINK) !== '<a></a>';

/**
 * Most passes a sanitising takes to settle. sanitize-html's output is not always a fixed point
 * (misnested markup such as `<a><a><form><a></a></form></a></a>` is re-parsed differently once
 * cleaned), and rich text is sanitised again on every save: it is sanitised until it no longer
 * changes, so a stored value saved back is stored as it was.
 */
const SETTLING_PASSES = 4;

function settled(html: string, pass: (text: string) => string): string {
  let current = pass(html);
  for (let i = 1; i < SETTLING_PASSES; i += 1) {
    const next = pass(current);
    if (next === current) return current;
    current = next;
  }
  return current;
}

/** sanitize-html tests each style value with `.test(value)`: our rules, in that shape. */
const allowedStyles = Object.fromEntries(Object.entries(STYLE_RULES).map(([property, allowed]) => [property, [{ test: allowed } as unknown as RegExp]]));

/**
 * The engine stored HTML is sanitised and read with where there is no DOM — a screen the server
 * draws (issue 41 step 3) and the server storing rich text (common/fields/richText.ts, issue 42):
 * sanitize-html with the rules the page's DOMPurify applies (rules.ts) — the same tags,
 * attributes, style declarations and image sources, links opening a new tab — and htmlparser2 for
 * the text. `page` is the address images are resolved against: the server has no page, so only
 * relative addresses of our API's files are kept there (the browser's copy keeps its own). Never
 * imported by the page: sanitize-html brings postcss (docs/decisions.md).
 */
export function serverHtmlEngine(page = 'http://localhost/'): ServerHtml {
  const options: sanitizeHtml.IOptions = {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { '*': ALLOWED_ATTR, a: [...ALLOWED_ATTR, 'target', 'rel'] },
    allowedStyles: { '*': allowedStyles },
    allowedSchemes: LINK_SCHEMES,
    // Images go through isAllowedImageSource below; the schemes only let its data: images through.
    allowedSchemesByTag: { img: ['data', 'http', 'https'] },
    nonTextTags: REMOVED_WITH_CONTENT,
    transformTags: {
      a: (tagName, { target: _target, rel: _rel, href, ...attribs }) => ({
        tagName,
        attribs: href === undefined ? attribs : keepsHref(href) ? { ...attribs, href, target: '_blank', rel: 'noopener noreferrer' } : attribs,
      }),
      img: (tagName, { src, ...attribs }) => ({ tagName, attribs: src !== undefined && isAllowedImageSource(src, page) ? { ...attribs, src } : attribs }),
    },
  };
  return {
    sanitize: (html) => settled(html, (text) => sanitizeHtml(text, options)),
    asText: (html) =>
      flattenText<ParsedNode>((parseDocument(html) as ParsedNode).children ?? [], (node) =>
        node.type === 'text' ? { text: node.data ?? '' } : node.name !== undefined ? { name: node.name, children: node.children ?? [] } : null,
      ),
  };
}
