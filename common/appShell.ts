/**
 * The technician home's first paint before React (issue 20; scripts/bootPlugin.ts): the paths it
 * stands for, and the page the server answers them with — index.html with the app's entry held in a
 * template, which the boot script starts once the shell is on screen (docs/performance-phone.md).
 */
export const APP_SHELL_PATH = '^/inspection/?$';
export const APP_SHELL_PAGE = 'home.html';

/**
 * Pages whose first screen is data (the inspect view, the on-site board): the screen React drew
 * last time is kept on the phone (src/boot/lastScreen.ts) and painted by the boot script on the
 * next visit, before the app's code has arrived, until React's own screen is ready.
 */
export const LAST_SCREEN_PATHS = '^/inspection/asset/identification/[^/]+/?$|^/onsite/?$';
/** Where the screens are kept (localStorage: the boot script reads it before <body> is painted). */
export const LAST_SCREEN_KEY = 'fo.lastScreens';
/** A screen older than this is not shown: after a day its data is more likely to mislead than help. */
export const LAST_SCREEN_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/**
 * The inspect view (src/custom/technician/technicianRoutes.tsx), its identification captured as the
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
