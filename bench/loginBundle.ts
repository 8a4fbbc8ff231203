import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureWebBuild, projectRoot } from '../build/webBuild';
import { sizeBuiltFiles } from './builtFiles';

/** The JavaScript /login loads: index.html's module entry and every chunk it preloads, gzipped. */
export async function benchLoginBundle() {
  await ensureWebBuild();
  const html = readFileSync(path.join(projectRoot, 'dist', 'index.html'), 'utf8');
  const files = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) files.add(match[1]!);
  for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) files.add(match[1]!);
  const sized = sizeBuiltFiles(files);
  return {
    loginJsGzipKB: sized.gzipKB,
    loginJsRawKB: sized.rawKB,
    chunks: sized.chunks,
    heavyLibrariesInLogin: sized.heavy,
    targets: { loginJsGzipKB: 300 },
  };
}
