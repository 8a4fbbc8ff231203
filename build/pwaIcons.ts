/**
 * Writes the installable app's icons (public/pwa-192x192.png, pwa-512x512.png,
 * pwa-maskable-512x512.png, apple-touch-icon.png) from public/favicon.svg:
 * `npx tsx build/pwaIcons.ts`. The PNGs are committed; run it again after the favicon changes.
 * Rendered by the Chromium the browser tests use (sharp is not installed here).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../tests/e2e/chromium';
import { projectRoot } from './webBuild';

const publicDir = path.join(projectRoot, 'public');
/** The dark theme's background (index.html): behind the maskable and Apple icons. */
const BACKGROUND = '#121212';

interface Icon {
  file: string;
  size: number;
  /** Share of the side the mark takes: a maskable icon keeps it inside the 80% safe zone. */
  mark: number;
  background: string;
}

const ICONS: Icon[] = [
  { file: 'pwa-192x192.png', size: 192, mark: 1, background: 'transparent' },
  { file: 'pwa-512x512.png', size: 512, mark: 1, background: 'transparent' },
  { file: 'pwa-maskable-512x512.png', size: 512, mark: 0.7, background: BACKGROUND },
  // iOS draws its own rounded corners over an opaque square.
  { file: 'apple-touch-icon.png', size: 180, mark: 1, background: BACKGROUND },
];

async function main() {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('Chromium was not found (apt-get install -y chromium)');
  const svg = await readFile(path.join(publicDir, 'favicon.svg'), 'utf8');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS.filter((a) => a !== '--headless'), headless: true });
  try {
    for (const icon of ICONS) {
      const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } });
      const side = Math.round(icon.size * icon.mark);
      await page.setContent(
        `<html><body style="margin:0;background:${icon.background};width:${icon.size}px;height:${icon.size}px;display:flex;align-items:center;justify-content:center">` +
          `<img style="width:${side}px;height:${side}px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}"></body></html>`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      await page.screenshot({ path: path.join(publicDir, icon.file), omitBackground: icon.background === 'transparent' });
      await page.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
