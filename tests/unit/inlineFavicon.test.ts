import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ResolvedConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { inlineFavicon } from '../../build/inlineFavicon';

/** index.html's head as written in the repository. */
const INDEX = readFileSync(path.resolve('index.html'), 'utf8');
const FAVICON = readFileSync(path.resolve('public/favicon.svg'), 'utf8').trim();

function built(html: string): string {
  const plugin = inlineFavicon();
  (plugin.configResolved as (config: ResolvedConfig) => void)({ publicDir: path.resolve('public') } as ResolvedConfig);
  return (plugin.transformIndexHtml as (html: string) => string)(html);
}

describe('the favicon in the built pages', () => {
  it('is the icon itself, as a data: URL: a page asks for no icon once it has loaded (a drawn page loads before its first paint)', () => {
    const page = new DOMParser().parseFromString(built(INDEX), 'text/html');
    const icons = [...page.querySelectorAll('link[rel="icon"]')].map((link) => link.getAttribute('href')!);
    expect(icons).toHaveLength(1);
    expect(icons[0]!.startsWith('data:image/svg+xml,')).toBe(true);
    expect(decodeURIComponent(icons[0]!.slice('data:image/svg+xml,'.length))).toBe(FAVICON);
  });

  it('fails the build when index.html names no icon to inline, rather than ship a page asking for one', () => {
    expect(() => built('<!doctype html><head><link rel="icon" href="/other.png"></head>')).toThrow(/no <link rel="icon">/);
  });
});
