import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'suites/**/*.test.ts'],
    // The conformance suite targets a server the user names; it runs on its own (see README).
    exclude: ['suites/conformance/**', 'node_modules/**', 'dist/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    coverage: {
      // V8 coverage mapped through vitest's own transform (plain c8 cannot see transformed modules).
      provider: 'v8',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts', 'src/**/testing/**', 'src/**/types.ts', 'src/engine/events.ts'],
      reporter: ['text-summary', 'text'],
      thresholds: { lines: 80, branches: 80, functions: 80 },
    },
  },
});
