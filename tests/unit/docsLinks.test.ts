import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * A fresh clone holds only what git tracks: every relative link of the README and docs/ must land on
 * a tracked file inside the repository (no '../shared/…' that exists only beside our checkout), and
 * an '#anchor' on one of the target's headings.
 */
const root = path.resolve(__dirname, '../..');
const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean));
const trackedDirs = new Set([...tracked].flatMap((file) => file.split('/').slice(0, -1).map((_, i, parts) => parts.slice(0, i + 1).join('/'))));
const documents = [...tracked].filter((file) => file === 'README.md' || (file.startsWith('docs/') && file.endsWith('.md')));

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-');
}

function anchorsIn(file: string): Set<string> {
  const text = readFileSync(path.join(root, file), 'utf8');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => anchorOf(match[1] as string)));
}

/** Links of the form [text](target), outside code blocks; http(s) and mailto are not ours to check. */
function linksIn(file: string): string[] {
  const text = readFileSync(path.join(root, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] as string).filter((target) => !/^(https?:|mailto:)/.test(target));
}

describe('documentation links in a fresh clone', () => {
  it('finds the README and the docs', () => {
    expect(documents).toContain('README.md');
    expect(documents.filter((file) => file.startsWith('docs/')).length).toBeGreaterThanOrEqual(5);
  });

  it.each(documents)('%s links only to tracked files and headings inside the repository', (file) => {
    const broken: string[] = [];
    for (const link of linksIn(file)) {
      const [target = '', anchor] = link.split('#');
      const resolved = target ? path.posix.normalize(path.posix.join(path.posix.dirname(file), target)).replace(/\/$/, '') : file;
      if (resolved.startsWith('..')) {
        broken.push(`${link} (outside the repository)`);
        continue;
      }
      if (!tracked.has(resolved) && !trackedDirs.has(resolved)) {
        broken.push(`${link} (no such tracked file)`);
        continue;
      }
      if (anchor && tracked.has(resolved) && !anchorsIn(resolved).has(anchor)) broken.push(`${link} (no heading #${anchor})`);
    }
    expect(broken).toEqual([]);
  });

  it('names no path into ../shared, which a clone does not have', () => {
    for (const file of documents) expect(readFileSync(path.join(root, file), 'utf8'), file).not.toMatch(/\.\.\/shared/);
  });
});
