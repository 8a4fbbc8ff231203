import { createHash } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';
import { en } from '../src/platform/i18n/en.ts';
import { APP_SHELL_PAGE, APP_SHELL_PATH, DRAWN_ANSWERS_ID, INLINE_SCRIPT_HASHES_FILE, INSPECT_VIEW_PATH, LAST_SCREEN_KEY, LAST_SCREEN_MAX_AGE_MS, LAST_SCREEN_PATHS } from '../common/bootPaint.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * Issue 20: a signed-in phone used to wait for the whole entry script before asking anything
 * (index.js → area chunk → /token/init → dashboard …). This plugin adds a tiny classic script,
 * inline in <head> before the entry, that (only when a jwt is stored) shows the home's shell (below)
 * or a page's last screen (src/platform/firstScreen/lastScreen.ts), asks /token/init, /init/applicationInfo and the
 * inspect view's asset at once, then the user's dashboard and the assets' previous inspections as
 * those answers arrive, and modulepreloads the chunks the opened page will show — so the entry's
 * download, the API's round trips and the area's chunks overlap. The app takes those answers
 * (src/platform/firstScreen/bootAnswers.ts); anything it does not take it asks again as before. The CSP allows it by
 * its hash (INLINE_SCRIPT_HASHES_FILE, server/http/inlineScriptHashes.ts). It also writes the page
 * that holds the entry (withEntryHeld, below), whose entry the script starts only once the shell or
 * the last screen is painted.
 */

/** Which lazily loaded modules a path shows: a regular expression on the path, the module files' endings. */
const PAGE_MODULES: readonly [string, readonly string[]][] = [
  ['^/inspection(/|$)', ['features/technician/TechnicianShell.tsx', 'features/technician/technicianRoutes.tsx']],
  ['^/inspection/?$', ['features/technician/TechnicianHome.tsx']],
  ['^/inspection/asset/', ['features/technician/inspect/AssetInspectPage.tsx']],
  ['^/inspection/workOrder/', ['features/technician/workOrders/WorkOrderDetailPage.tsx']],
  ['^/onsite/?$', ['features/onsite/OnsiteShell.tsx']],
  ['^/home(/|$)', ['shell/EngineerShell.tsx', 'shell/engineerRoutes.tsx']],
];

/** Shown with a dashboard's sections when it has filters (DashboardView). */
const FILTER_BAR_MODULES = ['features/dashboards/DashboardFilterBar.tsx'];

/** Shown with a checklist's items when one asks for a date (ItemInput). */
const DATE_INPUT_MODULES = ['features/technician/inspect/inputs/DateValueInput.tsx', 'features/technician/inspect/inputs/DateTimeValueInput.tsx'];

/** Where index.html's entry is held until the boot script starts it (APP_SHELL_PAGE only). */
const ENTRY_TEMPLATE_ID = 'app-entry';

/** Text for the page, HTML-escaped. */
function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The Material "QrCodeScanner" icon (@mui/icons-material), as the home's hint card draws it. */
const QR_ICON_PATH =
  'M9.5 6.5v3h-3v-3zM11 5H5v6h6zm-1.5 9.5v3h-3v-3zM11 13H5v6h6zm6.5-6.5v3h-3v-3zM19 5h-6v6h6zm-6 8h1.5v1.5H13zm1.5 1.5H16V16h-1.5zM16 13h1.5v1.5H16zm-3 3h1.5v1.5H13zm1.5 1.5H16V19h-1.5zM16 16h1.5v1.5H16zm1.5-1.5H19V16h-1.5zm0 3H19V19h-1.5zM22 7h-2V4h-3V2h5zm0 15v-5h-2v3h-3v2zM2 22h5v-2H4v-3H2zM2 2v5h2V4h3V2z';

/** The en texts the shells show, as React shows them (src/platform/i18n/en.ts). */
export interface ShellTexts {
  /** The home's scan hint. */
  hint: string;
  /** The inspect view's line while its asset is asked. */
  inspectLoading: string;
}

