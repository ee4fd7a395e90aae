/** The browser suite's vitest configuration (`npm run test:browser` runs it through `scripts/test-browser.js`). */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { WORKSPACE_SOURCES } from '../../vitest.sources.js';

export default defineConfig({
  ...WORKSPACE_SOURCES,
  test: {
    name: 'browser',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['suites/browser/**/*.browser.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
