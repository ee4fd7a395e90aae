import { defineConfig } from 'vitest/config';

/**
 * Two projects: `unit` is what `npm test` runs (everything but the suites that need a target or a browser);
 * `conformance` is the suite users point at their own server, so `npx vitest run suites/conformance` works.
 * The browser suite has its own config, run by `npm run test:browser`.
 */
export default defineConfig({
  test: {
    coverage: {
      // V8 coverage mapped through vitest's own transform (plain c8 cannot see transformed modules).
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/testing/**', 'src/**/types.ts', 'src/engine/events.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 80, branches: 80, functions: 80 },
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'suites/**/*.test.ts'],
          exclude: ['suites/conformance/**', 'suites/browser/**', 'node_modules/**', 'dist/**'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      'suites/conformance/vitest.config.ts',
    ],
  },
});