/**
 * The technician's first paint before React (issue 20; docs/performance-phone.md): the app bar's
 * frame, then either
 * - the home's static scan hint, where and as large as TechnicianHome draws it (the bar 56 px,
 *   main's 16 px padding, the welcome line's 32 px, a 16 px gap, then the outlined card), or
 * - the inspect view's loading frame, as AssetInspectPage draws it while the asset is asked: its
 *   title (filled in by the boot script from the URL, as text) and the spinner with its line.
 * Nothing in it is data: the application's name and the user's are the server's, so the bar and
 * the welcome line stay empty until React draws them. Not displayed unless the boot script marks
 * <html> (a signed-in phone, online, on one of those pages); React removes it when its own page
 * mounts (src/platform/firstScreen/bootPaint.tsx). aria-hidden: React's copy is the one to read.
 */
export function appShellMarkup({ hint, inspectLoading }: ShellTexts): string {
  const home = `<div class="fo-shell-home"><div class="fo-shell-welcome"></div><div class="fo-shell-card"><svg viewBox="0 0 24 24" focusable="false"><path d="${QR_ICON_PATH}"></path></svg><p>${escapeHtml(hint)}</p></div></div>`;
  const inspect = `<div class="fo-shell-inspect"><p class="fo-shell-title"></p><div class="fo-shell-loading"><span class="fo-shell-spinner"><svg viewBox="22 22 44 44" focusable="false"><circle cx="44" cy="44" r="20.2"></circle></svg></span><p>${escapeHtml(inspectLoading)}</p></div></div>`;
  return `<div id="app-shell" aria-hidden="true"><div class="fo-shell-bar"></div><div class="fo-shell-main">${home}${inspect}</div></div>`;
}

/**
 * Its styles: MUI's dark theme values as the app computes them (Roboto stack, body1 16/24 px, paper
 * #1e1e1e), and the theme's wrapping of long words (src/theme.ts) where the frame shows what a link
 * said: the inspect view's title breaks a long identification where React's does.
 */
export const APP_SHELL_STYLE = `
      #app-shell { position: fixed; inset: 0; z-index: 1500; overflow: hidden; background: #121212; color: #fff;
        font: 400 16px/24px Roboto, Helvetica, Arial, sans-serif; letter-spacing: 0.00938em; }
      #app-shell { display: none; }
      html[data-app-shell="home"] #app-shell, html[data-app-shell="last"] #app-shell, html[data-app-shell="inspect"] #app-shell { display: block; }
      .fo-shell-inspect, html[data-app-shell="inspect"] .fo-shell-home { display: none; }
      html[data-app-shell="inspect"] .fo-shell-inspect { display: block; }
      .fo-shell-bar { height: 56px; background-color: #1e1e1e;
        background-image: linear-gradient(rgba(255, 255, 255, 0.09), rgba(255, 255, 255, 0.09));
        box-shadow: 0 2px 4px -1px rgba(0, 0, 0, 0.2), 0 4px 5px 0 rgba(0, 0, 0, 0.14), 0 1px 10px 0 rgba(0, 0, 0, 0.12); }
      .fo-shell-main { max-width: 960px; margin: 0 auto; padding: 16px; box-sizing: border-box; }
      .fo-shell-welcome { height: 32.016px; margin-bottom: 16px; }
      .fo-shell-card { display: flex; gap: 16px; align-items: center; padding: 16px; border: 1px solid rgba(255, 255, 255, 0.12);
        border-radius: 4px; background: #1e1e1e; }
      .fo-shell-card svg { width: 1em; height: 1em; font-size: 2.1875rem; flex-shrink: 0; fill: #90caf9; }
      .fo-shell-card p { margin: 0; }
      .fo-shell-title { margin: 0 0 16px; font-size: 0.75rem; line-height: 1.5; letter-spacing: 0.08333em; text-transform: uppercase;
        color: rgba(255, 255, 255, 0.7); overflow-wrap: anywhere; }
      .fo-shell-loading { display: flex; gap: 16px; align-items: center; justify-content: center; padding: 32px 0; }
      .fo-shell-loading p { margin: 0; }
      .fo-shell-spinner { display: inline-block; width: 28px; height: 28px; color: #90caf9; animation: fo-shell-rotate 1.4s linear infinite; }
      .fo-shell-spinner svg { display: block; }
      .fo-shell-spinner circle { fill: none; stroke: currentColor; stroke-width: 3.6; stroke-dasharray: 80px, 200px;
        animation: fo-shell-dash 1.4s ease-in-out infinite; }
      @keyframes fo-shell-rotate { 100% { transform: rotate(360deg); } }
      @keyframes fo-shell-dash { 0% { stroke-dasharray: 1px, 200px; stroke-dashoffset: 0; }
        50% { stroke-dasharray: 100px, 200px; stroke-dashoffset: -15px; } 100% { stroke-dasharray: 1px, 200px; stroke-dashoffset: -126px; } }
      @media (min-width: 600px) { .fo-shell-bar { height: 64px; } .fo-shell-main { padding: 24px; } }`;

