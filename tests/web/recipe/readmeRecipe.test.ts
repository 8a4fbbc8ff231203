import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(path.join(process.cwd(), file), 'utf8');

/** The code blocks of the README's "Adding a resource", in order. */
function recipeBlocks(): string[] {
  const readme = read('README.md');
  const section = readme.slice(readme.indexOf('## Adding a resource'), readme.indexOf('## Adding a screen'));
  return [...section.matchAll(/```(?:ts|sql)\n([\s\S]*?)\n\s*```/g)].map((match) => (match[1] as string).trim());
}

/** Imports compared by the module they name: the README shows product paths, the fixtures test-relative ones. */
const modulesOnly = (code: string) =>
  code
    .trim()
    .replace(/from '([^']+)'/g, (_, specifier: string) => `from '${path.basename(specifier).replace(/^tool\.common$/, 'tool')}'`);

/**
 * The README's recipe is the one the tests run (issue 22: "so the recipe cannot go stale"): its
 * four code blocks are the files kept in tests/fixtures/recipe/, which the API and screen tests register.
 */
describe("the README's Adding a resource", () => {
  it('shows the schema, server declaration, migration and web declaration the tests register', () => {
    const blocks = recipeBlocks();
    expect(blocks.map(modulesOnly)).toEqual(
      ['tool.common.ts', 'tool.server.ts', '0020_tool.sql', 'tool.web.ts'].map((file) => modulesOnly(read(`tests/fixtures/recipe/${file}`))),
    );
  });
});
