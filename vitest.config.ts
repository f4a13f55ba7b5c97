import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) runs one file at a time on two cores, and a server test
    // file spends most of its time waiting for PostgreSQL: two files at once took 30% less time (measured).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One PostgreSQL and one migrated template database for the whole run.
          globalSetup: ['src/test/global-setup.ts'],
          // Test files share each worker's module graph (every file builds its own app on its own database);
          // importing the app afresh for every file cost more than the tests themselves.
          isolate: false,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