/** The inspect view's texts in en (src/platform/i18n/en.ts). */
function inspectionTexts(): { title: string; loading: string } {
  return (en.app as { inspection: { title: string; loading: string } }).inspection;
}

/** What the shells say, in en as React says it. */
export function shellTexts(): ShellTexts {
  return { hint: (en.app as { technician: { scan_hint: string } }).technician.scan_hint, inspectLoading: inspectionTexts().loading };
}

/** The script itself; `pages` is filled in at build time. Plain ES2017, no imports. */
export function bootSource(pages: [string, string[]][], apiBase: string, filterBarFiles: string[] = [], dateInputFiles: string[] = [], inspectTitle = inspectionTexts().title): string {
  return `(function () {
  // The last screen kept for this page and the token's user, young enough to show; null otherwise.
  var lastScreen = function (token, path) {
    var part = token.split('.')[1];
    if (!part) return null;
    var user = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))).sub;
    var kept = JSON.parse(localStorage.getItem(${JSON.stringify(LAST_SCREEN_KEY)}) || '[]');
    for (var i = 0; i < kept.length; i++) {
      var screen = kept[i];
      if (screen && screen.path === path && screen.user === user && screen.width === window.innerWidth && typeof screen.html === 'string' &&
        typeof screen.css === 'string' && Date.now() - screen.at < ${LAST_SCREEN_MAX_AGE_MS} && screen.at <= Date.now()) return screen;
    }
    return null;
  };
  // The app's entry, where the page holds it back (${APP_SHELL_PAGE}): started once, by this script.
  var held = document.getElementById(${JSON.stringify(ENTRY_TEMPLATE_ID)});
  var started = false;
  // The entry's script first, then its preloads, a few per task: each costs the main thread ~2 ms
  // (its fetch is set up there and then), and the ~18 in one task held it ~40 ms (×4 on a phone).
  var startEntry = function () {
    if (started || !held) return;
    started = true;
    var nodes = Array.prototype.slice.call(document.importNode(held.content, true).childNodes);
    var add = function () {
      nodes.splice(0, 4).forEach(function (node) {
        document.head.appendChild(node);
      });
      if (nodes.length > 0) setTimeout(add, 0);
    };
    add();
  };
  var shell = false;
  var path = location.pathname;
  var token = null;
  // The screen React drew last time on this page for this user (src/platform/firstScreen/lastScreen.ts), if any.
  var last = null;
  // The inspect view's identification, as its loading frame shows it when there is no last screen.
  var inspecting = null;
  // A screen the server drew into this page (server/http/serverScreen.ts): on screen with the page
  // itself, fresher than any last screen, and no loading frame over it.
  var served = document.documentElement.hasAttribute('data-server-screen');
  try {
    token = localStorage.getItem('jwt');
    // The home's first paint (appShellMarkup), shown by its style once <html> says so; this script
    // runs before <body> is parsed. Not offline: the saved-copy chip would sit above the hint.
    var online = Boolean(token) && path !== '/login' && navigator.onLine !== false;
    shell = online && new RegExp(${JSON.stringify(APP_SHELL_PATH)}).test(path);
    if (shell) document.documentElement.setAttribute('data-app-shell', 'home');
    else if (online && !served && new RegExp(${JSON.stringify(LAST_SCREEN_PATHS)}).test(path)) {
      try {
        last = lastScreen(token, path);
      } catch (unreadable) {
        // A token or kept screens it cannot read: no last screen (the inspect view's frame still shows).
        last = null;
      }
    }
    var opened = online && !last && !served ? new RegExp(${JSON.stringify(INSPECT_VIEW_PATH)}).exec(path) : null;
    if (opened) {
      // As the router hands it to the page: decoded (a malformed escape is shown as it is).
      try {
        inspecting = decodeURIComponent(opened[1]);
      } catch (malformed) {
        inspecting = opened[1];
      }
      shell = true;
      document.documentElement.setAttribute('data-app-shell', 'inspect');
    }
  } catch (error) {
    shell = false;
    last = null;
    inspecting = null;
  }
  if (inspecting !== null) {
    // Its title once <body> is parsed, as text: the identification is whatever the link said.
    document.addEventListener('DOMContentLoaded', function () {
      var title = document.querySelector('#app-shell .fo-shell-title');
      if (title) title.textContent = ${JSON.stringify(inspectTitle)}.replace('%{identification}', function () { return inspecting; });
    }, { once: true });
  }
  if (last) {
    // Painted as soon as <body> is parsed: the page holds nothing else to wait for.
    document.addEventListener('DOMContentLoaded', function () {
      var overlay = document.getElementById('app-shell');
      if (!overlay || !last) return;
      var style = document.createElement('style');
      style.setAttribute('data-last-screen', '');
      style.textContent = last.css;
      document.head.appendChild(style);
      overlay.innerHTML = last.html;
      overlay.setAttribute('data-path', path);
      overlay.setAttribute('inert', '');
      document.documentElement.setAttribute('data-app-shell', 'last');
    }, { once: true });
  }
  var early = function () {
    if (!token || path === '/login') return;
    var pages = ${JSON.stringify(pages)};
    var seen = {};
    // A few per task: adding a modulepreload costs the main thread ~1.5 ms (its fetch is set up
    // there and then), and a page's ~30 in one task held it for 50-120 ms (Total Blocking Time ×4).
    var waiting = [];
    var pumping = false;
    var pump = function () {
      waiting.splice(0, 4).forEach(function (file) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = file;
        document.head.appendChild(link);
      });
      pumping = waiting.length > 0;
      if (pumping) setTimeout(pump, 0);
    };
    var preload = function (files) {
      files.forEach(function (file) {
        if (seen[file]) return;
        seen[file] = true;
        waiting.push(file);
      });
      if (!pumping && waiting.length > 0) pump();
    };
    var preloadPage = function () {
      pages.forEach(function (page) {
        if (new RegExp(page[0]).test(path)) preload(page[1]);
      });
    };
    // No network (a plant room): the app answers from the phone's copies; nothing to ask early. A
    // page the server drew holds its first answers itself (${DRAWN_ANSWERS_ID}): nothing to ask either.
    if (navigator.onLine === false || document.getElementById(${JSON.stringify(DRAWN_ANSWERS_ID)})) {
      startEntry();
      return preloadPage();
    }
    var api = ${JSON.stringify(apiBase)};
    var headers = { Accept: 'application/json', 'x-auth': token };
    var answers = {};
    // A failure is the app's to handle when it takes the answer; until then it is not an unhandled rejection.
    var ask = function (url, askHeaders) {
      var answer = fetch(url, { headers: askHeaders });
      answer.catch(function () {});
      return answer;
    };
    answers['/init/applicationInfo'] = ask(api + '/init/applicationInfo', { Accept: 'application/json' });
    // The inspect view's first content is its asset: asked beside /token/init, not after React's
    // first render. With its checklists, as a technician's page asks it (useAssetGroup); a page that
    // asks otherwise (thermography note form) finds no answer under its own path and asks itself.
    var inspect = new RegExp(${JSON.stringify(INSPECT_VIEW_PATH)}).exec(path);
    if (inspect) {
      var group = '/asset/identification/group/' + encodeURIComponent(decodeURIComponent(inspect[1])) + '?expand=checklists';
      answers[group] = ask(api + group, headers);
    }
    var init = ask(api + '/token/init', headers);
    answers['/token/init'] = init;
    // Then the entry and the page's chunks (~30 on the inspect view), in the order they are needed:
    // over HTTP/1.1 a browser opens six connections to a host, and asks made after the chunks waited
    // for them (~0.6 s seen on the inspect view).
    startEntry();
    preloadPage();
    // Answers the boot script reads itself: a clone, taken before the app reads the original.
    var bodyOf = function (answer) {
      return answer.then(function (response) {
        return response.ok ? response.clone().json() : null;
      });
    };
    var user = bodyOf(init);
    // What it asks once earlier answers arrive; the app waits for these to be asked before it asks
    // them itself (bootAnswers.ts bootAsked), so nothing is asked twice.
    var chained = [
      user.then(function (loaded) {
        if (!loaded || !loaded.dashboardId || !loaded.permissions || loaded.permissions.indexOf('read-dashboard') < 0) return;
        var dashboard = '/dashboard/' + encodeURIComponent(loaded.dashboardId);
        answers[dashboard] = ask(api + dashboard, headers);
        // A dashboard with filters shows them with its sections (DashboardView): their code beside the widgets' requests.
        bodyOf(answers[dashboard]).then(function (record) {
          if (record && record.filters && record.filters.length > 0) preload(${JSON.stringify(filterBarFiles)});
        }).catch(function () {});
      }),
    ];
    if (inspect) {
      var assets = bodyOf(answers[group]);
      // A checklist with a date item shows its picker (a lazy chunk) with the first paint of its items.
      assets.then(function (list) {
        var dated = (list || []).some(function (asset) {
          return (asset.checklistDetails || []).some(function (checklist) {
            return (checklist.attributes || []).some(function (attribute) { return attribute.type === 'date' || attribute.type === 'date-time'; });
          });
        });
        if (dated) preload(${JSON.stringify(dateInputFiles)});
      }).catch(function () {});
      // Each asset's previous values (the inspect panel's usePreviousInspections), for users who may read them.
      chained.push(Promise.all([user, assets]).then(function (both) {
        var loaded = both[0];
        if (!loaded || !loaded.permissions || loaded.permissions.indexOf('read-inspection') < 0 || !Array.isArray(both[1])) return;
        both[1].forEach(function (asset) {
          var previous = '/asset/' + encodeURIComponent(asset._id) + '/previousInspections';
          answers[previous] = ask(api + previous, headers);
        });
      }));
    }
    // Settled when every chained ask is made or given up (a failure of one does not settle it early).
    var asked = Promise.all(chained.map(function (step) { return step.catch(function () {}); })).then(function () {});
    window.__foBoot = { token: token, at: Date.now(), answers: answers, asked: asked };
  };
  var begin = function () {
    try {
      early();
    } catch (error) {
      // Nothing asked early: the app asks as it always did.
    }
    startEntry();
  };
  if (!((shell || last || served) && held)) return begin();
  // The shell's (or the last screen's) first paint before anything is asked (on a fast network with a slow phone, the
  // entry's evaluation would otherwise come first and hold it): once the browser reports that paint,
  // which it does once the frame is on screen (animation frames can run before that); a browser that
  // does not report paints, after two frames; a hidden tab paints nothing: 500 ms at most.
  var done = false;
  var once = function () {
    if (done) return;
    done = true;
    begin();
  };
  try {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      once();
    }).observe({ type: 'paint', buffered: true });
  } catch (error) {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(once, 0); }); });
  }
  setTimeout(once, 500);
})();
`;
}

