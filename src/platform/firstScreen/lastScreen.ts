import { LAST_SCREEN_KEY } from '../../../common/bootPaint';
import { nextTask } from './pageSettled';
import { tokenSubject } from '../authProvider/tokenSubject';

/**
 * The screen React drew on a page whose first screen is data (the inspect view, the board), kept
 * so the boot script can paint it on the next visit before the app's code has arrived
 * (build/bootPlugin.ts; issue 20, docs/performance-phone.md). The page's markup as React left it
 * once its data was drawn, and the styles it uses: nothing runs from it, and it is shown inert
 * under React's screen only until that screen is ready.
 */
export interface LastScreen {
  path: string;
  /** The signed-in user's id (the token's subject): another user on the same phone never sees it. */
  user: string;
  /** When it was kept (epoch ms). */
  at: number;
  /** The page's width then (CSS px): laid out for another width (a turned phone, the board on a wall), it would not match React's. */
  width: number;
  html: string;
  css: string;
}

/** Screens kept at most, newest first: a technician's last few assets and the board. */
const MAX_SCREENS = 6;
/** And at most this many characters in all, well within localStorage's ~5 M per origin. */
const MAX_CHARACTERS = 1_500_000;

function keptScreens(): LastScreen[] {
  try {
    const kept = JSON.parse(localStorage.getItem(LAST_SCREEN_KEY) ?? '[]') as unknown;
    return Array.isArray(kept) ? (kept as LastScreen[]) : [];
  } catch {
    return [];
  }
}

/** Emotion's class names (MUI's sx and styled): `css-<hash>` with an optional label. */
const EMOTION_CLASS = /\.(css-[\w-]+)/g;

/**
 * The CSS rules of the document's emotion sheets that the markup uses: a rule naming emotion
 * classes is kept when the markup has one of them; rules naming none (the baseline, keyframes,
 * fonts) are kept. In production emotion inserts its rules through the CSSOM, not as text.
 */
export function stylesUsedBy(html: string): string {
  const used = new Set(html.match(/css-[\w-]+/g) ?? []);
  const rules: string[] = [];
  for (const element of document.querySelectorAll<HTMLStyleElement>('style[data-emotion]')) {
    let list: CSSRuleList;
    try {
      list = element.sheet?.cssRules ?? ({ length: 0 } as CSSRuleList);
    } catch {
      continue;
    }
    for (const rule of Array.from(list)) {
      const text = rule.cssText;
      const named = [...text.matchAll(EMOTION_CLASS)].map((match) => match[1]!);
      if (named.length === 0 || named.some((name) => used.has(name))) rules.push(text);
    }
  }
  return rules.join('\n');
}

/** What is kept below the top of the page: the first screen and half of the next (a taller phone, a late font). */
const SCREENS_KEPT = 1.5;

/**
 * A copy of `element` without the children that start below `bottom` (document coordinates): the
 * copy is painted at the top of the page only, and every element it leaves out is work the phone
 * does not do before that paint (the inspect view keeps ~15 % of its markup). Children follow one
 * another down the page, so what stays above keeps its place.
 */
function cloneAbove(element: Element, bottom: number): Element {
  const copy = element.cloneNode(false) as Element;
  for (const child of element.childNodes) {
    if (!(child instanceof Element)) {
      copy.appendChild(child.cloneNode(true));
      continue;
    }
    const box = child.getBoundingClientRect();
    if (box.top + window.scrollY > bottom) continue;
    const kept = copy.appendChild(cloneAbove(child, bottom));
    // An image: its box as drawn, not loaded (each would be one more request before the copy's
    // paint); React's screen brings it, in the same box.
    if (kept instanceof HTMLImageElement) {
      kept.removeAttribute('src');
      kept.removeAttribute('srcset');
      Object.assign(kept.style, { visibility: 'hidden', width: `${box.width}px`, height: `${box.height}px` });
    }
  }
  return copy;
}

/**
 * The markup to keep: #root's first screen, without what would not hold on the next visit or would
 * clash with React's copy beside it — ids (two elements with one id), images (cloneAbove), and whatever
 * a page marks `data-last-screen="blank"` (a clock) keeps its place but is not shown.
 */
export function screenMarkup(root: HTMLElement): string {
  const copy = cloneAbove(root, window.innerHeight * SCREENS_KEPT) as HTMLElement;
  for (const element of copy.querySelectorAll('[id]')) element.removeAttribute('id');
  for (const element of copy.querySelectorAll<HTMLElement>('[data-last-screen="blank"]')) element.style.visibility = 'hidden';
  return copy.innerHTML;
}

/**
 * Keeps the screen React shows now for `path`, for the user signed in with `token`. Best effort: a
 * full storage keeps nothing. The markup is React's, with stored HTML already sanitised where it is
 * shown; it is sanitised once more as a whole because the boot script sets it with innerHTML, and a
 * serialised DOM parsed again need not be the DOM it came from (DOMPurify's default profile:
 * markup, classes and styles stay; scripts and handlers go). DOMPurify is loaded here, after the
 * page has settled, not with the entry.
 */
export async function keepLastScreen(path: string, token: string | null, stillSignedIn: () => boolean = () => true): Promise<void> {
  const user = tokenSubject(token);
  const root = document.getElementById('root');
  if (!user || !root) return;
  const markup = screenMarkup(root);
  // Copying, sanitising and collecting the styles each take their own task: together they made one
  // long task with the board's first chart draws (a CPU profile at 4× slowdown).
  await nextTask();
  const { default: DOMPurify } = await import('dompurify');
  // Signed out while DOMPurify loaded: the screens were forgotten, and this one goes with them.
  if (!stillSignedIn()) return;
  const html = DOMPurify.sanitize(markup);
  await nextTask();
  if (!stillSignedIn()) return;
  const screen: LastScreen = { path, user, at: Date.now(), width: window.innerWidth, html, css: stylesUsedBy(html) };
  const kept = [screen, ...keptScreens().filter((other) => other.user === user && other.path !== path)].slice(0, MAX_SCREENS);
  let size = 0;
  const fitting = kept.filter((one) => (size += one.html.length + one.css.length) <= MAX_CHARACTERS);
  try {
    localStorage.setItem(LAST_SCREEN_KEY, JSON.stringify(fitting));
  } catch {
    forgetLastScreens();
  }
}

/** Signing out (or a refused session): the next user of the phone sees none of them. */
export function forgetLastScreens(): void {
  try {
    localStorage.removeItem(LAST_SCREEN_KEY);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}
