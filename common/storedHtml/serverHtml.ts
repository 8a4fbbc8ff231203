/**
 * How HTML from data is sanitised and read as text where there is no page: a screen drawn on the
 * server (src/platform/firstScreen/drawScreen.tsx) and the server validating bodies
 * (server/crud/validateBody.ts) hand in the engine that needs no DOM (serverHtmlEngine.ts), with
 * the same rules as the browser's. Where none was handed in, such HTML is left out of a render,
 * never passed through unsanitised, and rich text cannot be stored (common/fields/richText.ts).
 */
export interface ServerHtml {
  /** sanitizeStoredHtml's rules, applied without a DOM. */
  sanitize(html: string): string;
  /** htmlAsText, read without a DOM. */
  asText(html: string): string;
}

let engine: ServerHtml | null = null;

/** For a server render: how HTML is handled where there is no page. */
export function setServerHtml(serverHtml: ServerHtml): void {
  engine = serverHtml;
}

/** The engine for HTML where there is no page, or null in a browser (the page's own DOM is used there). */
export function serverHtml(): ServerHtml | null {
  return typeof window === 'undefined' ? engine : null;
}
