/** A window: its document's constructors (DOMParser, Node, HTMLElement) and its location. */
export type DomView = Window & typeof globalThis;

let serverView: DomView | null = null;

/**
 * The DOM that HTML from data is parsed and sanitised in (htmlAsText, sanitizeStoredHtml): the
 * page's own in a browser; in a screen drawn on the server (src/platform/firstScreen/drawScreen.tsx) the one
 * that render hands over (jsdom's). Null where there is none: such HTML is then left out, never
 * passed through unsanitised.
 */
export function domView(): DomView | null {
  return typeof window === 'undefined' ? serverView : window;
}

/** For a server render: the DOM to use where there is no page. */
export function setServerDom(view: DomView): void {
  serverView = view;
}
