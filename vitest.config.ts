import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Test files that take longest (measured: each 30–50 s on an idle machine, 3–4 min at load 20, while most files take
 * under 5 s). Vitest runs the files it has timed before longest first, but CI installs afresh and has no timings: it
 * then runs the largest files first, and these small ones started late and ran on alone at the end.
 */
const SLOWEST_FIRST = [
  'apps/server/src/main.test.ts',
  'apps/server/src/hostile-clients.test.ts',
  'apps/server/src/lib/mail/reliability.test.ts',
  'apps/server/src/features/analytics/company-exports.test.ts',
  'apps/server/src/lib/queue/queue.test.ts',
  'apps/server/src/features/saved-searches/saved-searches.test.ts',
];

class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FIRST.findIndex((slow) => file.moduleId.endsWith(slow));
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    // Array.prototype.sort is stable: every other file keeps Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) runs one file at a time on two cores, and a server test
    // file spends most of its time waiting for PostgreSQL: two files at once took 30% less time (measured).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      {
        test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'page-reader', root: 'packages/page-reader', include: ['src/**/*.test.ts'], environment: 'node' },
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
