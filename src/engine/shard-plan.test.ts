import { beforeAll, describe, expect, it } from 'vitest';
import { contractOperations } from '@restconform/interface';
import type { LoadedDescriptor } from '../descriptor/types.js';
import { referenceDescriptor } from '../export/testing/descriptors.js';
import { planRun, runOperations } from './engine.js';
import { PHASE_NAMES } from './phases/index.js';
import { estimatedCost, planShards, routeFamily, WHOLE_RUN } from './shard-plan.js';

let descriptors: LoadedDescriptor[];
let planning: {
  descriptors: LoadedDescriptor[];
  safeMethodsOnly: boolean;
  phases: readonly string[];
  fuzzExamples: number;
  hasCredentials: boolean;
  hasContract: boolean;
};
beforeAll(async () => {
  descriptors = [await referenceDescriptor('en_gb'), await referenceDescriptor('el')];
  planning = { descriptors, safeMethodsOnly: false, phases: PHASE_NAMES, fuzzExamples: 20, hasCredentials: true, hasContract: true };
});

describe('sharing a split run', () => {
  it('gives every operation to exactly one of four shards, every route whole', () => {
    const plans = [1, 2, 3, 4].map((index) => planRun({ ...planning, shard: { index, count: 4 } }));
    const all = runOperations(descriptors, false);
    const owners = all.map((op) => plans.filter((plan) => plan.operations.includes(op)).length);
    expect(owners.every((count) => count === 1)).toBe(true);
    expect(plans.reduce((sum, plan) => sum + plan.operations.length, 0)).toBe(all.length);
    for (const plan of plans) {
      const routes = new Set(plan.operations.map((op) => op.route));
      expect(all.filter((op) => routes.has(op.route))).toEqual(plan.operations);
    }
  });

  it('keeps a route family together: the signup activation in the shard whose signup create made what it activates', () => {
    const plans = [1, 2, 3, 4].map((index) => planRun({ ...planning, shard: { index, count: 4 } }));
    const signupRoutes = (operations: readonly { route: string }[]) =>
      new Set(operations.map((op) => op.route).filter((route) => route.startsWith('/community/v1/signup')));
    const holding = plans.filter((plan) => signupRoutes(plan.operations).size > 0);
    expect(holding).toHaveLength(1);
    expect([...signupRoutes(holding[0]!.operations)]).toEqual(
      expect.arrayContaining(['/community/v1/signup', String.raw`/community/v1/signup/activate/(?P<id>[\w-]+)`]),
    );
    expect(routeFamily({ namespace: 'community/v1', route: String.raw`/community/v1/signup/activate/(?P<id>[\w-]+)` })).toBe('/community/v1/signup');
    expect(routeFamily({ namespace: 'wp/v2', route: '/wp/v2' })).toBe('/wp/v2');
  });

  it('gives every whole-run piece of work (contract, locale, each stateful sequence, batch, auth) to exactly one shard', () => {
    const plans = [1, 2, 3].map((index) => planRun({ ...planning, shard: { index, count: 3 } }).plan);
    const units = [
      'contract (en_gb)',
      'contract (el)',
      'locale descriptors (el)',
      'member life cycle (en_gb)',
      'follow and unfollow (el)',
      'batch (en_gb)',
      'batch (el)',
      'auth en_gb POST /restconform/no-such-route',
    ];
    for (const unit of units) expect(plans.filter((plan) => plan.owns(unit)).length).toBe(1);
    // Work no phase announced is done once, by the first shard.
    expect(plans.map((plan) => plan.owns('no such piece of work'))).toEqual([true, false, false]);
  });

  it('balances by estimated cost, not by the number of routes', () => {
    const plans = [1, 2, 3, 4].map((index) => planRun({ ...planning, shard: { index, count: 4 } }).plan);
    const loads = plans[0]!.loads;
    expect(plans.every((plan) => JSON.stringify(plan.loads) === JSON.stringify(loads))).toBe(true);
    const total = loads.reduce((sum, load) => sum + load, 0);
    // Within 5% of an even split.
    for (const load of loads) expect(Math.abs(load - total / 4) / (total / 4)).toBeLessThan(0.05);
  });

  it('costs an operation by its arguments and examples', () => {
    const all = runOperations(descriptors, false);
    const bare = all.find((op) => Object.keys(op.args).length === 0)!;
    const richest = [...all].sort((a, b) => Object.keys(b.args).length - Object.keys(a.args).length)[0]!;
    expect(estimatedCost(bare, 20)).toBe(41);
    expect(estimatedCost(richest, 20)).toBeGreaterThan(estimatedCost(bare, 20) + 2 * Object.keys(richest.args).length);
    expect(estimatedCost(bare, 5)).toBe(11);
  });

  it('is the whole run when there is one shard or none', () => {
    expect(planShards(null, [], [], 20)).toBe(WHOLE_RUN);
    expect(planShards({ index: 1, count: 1 }, [], [], 20)).toBe(WHOLE_RUN);
    const whole = planRun({ ...planning, shard: null });
    expect(whole.operations).toHaveLength(contractOperations().length * 2);
    expect(whole.plan.owns('anything')).toBe(true);
  });
});
