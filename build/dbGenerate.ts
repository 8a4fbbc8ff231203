import { spawnSync } from 'node:child_process';

/**
 * `npm run db:generate -- --name <entity>`: drizzle-kit's migration under a name saying what it is
 * (0013_vendor.sql), as every migration has; without a name it refuses rather than inventing one
 * (`0013_fat_the_watchers.sql`, issue 22). Other arguments (e.g. --config) pass through.
 */
const args = process.argv.slice(2);
const at = args.findIndex((arg) => arg === '--name' || arg.startsWith('--name='));
const name = at < 0 ? '' : args[at]!.includes('=') ? args[at]!.slice('--name='.length) : (args[at + 1] ?? '');
if (!/^[a-z0-9][a-z0-9_]*$/.test(name)) {
  console.error(
    'db:generate needs a migration name saying what changes, in lower case with underscores:\n' +
      '  npm run db:generate -- --name vendor',
  );
  process.exit(1);
}
const result = spawnSync('npx', ['drizzle-kit', 'generate', ...args], { stdio: 'inherit' });
process.exit(result.status ?? 1);
