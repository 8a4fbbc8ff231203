import type { PhonePage } from './firstAsks';

// A phone page's first screen, drawn by the server with the app's own tree and hydrated by the browser
// from the answers the page holds: docs/architecture.md "A phone page's first screen".

/**
 * The phone page at `path` whose first screen the server draws, when the page's request carries the
 * session (PAGE_COOKIE): the technician's home, an asset's inspect view (its identification as the
 * URL has it, decoded), the on-site board. Null for any other path.
 */
export function phonePageOf(path: string): PhonePage | null {
  if (/^\/inspection\/?$/.test(path)) return { page: 'home' };
  if (/^\/onsite\/?$/.test(path)) return { page: 'board' };
  const inspected = /^\/inspection\/asset\/identification\/([^/]+)\/?$/.exec(path)?.[1];
  if (inspected === undefined) return null;
  try {
    return { page: 'inspect', identification: decodeURIComponent(inspected) };
  } catch {
    return null;
  }
}

/** The page a drawn screen is put into (build/firstScreenBuild.ts): index.html with the app's entry held in an inert template. */
export const ENTRY_HELD_PAGE = 'home.html';
/** The template that holds the entry there. */
export const ENTRY_TEMPLATE_ID = 'app-entry';
/** The meta element there naming the CSP hash of the boot script as the build compiled it. */
export const BOOT_HASH_META = 'boot-script-hash';

/**
 * The session's token, mirrored from localStorage into a cookie for the one request a page cannot
 * authenticate otherwise: the page itself, opened from a label's link on a phone the app's code has
 * not reached yet. The server uses it for nothing but drawing that page's first screen
 * (server/http/serverScreen.ts): the API never reads it (its calls carry `x-auth`).
 */
export const PAGE_COOKIE = 'fo_page';
/** Sent only with the technician's pages and the board, not with every call (a Path is a prefix of whole segments). */
export const PAGE_COOKIE_PATHS: readonly string[] = ['/inspection', '/onsite'];
/** Paths the cookies were once set on: cleared with them, so a sign-out leaves no copy behind. */
export const FORMER_PAGE_COOKIE_PATHS: readonly string[] = ['/inspection/asset/identification/'];
/**
 * The phone's time zone (an IANA name, e.g. 'Europe/Berlin'), beside PAGE_COOKIE with the same paths:
 * a drawn screen shows times in the phone's zone as the phone itself would (spec §9: local times),
 * not in the server's. Without a zone the server knows, no screen is drawn.
 */
export const ZONE_COOKIE = 'fo_zone';

/** Where the build writes the server's build of the app's screens (build/firstScreenBuild.ts): beside dist/, never served. */
export const SERVER_SCREEN_DIR = 'dist-server';
export const SERVER_SCREEN_ENTRY = 'drawScreen.mjs';

/** A screen drawn on the server (src/platform/firstScreen/drawScreen.tsx): markup and the styles it uses. */
export interface DrawnScreen {
  /** What React draws for <head> (an image's preload): no part of #root's tree. */
  head: string;
  html: string;
  css: string;
  /** Emotion's names of the rules in `css`: the app's emotion cache takes them as inserted (withServerScreen). */
  names: string[];
  /** The lazy components drawn (src/shared/ui/lazyWithTimeout.ts): loaded before the screen is hydrated. */
  lazies: string[];
}

/** One screen for the server's drawing thread to draw: the page, the answers the server asked for it (GET path → answer), the phone's settings. */
export interface DrawTask {
  path: string;
  answers: Record<string, unknown>;
  /** The phone's IANA zone (its times are shown in it, as it would show them) and user agent (src/shared/ui/device.tsx). */
  drawnFor: { timeZone: string; userAgent: string };
}

/**
 * Where a drawn page holds the answers its screen was drawn from and the lazy components it shows, as
 * JSON (`{ answers: { path: answer }, lazies: [name] }`), in a `<script type="application/json">`:
 * it runs nothing, so the CSP needs no hash for it.
 */
export const DRAWN_ANSWERS_ID = 'fo-drawn-answers';

/** JSON inside an HTML element: no `<` left to close the element or open a comment. */
export const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** Names emotion gives its rules (a hash, with a label where the style has one). */
const EMOTION_NAME = /^[\w-]+$/;

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * The built page (ENTRY_HELD_PAGE) with a screen the server drew for its path inside #root, where
 * the browser hydrates it. `html` is React's markup as rendered on the server. Its styles are marked
 * the way emotion marks the styles it renders on a server (`data-emotion="css <name> …"`): the app's
 * emotion cache, created as its entry is evaluated, takes those `names` as inserted and keeps the
 * element, so the rules are neither compiled nor inserted again when React hydrates the screen. A
 * name emotion would not give is left out of the list. Null when the page is not one it can fill.
 */
export function withServerScreen(page: string, { head, html, css, names, lazies, answers }: DrawnScreen & { answers: Record<string, unknown> }): string | null {
  if (!page.includes(ROOT_ELEMENT) || !/<head(\s[^>]*)?>/.test(page) || !page.includes('</head>')) return null;
  const listed = names.filter((name) => EMOTION_NAME.test(name));
  const styles = `<style data-emotion="css ${listed.join(' ')}">${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  const held = `<script type="application/json" id="${DRAWN_ANSWERS_ID}">${jsonInHtml({ answers, lazies })}</script>`;
  return page
    .replace(/<head(\s[^>]*)?>/, (opening) => `${opening}${held}`)
    .replace('</head>', () => `${head}${styles}\n  </head>`)
    .replace(ROOT_ELEMENT, () => `<div id="root">${html}</div>`);
}
