import { ENTRY_TEMPLATE_ID } from '../../../common/firstScreen';

/** Adding a modulepreload or a script costs the main thread ~1.5–2 ms (its fetch is set up there and then): a few per task. */
const PER_TASK = 4;

/** Appends `nodes` to <head> a few per task, in order. */
function appendInTurns(nodes: Node[]): void {
  const add = () => {
    for (const node of nodes.splice(0, PER_TASK)) document.head.appendChild(node);
    if (nodes.length > 0) setTimeout(add, 0);
  };
  add();
}

/** Runs `run` once the page's first paint is on screen (a hidden tab paints nothing: 500 ms at most). */
function afterFirstPaint(run: () => void): void {
  let done = false;
  const once = () => {
    if (!done) run();
    done = true;
  };
  setTimeout(once, 500);
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    once();
  }).observe({ type: 'paint', buffered: true });
}

/**
 * The one script inline in a page the server drew (build/firstScreenBuild.ts; its CSP hash is the page's
 * own, server/http/serverScreen.ts). That page holds the app's entry in an inert template; this
 * starts it once the drawn screen is painted. Evaluated first, the entry (~100 ms of a phone's main
 * thread) would hold that paint back; asked first, its download would count before the paint.
 */
export function boot(): void {
  const held = document.getElementById(ENTRY_TEMPLATE_ID) as HTMLTemplateElement | null;
  if (held) afterFirstPaint(() => appendInTurns([...document.importNode(held.content, true).childNodes]));
}
