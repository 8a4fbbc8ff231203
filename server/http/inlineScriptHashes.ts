import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { INLINE_SCRIPT_HASHES_FILE } from '../../common/bootPaint';

const HASH_SOURCE = /^sha256-[A-Za-z0-9+/]{43}=$/;

/**
 * The built pages' inline scripts as CSP hash sources (build/bootPlugin.ts writes them beside
 * index.html): script-src allows exactly those texts and still no other inline script. None
 * without a build, or with a file that does not hold hashes.
 */
export function inlineScriptHashes(distDir: string | null): string[] {
  const file = distDir ? path.join(distDir, INLINE_SCRIPT_HASHES_FILE) : null;
  if (!file || !existsSync(file)) return [];
  try {
    const hashes = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return Array.isArray(hashes) ? hashes.filter((hash): hash is string => typeof hash === 'string' && HASH_SOURCE.test(hash)) : [];
  } catch {
    return [];
  }
}
