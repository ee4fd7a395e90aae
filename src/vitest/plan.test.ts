import { describe, expect, it } from 'vitest';
import { SYNTHETIC_FINDINGS } from '../report/testing/synthetic-run.js';
import { describeFinding, prepareConformance, runConformance } from './plan.js';
import { settingsFromEnvironment } from './environment-settings.js';

describe('conformance tests: settings', () => {
  it('takes options over variables, and variables over the profile', () => {
    const settings = settingsFromEnvironment({ RESTCONFORM_SEED: '5', RESTCONFORM_EXAMPLES: '3', RESTCONFORM_PROFILE: 'ci' }, { fuzzExamples: 7 });
    expect(settings.seed).toBe(5);
    expect(settings.fuzzExamples).toBe(7);
    expect(settings.timeBudgetSeconds).toBe(600);
    // vitest reports: no report files unless asked.
    expect([settings.json, settings.junit, settings.html]).toEqual([null, null, null]);
  });

  it('names the variable that is wrong', () => {
    expect(() => settingsFromEnvironment({ RESTCONFORM_SEED: 'seven' })).toThrow('RESTCONFORM_SEED must be a whole number, not "seven"');
    expect(() => settingsFromEnvironment({ RESTCONFORM_PROFILE: 'nightly' })).toThrow(/RESTCONFORM_PROFILE must be one of default, ci, fuzz/);
  });
});

describe('conformance tests: plan and outcome', () => {
  it('lists the operations and checks of the bundled server, runs once and files the findings by operation', async () => {
    const target = await prepareConformance({}, { locales: ['en_gb'], phases: ['examples'], fuzzExamples: 1 });
    try {
      expect(target.bundled).toBe(true);
      expect(target.operations.length).toBeGreaterThan(100);
      expect(target.checks).toContain('not_a_server_error');
      // A phase's own checks only when the phase runs.
      expect(target.checks).not.toContain('list_total');
      const outcome = await runConformance(target);
      expect(outcome.result.findings.filter((finding) => finding.severity === 'failure')).toEqual([]);
      // The examples phase sends boundary cases: an operation without arguments has none, and says why.
      const notReached = target.operations.filter((operation) => outcome.notReached(operation) !== undefined);
      expect(notReached.length).toBeGreaterThan(0);
      expect(notReached.length).toBeLessThan(target.operations.length);
      expect(outcome.notReached(notReached[0]!)).toMatch(/^no request was sent/);
      expect(outcome.findings(target.operations[0]!.id, 'not_a_server_error')).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('refuses a target whose descriptor cannot be read, in one line', async () => {
    await expect(prepareConformance({}, { baseUrl: 'http://127.0.0.1:9', locales: null, timeoutMs: 2000 })).rejects.toThrow(
      /^restconform conformance suite: .*127\.0\.0\.1:9/,
    );
  });

  it("takes locales: 'none' for plain WordPress, as loadTarget and run do", async () => {
    await expect(prepareConformance({}, { baseUrl: 'http://127.0.0.1:9', locales: 'none', timeoutMs: 2000 })).rejects.toThrow(/127\.0\.0\.1:9\/wp-json\//);
  });

  it('describes a finding with its curl line', () => {
    const text = describeFinding(SYNTHETIC_FINDINGS[0]!);
    expect(text).toMatch(/^F1 failure invalid_rejected en_gb POST \/community\/v1\/members \(seen 3 times\): /);
    expect(text).toContain('\n  curl -X POST');
  });
});
