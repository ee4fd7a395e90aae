import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { testDepth } from './src/testing/test-depth.js';
import { WORKSPACE_SOURCES } from './vitest.sources.js';

/**
 * Three projects: `unit` is what `npm test` runs (everything but the suites that need a target or a browser, or
 * split whole runs over processes: `shards`, run by `npm run test:shards`);
 * `conformance` is the suite users point at their own server, so `npx vitest run suites/conformance` works.
 * The browser suite has its own config, run by `npm run test:browser`.
 */
export default defineConfig({
  ...WORKSPACE_SOURCES,
  test: {
    // How many cases the slow property suites try, for the packages' suites, which cannot import the harness's helper.
    provide: { testDepth: testDepth() },
    coverage: {
      // V8 coverage mapped through vitest's own transform (plain c8 cannot see transformed modules).
      provider: 'v8',
      include: ['src/**/*.ts', 'packages/*/src/**/*.ts'],
      exclude: ['**/*.test.ts', '**/testing/**', '**/types.ts', 'src/engine/events.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 80, branches: 80, functions: 80 },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'packages/**/*.test.ts', 'suites/**/*.test.ts'],
          exclude: ['suites/conformance/**', 'suites/browser/**', 'suites/sharding/**', 'suites/ci/**', '**/node_modules/**', '**/dist/**'],
          // A guard against a hang, not a speed limit: a whole-run test that takes 25 s on a quiet two-core machine
          // takes over 60 s when that machine is shared with other builds.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // vitest's default is one worker fewer than the cores: one worker on a two-core machine, every file in
          // turn. Much of the suite waits (timeouts of hostile servers, time budgets, loopback round trips), so
          // one worker more than the cores keeps them busy: `npm test` took twice as long with the default.
          maxWorkers: availableParallelism() + 1,
          // Test files share their worker's module cache instead of each importing the harness anew: importing the
          // graph (engine, server, ajv, fast-check) took 87 of 310 CPU-seconds, and warm, shared modules halve the
          // rest. The files keep no state of their own across files (spies are restored, every server is their own);
          // `npm run test:isolated` runs them each in a fresh module graph when a leak is suspected.
          isolate: false,
        },
      },
      {
        // Whole runs split over processes and merged, and the CI files played: minutes, so `npm run test:shards`.
        extends: true,
        test: {
          name: 'shards',
          include: ['suites/sharding/**/*.test.ts', 'suites/ci/**/*.test.ts'],
          testTimeout: 1_800_000,
          hookTimeout: 120_000,
          // Each test already runs five processes at once.
          fileParallelism: false,
        },
      },
      'suites/conformance/vitest.config.ts',
    ],
  },
});
