/**
 * The conformance suite's own vitest configuration: only this folder, and time for a whole run in `beforeAll`
 * (which sets its own timeout from the run's time budget).
 *
 *   RESTCONFORM_BASE_URL=http://localhost:8080 npx vitest run --config suites/conformance/vitest.config.ts
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WORKSPACE_SOURCES } from '../../vitest.sources.js';

export default defineConfig({
  ...WORKSPACE_SOURCES,
  test: {
    name: 'conformance',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['suites/conformance/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 3_600_000,
    // One run per file; the tests only read its findings.
    fileParallelism: false,
  },
});
