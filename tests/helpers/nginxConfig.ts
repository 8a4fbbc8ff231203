/**
 * deploy/nginx.conf made runnable on this machine without containers: the app processes' addresses
 * in its upstream blocks, its listen address, and its pid, logs and temp files under `dir`. Nothing
 * else changes, so the CI topology runs the config compose ships. Each substitution must find what
 * it replaces, so a change of the shipped file that this no longer fits fails loudly.
 */
export interface LocalNginxOptions {
  /** host:port of each app process. */
  upstreams: readonly string[];
  listen: string;
  dir: string;
}

/** `pattern` must be global: every match is replaced, and there must be `expected` of them. */
function replaceExactly(text: string, pattern: RegExp, replacement: (match: string, ...groups: string[]) => string, expected: number, what: string): string {
  const found = [...text.matchAll(pattern)].length;
  if (found !== expected) throw new Error(`deploy/nginx.conf: expected ${expected} ${what}, found ${found}`);
  return text.replace(pattern, replacement as (match: string) => string);
}

/** The servers of one upstream block, keeping the first one's parameters (max_fails …) for each. */
function withUpstreams(block: string, upstreams: readonly string[]): string {
  const lines = block.split('\n');
  const first = lines.findIndex((line) => /^\s*server\s/.test(line));
  const [, indent = '', params = ''] = /^(\s*)server\s+\S+?(\s[^;]*)?;/.exec(lines[first] ?? '') ?? [];
  const servers = upstreams.map((address) => `${indent}server ${address}${params};`);
  const kept = lines.filter((line) => !/^\s*server\s/.test(line));
  kept.splice(first, 0, ...servers);
  return kept.join('\n');
}

export function localNginxConfig(shipped: string, options: LocalNginxOptions): string {
  let config = shipped;
  config = replaceExactly(config, /upstream \w+ \{[^}]*\}/g, (block) => withUpstreams(block, options.upstreams), 2, 'upstream blocks');
  config = replaceExactly(config, /^(\s*)listen 80;/gm, (_m, indent) => `${indent}listen ${options.listen};`, 1, '"listen 80;"');
  config = replaceExactly(config, /^pid \S+;/gm, () => `pid ${options.dir}/nginx.pid;`, 1, 'pid lines');
  config = replaceExactly(config, /^error_log \S+/gm, () => `error_log ${options.dir}/error.log`, 1, 'error_log lines');
  config = replaceExactly(config, /^(\s*)access_log \S+/gm, (_m, indent) => `${indent}access_log ${options.dir}/access.log`, 1, 'access_log lines');
  config = replaceExactly(config, /\/tmp\/nginx-/g, () => `${options.dir}/nginx-`, 5, 'temp paths');
  return config;
}
