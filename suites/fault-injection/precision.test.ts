/**
 * The harness's precision: the fault-injection wrapper without a fault draws no finding at all, in every phase and
 * both locales. (Its recall, fault by fault: fault-injection.test.ts and fault-injection-phases.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { propertyRuns } from '../../src/testing/test-depth.js';
import { runAgainst, summary } from './seeded.js';

describe('fault injection', () => {
  it('finds nothing on the correct server, through the same wrapper, in every phase and both locales', async () => {
    const findings = await runAgainst(
      [],
      ['contract', 'locale', 'schemas', 'examples', 'collections', 'fuzz', 'stateful', 'batch', 'auth'],
      ['en_gb', 'el'],
      // Every phase in both locales: the first example of each in a quick run, three under CI (see test-depth.ts).
      propertyRuns(3, 1),
    );
    // Not a warning either: signing up is open to anonymous visitors by design, and the built-in hint says so.
    expect(summary(findings)).toEqual([]);
    // Every phase in both locales, the auth phase's matrix included: more than the default minute on a loaded machine.
  }, 180_000);
});
