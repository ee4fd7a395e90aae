import { describe, expect, it } from 'vitest';
import { BudgetPlan, budgetShortfall, describeBudgetSplit, LatencyHistogram, median } from './budget.js';
import { PHASES } from './phases/index.js';

/** The phases named, with the shares they declare. */
const phases = (...names: string[]) => names.map((name) => PHASES.find((phase) => phase.name === name)!);
const SHARE = Object.fromEntries(PHASES.map((phase) => [phase.name, phase.budgetShare]));
const ALL = phases('examples', 'fuzz', 'stateful', 'batch', 'auth');

describe('BudgetPlan', () => {
  it('keeps the reserves of the later phases, so fuzz cannot spend what stateful, batch and auth need', () => {
    const plan = new BudgetPlan(300_000, 300_000, ALL);
    const total = ALL.reduce((sum, phase) => sum + phase.budgetShare, 0);
    const reserve = (phase: string) => (300_000 * SHARE[phase]!) / total;
    // Examples starts at 0 and may use everything but the reserves of fuzz, stateful, batch and auth.
    expect(plan.deadlineFor('examples', 0)).toBeCloseTo(reserve('examples'));
    // Examples finished early (at 10 s): fuzz gets the time left minus stateful, batch and auth.
    expect(plan.deadlineFor('fuzz', 10_000)).toBeCloseTo(300_000 - reserve('stateful') - reserve('batch') - reserve('auth'));
    // The last phase gets whatever is left.
    expect(plan.deadlineFor('auth', 290_000)).toBe(300_000);
  });

  it('shrinks every later share alike when an earlier phase overran, never to nothing', () => {
    const plan = new BudgetPlan(100_000, 100_000, phases('fuzz', 'stateful', 'auth'));
    // Only 10 s left for three phases that reserve 60 s: fuzz gets its proportional part of the 10 s.
    const fuzz = plan.deadlineFor('fuzz', 90_000) - 90_000;
    expect(fuzz).toBeGreaterThan(0);
    expect(fuzz).toBeCloseTo((10_000 * SHARE.fuzz!) / (SHARE.fuzz! + SHARE.stateful! + SHARE.auth!));
  });

  it('says how the budget was spent', () => {
    const plan = new BudgetPlan(300_000, 300_000, phases('fuzz', 'auth'));
    plan.record({ phase: 'fuzz', allowedMs: 200_000, spentMs: 200_004, requests: 3200, cutShort: true });
    plan.record({ phase: 'auth', allowedMs: 99_996, spentMs: 41_000, requests: 650, cutShort: false });
    expect(describeBudgetSplit(plan.split())).toBe('budget 300 s: fuzz 200 s of 200 s (cut short), 3200 requests; auth 41 s of 100 s, 650 requests');
  });
});

describe('budgetShortfall', () => {
  const rate = { medianLatencyMs: 125, requestsPerSecond: 16, requests: 8 };
  it('is silent when the budget covers the phases at the measured rate', () => {
    expect(budgetShortfall(300, rate, [{ phase: 'fuzz', requests: 4000 }])).toBeUndefined();
  });

  it('names the budget that would cover them', () => {
    const warning = budgetShortfall(300, rate, [
      { phase: 'examples', requests: 2000 },
      { phase: 'fuzz', requests: 4000 },
    ]);
    expect(warning).toContain('about 6000 requests (examples ~2000, fuzz ~4000), some 375 s');
    expect(warning).toContain('covers about 4800');
    expect(warning).toContain('--time-budget 380 would cover them all');
  });
});

describe('latency', () => {
  it('takes the median of a histogram as of the values', () => {
    const values = [5, 1, 300, 2.25, 4];
    const histogram = new LatencyHistogram();
    for (const value of values) histogram.add(value);
    expect(histogram.median()).toBe(median(values));
    expect(median([1, 2, 3, 10])).toBe(2.5);
    expect(new LatencyHistogram().median()).toBe(0);
  });
});
