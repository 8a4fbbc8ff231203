import { createHash } from 'node:crypto';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type InlineConfig, type Plugin, type Rollup } from 'vite';
import { BOOT_HASH_META, ENTRY_HELD_PAGE, ENTRY_TEMPLATE_ID, SERVER_SCREEN_DIR, SERVER_SCREEN_ENTRY } from '../common/firstScreen.ts';

/** The inline boot script's source, and the module the server draws first screens with. */
const BOOT_ENTRY = 'src/platform/firstScreen/bootEntry.ts';
const DRAWER_ENTRY = 'src/platform/firstScreen/drawScreen.tsx';

/** index.html's module entry, the modulepreloads of its static imports, and the web manifest's link (the browser asks for it, and its icon, once the page has loaded). */
const ENTRY_TAGS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="(?:modulepreload|manifest)"[^>]*>/g;

/**
 * index.html with its entry tags in an inert <template> (neither the preload scanner nor the parser
 * fetches what is in one), followed by the boot script that starts them, inline: a script of its own
 * would be one more request before the drawn screen's paint. Its CSP hash is taken from the page the
 * server sends (server/http/serverScreen.ts); the one written here (BOOT_HASH_META) is what the build
 * compiled, for the server to compare. Unchanged when the page has no entry to hold.
 */
export function withEntryHeld(page: string, bootCode: string): string {
  const entryTags = (page.match(ENTRY_TAGS) ?? []).map((entryTag) => entryTag.trim());
  if (entryTags.length === 0) return page;
  const hash = `sha256-${createHash('sha256').update(bootCode).digest('base64')}`;
  const held = `<template id="${ENTRY_TEMPLATE_ID}">${entryTags.join('')}</template><meta name="${BOOT_HASH_META}" content="${hash}"><script>${bootCode}</script>`;
  return page.replace(ENTRY_TAGS, '').replace('</head>', () => `${held}\n  </head>`);
}

/** A build of its own beside the web app's, with none of its plugins. */
const buildBeside = (root: string, config: InlineConfig) => build({ configFile: false, root, logLevel: 'warn', mode: 'production', publicDir: false, ...config });

/** The boot script as one classic script (an IIFE), minified. */
async function bootScriptSource(root: string): Promise<string> {
  const built = await buildBeside(root, {
    build: { write: false, target: 'es2020', minify: true, lib: { entry: path.join(root, BOOT_ENTRY), formats: ['iife'], name: 'foBoot', fileName: () => 'boot.js' } },
  });
  const chunks = [built].flat().flatMap((output) => (output as Rollup.RollupOutput).output).filter((file) => file.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`The boot script must build into one script, not ${chunks.length}`);
  const code = chunks[0]!.code.trim();
  if (/<\/script/i.test(code)) throw new Error('The boot script would close its own element');
  return code;
}

/**
 * What a phone page's first screen needs of the build (docs/architecture.md): the page a drawn
 * screen goes into (ENTRY_HELD_PAGE), index.html itself staying as Vite writes it; and, after the
 * web app's build, the same components built once more for Node into dist-server/ (beside dist/,
 * never served): every dependency bundled in (`ssr.noExternal`), React's production build.
 */
export function firstScreenBuild(): Plugin {
  let root = process.cwd();
  return {
    name: 'facilityops-first-screen',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type === 'asset') this.emitFile({ type: 'asset', fileName: ENTRY_HELD_PAGE, source: withEntryHeld(String(html.source), await bootScriptSource(root)) });
      },
    },
    async closeBundle() {
      await buildBeside(root, {
        plugins: [react()],
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        ssr: { noExternal: true },
        build: {
          ssr: DRAWER_ENTRY,
          outDir: path.join(root, SERVER_SCREEN_DIR),
          emptyOutDir: true,
          sourcemap: false,
          minify: false,
          // .mjs: ES modules wherever the folder is copied, whatever package.json is beside it (or none).
          rollupOptions: { output: { entryFileNames: SERVER_SCREEN_ENTRY, chunkFileNames: 'assets/[name]-[hash].mjs' } },
        },
      });
    },
  };
}
