import { describe, expect, it } from 'vitest';
import { CHECKS, EXCHANGE_CHECKS } from '../../checks/index.js';
import { PHASE_CHECKS, PHASE_NAMES, PHASES } from './index.js';

describe('phase registry', () => {
  it('runs the descriptor comparisons first, then generated requests, then sequences, then access', () => {
    const order = ['contract', 'locale', 'schemas', 'examples', 'collections', 'fuzz', 'stateful', 'concurrency', 'batch', 'auth'];
    const ran = PHASE_NAMES.filter((name) => order.includes(name));
    expect(ran).toEqual(order);
    expect(new Set(PHASE_NAMES).size).toBe(PHASE_NAMES.length);
  });

  it('declares each phase check once, under a name no stateless check uses, for a phase that exists', () => {
    const names = PHASE_CHECKS.map((check) => check.name);
    expect(new Set(names).size).toBe(names.length);
    for (const builtin of EXCHANGE_CHECKS) expect(names).not.toContain(builtin.name);
    for (const check of PHASE_CHECKS) {
      expect(PHASE_NAMES).toContain(check.phase);
      expect(check.name).toMatch(/^[a-z][a-z_]*$/);
      expect(check.description.length).toBeGreaterThan(20);
    }
  });

  it("gives each phase the registry's checks tagged with its name, in the registry's order: its folder's list", () => {
    for (const phase of PHASES)
      expect(phase.checks.map((check) => check.name)).toEqual(CHECKS.filter((check) => check.evidence === phase.name).map((check) => check.name));
    expect(PHASE_CHECKS.map((check) => check.name)).toEqual(CHECKS.filter((check) => check.evidence !== 'exchange').map((check) => check.name));
  });
});