function isChunk(file: OutputBundle[string] | undefined): file is OutputChunk {
  return file?.type === 'chunk';
}

/** A chunk and every chunk it imports statically, as the page asks for them (/assets/…). */
function withStaticImports(bundle: OutputBundle, fileName: string, into: Set<string>) {
  if (into.has(fileName)) return;
  const chunk = bundle[fileName];
  if (!isChunk(chunk)) return;
  into.add(fileName);
  for (const imported of chunk.imports) withStaticImports(bundle, imported, into);
}

/** index.html's module entry and the modulepreloads of its static imports. */
const ENTRY_TAGS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/**
 * The page the server answers APP_SHELL_PATH with: index.html whose entry tags sit in an inert
 * <template> (neither the preload scanner nor the parser fetches what is in one) just before the
 * boot script, which starts them once the shell is on screen — or at once where it is not shown.
 */
export function withEntryHeld(page: string, bootTag: string): string {
  const entryTags = (page.match(ENTRY_TAGS) ?? []).map((entryTag) => entryTag.trim());
  if (entryTags.length === 0) return page;
  return page.replace(ENTRY_TAGS, '').replace(bootTag, () => `<template id="${ENTRY_TEMPLATE_ID}">${entryTags.join('')}</template>\n    ${bootTag}`);
}

