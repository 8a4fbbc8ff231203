import type { Plugin } from 'vite';

/**
 * Lazy chunks the phone does not precache: the engineer and on-site areas, and the heavy libraries
 * only they load (spreadsheets, code editor, calendar, charts, the script sandbox). Matched against
 * the module a dynamic import loads; whatever such a chunk imports is left out with it, unless the
 * technician area imports it too.
 */
const NOT_PRECACHED = [
  /\/src\/shell\//,
  /\/src\/features\/onsite\//,
  /exceljs/i,
  /codemirror|CodeEditor/i,
  /fullcalendar|calendar/i,
  /chart/i,
  /quickjs|emscripten/i,
];

interface ChunkLike {
  type: 'chunk';
  isEntry: boolean;
  imports: string[];
  dynamicImports: string[];
  facadeModuleId: string | null;
  viteMetadata?: { importedAssets: Set<string>; importedCss: Set<string> };
}

/**
 * Which built files the service worker precaches (docs/offline.md): the entry and everything it
 * imports, and every lazy chunk reachable from it except the engineer-only ones above, with the
 * CSS and assets (the scanner's wasm) those chunks import. The plugin records the selection while
 * Vite writes the bundle; `manifestTransform` then drops every other /assets/ file from Workbox's list.
 */
export function precacheSelection() {
  const selected = new Set<string>();
  const plugin: Plugin = {
    name: 'facilityops-precache-selection',
    apply: 'build',
    // After the other plugins' own generateBundle (the boot script's page is written there).
    enforce: 'post',
    generateBundle: { order: 'post', handler(_options, bundle) {
      selected.clear();
      const chunks = new Map<string, ChunkLike>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') chunks.set(fileName, output as unknown as ChunkLike);
      }
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || selected.has(fileName)) return;
        selected.add(fileName);
        chunk.viteMetadata?.importedAssets.forEach((asset) => selected.add(asset));
        chunk.viteMetadata?.importedCss.forEach((css) => selected.add(css));
        chunk.imports.forEach(visit);
        for (const lazy of chunk.dynamicImports) {
          const target = chunks.get(lazy);
          const module = target?.facadeModuleId ?? lazy;
          if (!NOT_PRECACHED.some((pattern) => pattern.test(module))) visit(lazy);
        }
      };
      for (const [fileName, chunk] of chunks) if (chunk.isEntry) visit(fileName);
      // Whatever index.html itself loads (a src or href of its own) opens the app offline too.
      const html = bundle['index.html'];
      const page = html?.type === 'asset' ? String(html.source) : '';
      for (const fileName of Object.keys(bundle)) if (page.includes(`src="/${fileName}"`) || page.includes(`href="/${fileName}"`)) selected.add(fileName);
    } },
  };
  const manifestTransform = <Entry extends { url: string }>(entries: Entry[]) => {
    const manifest = entries.filter((entry) => !entry.url.startsWith('assets/') || selected.has(entry.url));
    return Promise.resolve({ manifest, warnings: [] as string[] });
  };
  return { plugin, manifestTransform };
}
