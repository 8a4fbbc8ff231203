import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import { BOOT_HASH_META, ENTRY_HELD_PAGE, ENTRY_TEMPLATE_ID } from '../common/firstScreen.ts';

/**
 * Writes the page a drawn first screen goes into (ENTRY_HELD_PAGE): index.html with its entry held
 * in an inert template and the boot script (src/platform/firstScreen/boot.ts) inline, compiled here
 * from TypeScript into one classic script. Inline, because a script of its own would be one more
 * request before the drawn screen's paint. Its CSP hash is taken from the page the server sends
 * (server/http/serverScreen.ts); the hash written here beside it (BOOT_HASH_META) is what the build
 * compiled, for the server to compare. index.html itself stays as Vite writes it.
 */
const BOOT_ENTRY = 'src/platform/firstScreen/bootEntry.ts';

/** index.html's module entry and the modulepreloads of its static imports. */
const ENTRY_TAGS = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g;

/**
 * index.html with its entry tags in an inert <template> (neither the preload scanner nor the parser
 * fetches what is in one), followed by the boot script that starts them. Unchanged when it has none.
 */
export function withEntryHeld(page: string, bootCode: string): string {
  const entryTags = (page.match(ENTRY_TAGS) ?? []).map((entryTag) => entryTag.trim());
  if (entryTags.length === 0) return page;
  const hash = `sha256-${createHash('sha256').update(bootCode).digest('base64')}`;
  const held = `<template id="${ENTRY_TEMPLATE_ID}">${entryTags.join('')}</template><meta name="${BOOT_HASH_META}" content="${hash}"><script>${bootCode}</script>`;
  return page.replace(ENTRY_TAGS, '').replace('</head>', () => `${held}\n  </head>`);
}

/** The boot script as one classic script (an IIFE), minified. */
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
  const chunks = outputs.flatMap((output) => output.output).filter((file) => file.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`The boot script must build into one script, not ${chunks.length}`);
  const code = chunks[0]!.code.trim();
  if (/<\/script/i.test(code)) throw new Error('The boot script would close its own element');
  return code;
}

export function bootScript(): Plugin {
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
        this.emitFile({ type: 'asset', fileName: ENTRY_HELD_PAGE, source: withEntryHeld(String(html.source), await bootScriptSource(root)) });
      },
    },
  };
}
