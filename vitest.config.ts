import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    reporters: ['default', './tests/summaryReporter.ts'],
    projects: [
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['tests/web/**/*.test.{ts,tsx}', 'tests/unit/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 45_000,
          // Vitest's default (cores − 1) runs one file at a time on a 2-core machine; web files share
          // nothing outside their own process, so two at once keep both cores busy.
          maxWorkers: Math.max(2, availableParallelism() - 1),
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          // Two files at once, as web (the same count puts both in one group: Vitest groups projects
          // by worker count). Each file's app has a database of its own, so its own JWT secret and
          // Redis channels (deploymentChannel.ts), and listens on a port the system picks.
          maxWorkers: Math.max(2, availableParallelism() - 1),
          include: ['tests/api/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/globalSetup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          // Issue 21: app processes behind Debian's nginx, on a PostgreSQL cluster and a Redis of their own.
          name: 'topology',
          environment: 'node',
          include: ['tests/topology/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
