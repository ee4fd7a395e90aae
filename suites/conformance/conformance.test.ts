/**
 * restconform as a vitest suite: one test per (operation, check), so a conformance run fits an existing vitest
 * setup and its reporters. Against your server:
 *
 *   RESTCONFORM_BASE_URL=http://localhost:8080 npx vitest run --config suites/conformance/vitest.config.ts
 *
 * Without RESTCONFORM_BASE_URL it tests the bundled reference server. Other variables: see `settings.ts`.
 * A test fails on a finding of severity `failure`; warnings are attached to the test as annotations.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/checks/types.js';
import { describeFinding, prepareConformance, runConformance, type ConformanceOutcome } from './plan.js';

// vitest must know every test name when it collects the file, so the descriptors are read here, at the top.
const target = await prepareConformance(process.env);
let outcome: ConformanceOutcome;

beforeAll(async () => {
  outcome = await runConformance(target);
}, target.runTimeoutMs);

afterAll(async () => {
  await target.close();
});

type Annotate = (message: string, type?: string) => Promise<unknown>;

async function expectNoFailure(findings: Finding[], annotate: Annotate): Promise<void> {
  for (const warning of findings.filter((finding) => finding.severity === 'warning')) await annotate(describeFinding(warning), 'warning');
  const failures = findings.filter((finding) => finding.severity === 'failure');
  expect(failures.length, failures.map(describeFinding).join('\n\n')).toBe(0);
}

const label = target.bundled ? `the bundled reference server (${target.settings.baseUrl})` : target.settings.baseUrl;

describe(`restconform conformance of ${label}, seed ${target.settings.seed}`, () => {
  it('the run finishes (a time budget running out is noted, not failed)', async ({ annotate }) => {
    const stopped = outcome.result.stoppedEarly;
    if (stopped === 'time budget') await annotate('the time budget ran out: operations not reached pass without being tested', 'warning');
    expect(stopped === undefined || stopped === 'time budget', `the run stopped early: ${stopped}`).toBe(true);
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
