import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/** The page's icon link as index.html has it; the icon itself is public/favicon.svg. */
const ICON_LINK = /(<link rel="icon" type="image\/svg\+xml" href=")\/favicon\.svg(")/;

/**
 * The favicon written into the built pages as a data: URL (the CSP's img-src allows data:). A
 * browser asks for a page's icon as soon as the page has loaded, and a page the server drew has
 * loaded before its first paint (its entry is held until then, build/firstScreenBuild.ts): the
 * icon's request would be one more before the paint that the phone measure counts in the largest
 * paint. public/favicon.svg stays, for the PWA icons made from it (build/pwaIcons.ts).
 */
export function inlineFavicon(): Plugin {
  let publicDir = '';
  return {
    name: 'facilityops-inline-favicon',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml(html) {
      const svg = readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8').trim();
      if (!ICON_LINK.test(html)) throw new Error('index.html has no <link rel="icon"> for /favicon.svg to inline');
      return html.replace(ICON_LINK, (_link, opening: string, closing: string) => `${opening}data:image/svg+xml,${encodeURIComponent(svg)}${closing}`);
    },
  };
}
