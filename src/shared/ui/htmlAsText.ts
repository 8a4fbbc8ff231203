import { domView } from './domView';

/** Elements whose text stands apart from its neighbours': flattened, a space goes between them. */
const BLOCKS = new Set(['P', 'DIV', 'BR', 'LI', 'UL', 'OL', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TD', 'TH', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'DL', 'DT', 'DD', 'HR', 'SECTION', 'ARTICLE']);
/** Never text for a reader. */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);

/**
 * Stored HTML as its readable text: "<p>Belt</p><p>A &amp; B</p>" → "Belt A & B". Parsed into an
 * inert document (DOMParser: nothing in it loads or runs), blocks kept apart, entities read as the
 * characters they stand for. For one-line views, search and export — never for rendering. In a
 * screen drawn on the server, parsed in that render's DOM (domView); empty where there is none.
 */
export function htmlAsText(html: string): string {
  const view = domView();
  if (!view) return '';
  const parts: string[] = [];
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === view.Node.TEXT_NODE) parts.push(child.textContent ?? '');
      else if (child.nodeType === view.Node.ELEMENT_NODE && !SKIPPED.has(child.nodeName)) {
        const block = BLOCKS.has(child.nodeName);
        if (block) parts.push(' ');
        walk(child);
        if (block) parts.push(' ');
      }
    }
  };
  walk(new view.DOMParser().parseFromString(html, 'text/html').body);
  return parts.join('').replace(/\s+/g, ' ').trim();
}
