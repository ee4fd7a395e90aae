/**
 * restconform inside a user's own vitest suite: `import { conformanceTests } from 'restconform/vitest'`.
 *
 *   // conformance.test.ts
 *   import { conformanceTests } from 'restconform/vitest';
 *   await conformanceTests({ baseUrl: 'http://localhost:8080', fuzzExamples: 5 });
 *
 * It reads the target's descriptors while vitest collects the file (vitest needs every test name then), runs
 * restconform once in `beforeAll`, and gives one test per (operation, check), one per check for what names no
 * operation, and one for the run itself. A test fails on a finding of severity `failure`; warnings are annotations.
 * Settings come from the options, then from RESTCONFORM_* variables (see `settings.ts`), then the profile.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../checks/types.js';
import type { RunConfigInput } from '../config/index.js';
import { describeFinding, prepareConformance, runConformance, type ConformanceOutcome } from './plan.js';
import { isTimeBudget } from '../engine/execution/control.js';

export { describeFinding, prepareConformance, runConformance, ConformanceOutcome, type ConformanceTarget } from './plan.js';
export { settingsFromEnvironment, APP_PASSWORD_VARIABLE } from './environment-settings.js';

/** What `conformanceTests` takes: any setting of `restconform run`, and where else to read settings from. */
export interface ConformanceTestOptions extends RunConfigInput {
  /** The variables read for settings and the application password; default `process.env`. */
  env?: NodeJS.ProcessEnv;
}

type Annotate = (message: string, type?: string) => Promise<unknown>;

async function expectNoFailure(findings: Finding[], annotate: Annotate): Promise<void> {
  for (const warning of findings.filter((finding) => finding.severity === 'warning')) await annotate(describeFinding(warning), 'warning');
  const failures = findings.filter((finding) => finding.severity === 'failure');
  expect(failures.length, failures.map(describeFinding).join('\n\n')).toBe(0);
}

/**
 * Declares the conformance tests of a target in the calling test file (await it at the top level).
 *
 * @throws Error with a one-line reason when a setting is wrong or the target's descriptor cannot be read
 */
export async function conformanceTests(options: ConformanceTestOptions = {}): Promise<void> {
  const { env = process.env, ...overrides } = options;
  const target = await prepareConformance(env, overrides);
  let outcome: ConformanceOutcome;

  beforeAll(async () => {
    outcome = await runConformance(target);
  }, target.runTimeoutMs);

  afterAll(async () => {
    await target.close();
  });

  const label = target.bundled ? `the bundled reference server (${target.settings.baseUrl})` : target.settings.baseUrl;

  describe(`restconform conformance of ${label}, seed ${target.settings.seed}`, () => {
    it('the run finishes (a time budget running out is noted, not failed)', async ({ annotate }) => {
      const stopped = outcome.result.stoppedEarly;
      if (isTimeBudget(stopped)) await annotate('the time budget ran out: operations not reached pass without being tested', 'warning');
      expect(stopped === undefined || isTimeBudget(stopped), `the run stopped early: ${stopped}`).toBe(true);
    });

    for (const operation of target.operations) {
      for (const check of target.checks) {
        it(`${operation.id} ${check}`, async ({ annotate }) => {
          const notReached = outcome.notReached(operation);
          if (notReached !== undefined) await annotate(notReached, 'notice');
          await expectNoFailure(outcome.findings(operation.id, check), annotate);
        });
      }
    }

    for (const check of target.checks) {
      it(`${check} on undeclared methods, missing routes and whole descriptors`, async ({ annotate }) => {
        await expectNoFailure(outcome.findingsElsewhere(check), annotate);
      });
    }
  });
}
