import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectRoot } from '../build/webBuild';

/** Libraries that must stay out of a screen's JavaScript unless it needs them (each a marker found in its code). */
export const HEAVY_MARKERS: Record<string, RegExp> = {
  calendar: /fullcalendar|FullCalendar/,
  charts: /Chart\.js|chartjs/,
  'QR scanner': /zxing|ZXing/,
  spreadsheets: /ExcelJS|exceljs/,
  'socket.io client': /xhr poll error/,
  'code editor': /cm-editor|CodeMirror/,
};

const kb = (bytes: number) => Math.round(bytes / 102.4) / 10;

/**
 * Sizes of files of dist/ (paths as the page asks for them, e.g. /assets/index-abc.js), each
 * gzipped at level 9 as a compressing server or CDN would send it, and which heavy libraries
 * each holds.
 */
export function sizeBuiltFiles(files: Iterable<string>) {
  const dist = path.join(projectRoot, 'dist');
  let gzipBytes = 0;
  let rawBytes = 0;
  const heavy: string[] = [];
  const chunks = [...files].map((file) => {
    const content = readFileSync(path.join(dist, file.replace(/^\//, '')));
    const gz = gzipSync(content, { level: 9 }).length;
    gzipBytes += gz;
    rawBytes += content.length;
    if (file.endsWith('.js')) {
      const code = content.toString();
      for (const [name, marker] of Object.entries(HEAVY_MARKERS)) if (marker.test(code)) heavy.push(`${name} in ${file}`);
    }
    return { file, kb: kb(gz) };
  });
  return { gzipKB: kb(gzipBytes), rawKB: kb(rawBytes), chunks, heavy };
}
