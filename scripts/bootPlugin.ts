import { createHash } from 'node:crypto';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * Issue 20: a signed-in phone used to wait for the whole entry script before asking anything
 * (index.js → area chunk → /token/init → dashboard …). This plugin adds a tiny classic script,
 * loaded `async` beside the entry, that (only when a jwt is stored) asks /token/init,
 * /init/applicationInfo and then the user's dashboard at once, and modulepreloads the chunks the
 * opened page will show — so the entry's download, the API's round trips and the area's chunks
 * overlap. The app takes those answers (src/boot/bootAnswers.ts); anything it does not take it
 * asks again as before. A hashed file under assets/, as allowed by the CSP's script-src 'self'.
 */

/** Which lazily loaded modules a path shows: a regular expression on the path, the module files' endings. */
const PAGE_MODULES: readonly [string, readonly string[]][] = [
  ['^/inspection(/|$)', ['custom/technician/TechnicianShell.tsx', 'custom/technician/technicianRoutes.tsx']],
  ['^/inspection/?$', ['custom/technician/TechnicianHome.tsx']],
  ['^/inspection/asset/', ['custom/technician/inspect/AssetInspectPage.tsx']],
  ['^/inspection/workOrder/', ['custom/technician/workOrders/WorkOrderDetailPage.tsx']],
  ['^/onsite/?$', ['custom/onsite/OnsiteShell.tsx']],
  ['^/home(/|$)', ['custom/layout/EngineerShell.tsx', 'custom/layout/engineerRoutes.tsx']],
];

/** The script itself; `pages` is filled in at build time. Plain ES2017, no imports. */
function bootSource(pages: [string, string[]][], apiBase: string): string {
  return `(function () {
  try {
    var token = localStorage.getItem('jwt');
    var path = location.pathname;
    if (!token || path === '/login') return;
    var pages = ${JSON.stringify(pages)};
    var seen = {};
    pages.forEach(function (page) {
      if (!new RegExp(page[0]).test(path)) return;
      page[1].forEach(function (file) {
        if (seen[file]) return;
        seen[file] = true;
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = file;
        document.head.appendChild(link);
      });
    });
    // No network (a plant room): the app answers from the phone's copies; nothing to ask early.
    if (navigator.onLine === false) return;
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
    var init = ask(api + '/token/init', headers);
    answers['/token/init'] = init;
    init.then(function (response) {
      if (!response.ok) return;
      return response.clone().json().then(function (user) {
        if (!user || !user.dashboardId || !user.permissions || user.permissions.indexOf('read-dashboard') < 0) return;
        var dashboard = '/dashboard/' + encodeURIComponent(user.dashboardId);
        answers[dashboard] = ask(api + dashboard, headers);
      });
    }).catch(function () {});
    window.__foBoot = { token: token, at: Date.now(), answers: answers };
  } catch (error) {
    // Nothing asked early: the app asks as it always did.
  }
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
        const pages: [string, string[]][] = PAGE_MODULES.map(([pattern, modules]) => {
          const files = new Set<string>();
          for (const ending of modules) {
            const chunk = chunks.find((candidate) => candidate.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/${ending}`));
            if (chunk) withStaticImports(bundle, chunk.fileName, files);
          }
          return [pattern, [...files].filter((file) => !entryFiles.has(file)).map((file) => `/${file}`)];
        });
        const source = bootSource(pages, apiBase);
        const fileName = `assets/boot-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source });
        const tag = `<script async src="/${fileName}"></script>`;
        const text = String(html.source);
        // Before the entry's own tag, so the browser asks for it first.
        html.source = text.includes('<script type="module"') ? text.replace('<script type="module"', `${tag}\n    <script type="module"`) : text.replace('</head>', `  ${tag}\n  </head>`);
      },
    },
  };
}
