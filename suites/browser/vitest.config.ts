/** The browser suite's vitest configuration (`npm run test:browser` runs it through `scripts/test-browser.js`). */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'browser',
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['suites/browser/**/*.browser.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
