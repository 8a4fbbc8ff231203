import { parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import { flattenText } from '../../shared/ui/htmlAsText';
import { ALLOWED_ATTR, ALLOWED_TAGS, isAllowedImageSource, STYLE_RULES } from '../../shared/ui/sanitizeStoredHtml';
import type { ServerHtml } from '../../shared/ui/serverHtml';

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

/** sanitize-html tests each style value with `.test(value)`: our rules, in that shape. */
const allowedStyles = Object.fromEntries(Object.entries(STYLE_RULES).map(([property, allowed]) => [property, [{ test: allowed } as unknown as RegExp]]));

/**
 * The engine a server render sanitises and reads stored HTML with (issue 41 step 3: no DOM in the
 * server's page path): sanitize-html with the rules of sanitizeStoredHtml — the same tags,
 * attributes, style declarations and image sources, links opening a new tab — and htmlparser2 for
 * the text. `page` is the address images are resolved against: a server render has no page, so
 * only relative addresses of our API's files are kept there (the browser's copy keeps its own).
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
      a: (tagName, { target: _target, rel: _rel, ...attribs }) => ({
        tagName,
        attribs: attribs.href === undefined ? attribs : { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
      }),
      img: (tagName, { src, ...attribs }) => ({ tagName, attribs: src !== undefined && isAllowedImageSource(src, page) ? { ...attribs, src } : attribs }),
    },
  };
  return {
    sanitize: (html) => sanitizeHtml(html, options),
    asText: (html) =>
      flattenText<ParsedNode>((parseDocument(html) as ParsedNode).children ?? [], (node) =>
        node.type === 'text' ? { text: node.data ?? '' } : node.name !== undefined ? { name: node.name, children: node.children ?? [] } : null,
      ),
  };
}
