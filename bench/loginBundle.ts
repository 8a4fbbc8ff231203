import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild, projectRoot } from '../scripts/webBuild';

/** Libraries that must stay out of what /login loads (each a marker found in its code). */
const HEAVY_MARKERS: Record<string, RegExp> = {
  calendar: /fullcalendar|FullCalendar/,
  charts: /Chart\.js|chartjs/,
  'QR scanner': /zxing|ZXing/,
  spreadsheets: /ExcelJS|exceljs/,
};

/** The JavaScript /login loads: index.html's module entry and every chunk it preloads, gzipped. */
export async function benchLoginBundle() {
  await ensureWebBuild();
  const dist = path.join(projectRoot, 'dist');
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(match[1]!);
  let gzipBytes = 0;
  let rawBytes = 0;
  const heavy: string[] = [];
  const chunks = [...files].map((file) => {
    const code = readFileSync(path.join(dist, file.replace(/^\//, '')));
    const gz = gzipSync(code, { level: 9 }).length;
    gzipBytes += gz;
    rawBytes += code.length;
    for (const [name, marker] of Object.entries(HEAVY_MARKERS)) if (marker.test(code.toString())) heavy.push(`${name} in ${file}`);
    return { file, kb: Math.round(gz / 102.4) / 10 };
  });
  return {
    loginJsGzipKB: Math.round(gzipBytes / 102.4) / 10,
    loginJsRawKB: Math.round(rawBytes / 102.4) / 10,
    chunks,
    heavyLibrariesInLogin: heavy,
    targets: { loginJsGzipKB: 300 },
  };
}
