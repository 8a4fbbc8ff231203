import { serverHtml } from './serverHtml';

/** Elements whose text stands apart from its neighbours': flattened, a space goes between them. */
const BLOCKS = new Set(['P', 'DIV', 'BR', 'LI', 'UL', 'OL', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TD', 'TH', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'DL', 'DT', 'DD', 'HR', 'SECTION', 'ARTICLE']);
/** Never text for a reader. */
const SKIPPED = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT']);

/** A parsed node as the flattening reads it: its text, or its tag name (any case) and children; null for anything else (comments). */
export type ReadNode<N> = (node: N) => { text: string } | { name: string; children: Iterable<N> } | null;

/**
 * The readable text under `root`, whatever parsed it (the page's DOMParser, or a server render's
 * parser): blocks kept apart by a space, whitespace folded, skipped elements left out.
 */
export function flattenText<N>(root: Iterable<N>, read: ReadNode<N>): string {
  const parts: string[] = [];
  const walk = (nodes: Iterable<N>) => {
    for (const node of nodes) {
      const seen = read(node);
      if (!seen) continue;
      if ('text' in seen) {
        parts.push(seen.text);
        continue;
      }
      const name = seen.name.toUpperCase();
      if (SKIPPED.has(name)) continue;
      const block = BLOCKS.has(name);
      if (block) parts.push(' ');
      walk(seen.children);
      if (block) parts.push(' ');
    }
  };
  walk(root);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * Stored HTML as its readable text: "<p>Belt</p><p>A &amp; B</p>" → "Belt A & B". Parsed into an
 * inert document (DOMParser: nothing in it loads or runs), blocks kept apart, entities read as the
 * characters they stand for. For one-line views, search and export — never for rendering. In a
 * screen drawn on the server, read by that render's engine (serverHtml); empty where there is none.
 */
export function htmlAsText(html: string): string {
  if (typeof window === 'undefined') return serverHtml()?.asText(html) ?? '';
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return flattenText<ChildNode>(body.childNodes, (node) =>
    node.nodeType === Node.TEXT_NODE ? { text: node.textContent ?? '' } : node.nodeType === Node.ELEMENT_NODE ? { name: node.nodeName, children: node.childNodes } : null,
  );
}
