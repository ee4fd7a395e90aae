/**
 * restconform as a vitest suite: one test per (operation, check), so a conformance run fits an existing vitest
 * setup and its reporters. Against your server:
 *
 *   RESTCONFORM_BASE_URL=http://localhost:8080 npx vitest run --config suites/conformance/vitest.config.ts
 *
 * Without RESTCONFORM_BASE_URL it tests the bundled reference server. Other variables: see
 * `src/vitest/settings.ts`. The tests are those of the package's vitest entry (`restconform/vitest`), which users
 * call from their own suites: a test fails on a finding of severity `failure`; warnings are annotations.
 */
import { conformanceTests } from '../../src/vitest/index.js';

await conformanceTests();
