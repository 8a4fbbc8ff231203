import path from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import type { BootConfig } from '../src/platform/firstScreen/boot.ts';
import { BOOT_CONFIG_ID, ENTRY_HELD_PAGE, ENTRY_TEMPLATE_ID, jsonInHtml } from '../common/firstScreen.ts';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The boot module (src/platform/firstScreen/boot.ts, issue 20): built here into one small classic
 * script of its own (no import of the app's chunks), loaded `async` beside the entry, and told by the
 * page what it needs of the build (BOOT_CONFIG_ID, JSON). No script of the page is inline: the CSP
 * allows scripts of this origin only, and nothing a proxy does to inline scripts can stop the app.
 * It also writes the page a drawn first screen goes into (withEntryHeld, below).
 */
const BOOT_ENTRY = 'src/platform/firstScreen/bootEntry.ts';

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
 * The page a drawn first screen goes into (ENTRY_HELD_PAGE): index.html whose entry tags sit in an
 * inert <template> (neither the preload scanner nor the parser fetches what is in one), which the
 * boot module starts once the drawn screen is painted.
 */
export function withEntryHeld(page: string, bootTag: string): string {
  const entryTags = (page.match(ENTRY_TAGS) ?? []).map((entryTag) => entryTag.trim());
  if (entryTags.length === 0) return page;
  // Before the boot module's tag: an async script may run as soon as it is parsed, and must find the template.
  return page.replace(ENTRY_TAGS, '').replace(bootTag, () => `<template id="${ENTRY_TEMPLATE_ID}">${entryTags.join('')}</template>\n    ${bootTag}`);
}

/** The boot module as one classic script (an IIFE), minified. */
async function bootScriptSource(root: string): Promise<string> {
  const built = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    mode: 'production',
    publicDir: false,
    build: {
      write: false,
      target: 'es2020',
      minify: true,
      lib: { entry: path.join(root, BOOT_ENTRY), formats: ['iife'], name: 'foBoot', fileName: () => 'boot.js' },
    },
  });
  const outputs = (Array.isArray(built) ? built : [built]) as Rollup.RollupOutput[];
  const chunks = outputs.flatMap((output) => output.output).filter(isChunk);
  if (chunks.length !== 1) throw new Error(`The boot module must build into one script, not ${chunks.length}`);
  return chunks[0]!.code;
}

export function bootScript(apiBase = '/api'): Plugin {
  let root = process.cwd();
  return {
    name: 'facilityops-boot-script',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
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
        const config: BootConfig = {
          api: apiBase,
          pages: PAGE_MODULES.map(([pattern, modules]) => [pattern, filesOf(modules)]),
          filterBar: filesOf(FILTER_BAR_MODULES),
          dateInputs: filesOf(DATE_INPUT_MODULES),
        };
        const reference = this.emitFile({ type: 'asset', name: 'boot.js', source: await bootScriptSource(root) });
        const bootTag = `<script async src="/${this.getFileName(reference)}"></script>`;
        const tags = `<script type="application/json" id="${BOOT_CONFIG_ID}">${jsonInHtml(config)}</script>\n    ${bootTag}`;
        const text = String(html.source);
        // Before the entry's own tag, so the browser asks for it first.
        const page = text.includes('<script type="module"') ? text.replace('<script type="module"', () => `${tags}\n    <script type="module"`) : text.replace('</head>', () => `  ${tags}\n  </head>`);
        html.source = page;
        this.emitFile({ type: 'asset', fileName: ENTRY_HELD_PAGE, source: withEntryHeld(page, bootTag) });
      },
    },
  };
}