/** A CSP hash source for an inline script's exact text (CSP Level 2: base64 of its UTF-8 SHA-256). */
function cspHashOf(source: string): string {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}

export function bootScript(apiBase = '/api'): Plugin {
  return {
    name: 'facilityops-boot-script',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (!html || html.type !== 'asset') return;
        const chunks = Object.values(bundle).filter(isChunk);
        // What the entry already loads (its static graph) needs no second hint.
        const entryFiles = new Set<string>();
        for (const entry of chunks.filter((chunk) => chunk.isEntry)) withStaticImports(bundle, entry.fileName, entryFiles);
        const filesOf = (modules: readonly string[]) => {
          const files = new Set<string>();
          for (const ending of modules) {
            const chunk = chunks.find((candidate) => candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/${ending}`));
            if (chunk) withStaticImports(bundle, chunk.fileName, files);
          }
          return [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`);
        };
        const pages: [string, string[]][] = PAGE_MODULES.map(([pattern, modules]) => [pattern, filesOf(modules)]);
        const source = bootSource(pages, apiBase, filesOf(FILTER_BAR_MODULES), filesOf(DATE_INPUT_MODULES), inspectionTexts().title);
        // Parser-blocking on purpose: it decides, before <body> is painted, whether the home's shell or
        // a page's last screen shows, so the first paint is already that. Inline (~4 KiB, ~1.7 gzipped),
        // so that paint waits for no request (a round trip on a phone, cached or not); the CSP allows
        // exactly this text by its hash, which the server reads from INLINE_SCRIPT_HASHES_FILE.
        if (/<\/|<!--/.test(source)) throw new Error('The boot script must hold neither "</" nor "<!--": it is inlined in index.html');
        const tag = `<script>${source}</script>`;
        this.emitFile({ type: 'asset', fileName: INLINE_SCRIPT_HASHES_FILE, source: JSON.stringify([cspHashOf(source)]) });
        const text = String(html.source)
          .replace('</style>', `${APP_SHELL_STYLE}\n    </style>`)
          .replace('<div id="root"></div>', `${appShellMarkup(shellTexts())}\n    <div id="root"></div>`);
        // Before the entry's own tag, so the browser asks for it first.
        const page = text.includes('<script type="module"') ? text.replace('<script type="module"', () => `${tag}\n    <script type="module"`) : text.replace('</head>', () => `  ${tag}\n  </head>`);
        html.source = page;
        this.emitFile({ type: 'asset', fileName: APP_SHELL_PAGE, source: withEntryHeld(page, tag) });
      },
    },
  };
}
