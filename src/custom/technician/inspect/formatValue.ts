import DOMPurify from 'dompurify';
import type { TranslateFunction } from 'react-admin';
import type { InspectableAttribute, InspectionValue } from '../../../../common/resources/inspection';
import { formatTimestamp } from '../../../common-ui/formatTime';

/**
 * A stored value as one short line of text (spec §9 formats): yes/no, local time, YYYY/MM/DD;
 * html as its text only, so markup from data never reaches the page unsanitised.
 */
export function formatValue(attribute: Pick<InspectableAttribute, 'type'>, value: InspectionValue, translate: TranslateFunction): string {
  if (typeof value === 'boolean') return translate(value ? 'app.inspection.yes' : 'app.inspection.no');
  if (attribute.type === 'date-time' && typeof value === 'number') return formatTimestamp(value);
  if (attribute.type === 'date' && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.replaceAll('-', '/');
  if (attribute.type === 'html' && typeof value === 'string') return htmlAsText(value);
  return String(value);
}

/** Elements whose text stands apart from its neighbours': a space between them when flattened. */
const BLOCK_TAGS = ['p', 'div', 'br', 'li', 'ul', 'ol', 'table', 'thead', 'tbody', 'tr', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'dl', 'dt', 'dd', 'hr'];

/**
 * Stored HTML as its readable text: "<p>Belt</p><p>A &amp; B</p>" → "Belt A & B". Read from a
 * sanitised fragment kept to block tags without any attribute (nothing in it can load or run),
 * rather than from DOMPurify's string, which is still HTML (entities escaped, blocks run together).
 */
function htmlAsText(html: string): string {
  const fragment = DOMPurify.sanitize(html, { ALLOWED_TAGS: BLOCK_TAGS, ALLOWED_ATTR: [], KEEP_CONTENT: true, RETURN_DOM_FRAGMENT: true });
  const parts: string[] = [];
  const walk = (node: Node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) parts.push(child.textContent ?? '');
      else {
        parts.push(' ');
        walk(child);
        parts.push(' ');
      }
    }
  };
  walk(fragment);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

