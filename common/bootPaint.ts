/**
 * The technician home's first paint before React (issue 20; build/bootPlugin.ts): the paths it
 * stands for, and the page the server answers them with — index.html with the app's entry held in a
 * template, which the boot script starts once the shell is on screen (docs/performance-phone.md).
 */
export const APP_SHELL_PATH = '^/inspection/?$';
export const APP_SHELL_PAGE = 'home.html';

/**
 * Pages whose first screen is data (the inspect view, the on-site board): the screen React drew
 * last time is kept on the phone (src/platform/firstScreen/lastScreen.ts) and painted by the boot script on the
 * next visit, before the app's code has arrived, until React's own screen is ready.
 */
export const LAST_SCREEN_PATHS = '^/inspection/asset/identification/[^/]+/?$|^/onsite/?$';
/** Where the screens are kept (localStorage: the boot script reads it before <body> is painted). */
export const LAST_SCREEN_KEY = 'fo.lastScreens';
/** A screen older than this is not shown: after a day its data is more likely to mislead than help. */
export const LAST_SCREEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The inspect view (src/features/technician/technicianRoutes.tsx), its identification captured as the
 * URL has it. Opened for the first time — straight from a label's link, say — it has no last screen
 * yet: the boot script paints its loading frame instead (the title and "Loading the asset…" React shows
 * while the asset is asked), so the phone is not blank while the app's code arrives.
 */
export const INSPECT_VIEW_PATH = '^/inspection/asset/identification/([^/]+)/?$';

/** Every path the server answers with APP_SHELL_PAGE: the boot script may paint before the entry starts. */
export const ENTRY_HELD_PATHS = `${APP_SHELL_PATH}|${LAST_SCREEN_PATHS}`;

/**
 * The build's inline scripts (the boot script, inline so the first paint waits for no request), as
 * CSP hash sources ('sha256-…'): written beside index.html, read by the server for script-src.
 */
export const INLINE_SCRIPT_HASHES_FILE = 'inline-script-hashes.json';

/**
 * The session's token, mirrored from localStorage into a cookie for the one request a page cannot
 * authenticate otherwise: the page itself, opened from a label's link on a phone the app's code has
 * not reached yet. The server uses it for nothing but drawing that page's first screen
 * (server/http/serverScreen.ts): the API never reads it (its calls carry `x-auth`).
 */
export const PAGE_COOKIE = 'fo_page';
/** Sent only with the pages the server draws, not with every call (Path is a prefix: '/onsite' is sent with /onsite and /onsite/, not /onsitex). */
export const PAGE_COOKIE_PATHS: readonly string[] = ['/inspection/asset/identification/', '/onsite'];
/**
 * The phone's time zone (an IANA name, e.g. 'Europe/Berlin'), beside PAGE_COOKIE with the same paths:
 * a drawn screen shows times in the phone's zone as the phone itself would (spec §9: local times),
 * not in the server's. Without a zone the server knows, no screen is drawn.
 */
export const ZONE_COOKIE = 'fo_zone';

/** Where the build writes the server's build of the app's screens (build/serverScreenBuild.ts): beside dist/, never served. */
export const SERVER_SCREEN_DIR = 'dist-server';
export const SERVER_SCREEN_ENTRY = 'drawScreen.mjs';

/** The on-site wall board (src/features/onsite/OnsiteShell.tsx). */
export const ONSITE_PATH = '^/onsite/?$';

/** Pages the server draws a first screen of, when the page's request carries the session (PAGE_COOKIE). */
export const SERVER_SCREEN_PATHS = `${INSPECT_VIEW_PATH}|${ONSITE_PATH}`;

/** A screen drawn on the server (src/platform/firstScreen/drawScreen.tsx): markup and the styles it uses. */
export interface DrawnScreen {
  html: string;
  css: string;
  /** Emotion's names of the rules in `css`: the app's emotion cache takes them as inserted (withServerScreen). */
  names: string[];
}

/** The phone's own settings a screen is drawn with. */
export interface DrawnFor {
  /** IANA zone of the phone: its times are shown in it, as the phone itself would show them. */
  timeZone: string;
}

/**
 * Where a drawn page holds the answers its screen was drawn from, as JSON (`{ answers: { path:
 * answer } }`): the app takes them instead of asking again (src/platform/firstScreen/bootAnswers.ts).
 * A `<script type="application/json">` runs nothing, so the CSP needs no hash for it.
 */
export const DRAWN_ANSWERS_ID = 'fo-drawn-answers';

/** JSON inside an HTML element: no `<` left to close the element or open a comment. */
const jsonInHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The app shell's element in the built page (build/bootPlugin.ts appShellMarkup), up to its end before #root. */
const APP_SHELL_ELEMENT = /<div id="app-shell" aria-hidden="true">[\s\S]*?<\/div>(\s*<div id="root">)/;

/** Names emotion gives its rules (a hash, with a label where the style has one). */
const EMOTION_NAME = /^[\w-]+$/;

/**
 * The built page (APP_SHELL_PAGE) with a screen the server drew for `path` in place of the boot
 * script's shells: shown like a last screen (inert, under `data-app-shell="last"`) and replaced the
 * same way once React's own screen is ready. `html` is React's markup as rendered on the server;
 * nothing in it runs. Its styles stay for the page's life, marked the way emotion marks the styles it
 * renders on a server (`data-emotion="css <name> …"`): the app's emotion cache, created as its entry
 * is evaluated, takes those `names` as inserted and does not compile nor insert them again when React
 * draws the same screen (issue 20: ~75 ms of a desktop's main thread on the inspect view, ×4 on a
 * phone). A name emotion would not give is left out of the list (its rules are inserted again); with
 * no names, the styles go with the drawn screen.
 */
export function withServerScreen(
  page: string,
  { path, html, css, names = [], answers }: { path: string; html: string; css: string; names?: string[]; answers?: Record<string, unknown> },
): string | null {
  if (!APP_SHELL_ELEMENT.test(page) || !page.includes('</head>') || !/<html[\s>]/.test(page)) return null;
  const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const styleText = (text: string) => text.replace(/<\/style/gi, '<\\/style');
  const listed = names.filter((name) => EMOTION_NAME.test(name));
  const named = listed.length > 0;
  const kept = named ? `<style data-emotion="css ${listed.join(' ')}">${styleText(css)}</style>` : '';
  const held = answers ? `<script type="application/json" id="${DRAWN_ANSWERS_ID}">${jsonInHtml({ answers })}</script>` : '';
  return page
    .replace(/<html([\s>])/, (_match, next: string) => `<html data-app-shell="last" data-server-screen=""${next}`)
    // First in <head>: read by the boot script, which runs before <body> is parsed.
    .replace(/<head(\s[^>]*)?>/, (opening) => `${opening}${held}`)
    // What is of the moment (a clock) keeps its place, unshown, as on a last screen (src/platform/firstScreen/lastScreen.ts).
    .replace('</head>', () => `${kept}<style data-last-screen="">${named ? '' : styleText(css)}#app-shell [data-last-screen="blank"]{visibility:hidden}</style>\n  </head>`)
    .replace(APP_SHELL_ELEMENT, (_match, root: string) => `<div id="app-shell" aria-hidden="true" inert="" data-path="${attribute(path)}">${html}</div>${root}`);
}
