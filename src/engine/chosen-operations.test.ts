import { beforeAll, describe, expect, it } from 'vitest';
import { operationChoice } from '../config/index.js';
import type { LoadedDescriptor } from '../descriptor/types.js';
import { referenceDescriptor } from '../export/testing/descriptors.js';
import { planRun } from './engine.js';
import { choosesDeclared, chosenWork, coverageOfChoice, reachedOutsideMessage, runOperations } from './chosen-operations.js';
import type { CoverageEntry } from './events.js';
import { PHASE_NAMES } from './phases/index.js';

let descriptors: LoadedDescriptor[];
beforeAll(async () => {
  descriptors = [await referenceDescriptor('en_gb'), await referenceDescriptor('el')];
});

const CHOICE = { include: ['community/v1'], exclude: ['DELETE *'] };
const planning = () => ({ descriptors, safeMethodsOnly: false, phases: PHASE_NAMES, fuzzExamples: 20, hasCredentials: true, hasContract: true });

describe('the operations a run chooses', () => {
  it('are chosen before the shards: each shard plans over the chosen ones only, and together they hold them all', () => {
    const chosen = runOperations(descriptors, false, operationChoice(CHOICE));
    expect(chosen.length).toBeGreaterThan(100);
    expect(chosen.every((op) => op.namespace === 'community/v1' && op.method !== 'DELETE')).toBe(true);
    expect(runOperations(descriptors, false, operationChoice({}))).toEqual(runOperations(descriptors, false));
    const shards = [1, 2, 3].map((index) => planRun({ ...planning(), choice: CHOICE, shard: { index, count: 3 } }));
    for (const shard of shards) expect(shard.allOperations).toEqual(chosen);
    expect(shards.flatMap((shard) => shard.operations).sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(chosen);
  });

  it('start whole-run work only at a chosen operation, and all of it (skipped work too) when there is no choice', () => {
    const all = runOperations(descriptors, false);
    const chosen = runOperations(descriptors, false, operationChoice(CHOICE));
    const whole = chosenWork({ descriptors, allOperations: all, safeMethodsOnly: false });
    const narrowed = chosenWork({ descriptors, allOperations: chosen, safeMethodsOnly: false });
    const deletion = all.find((op) => op.method === 'DELETE' && op.namespace === 'community/v1')!;
    expect([whole(deletion), whole(undefined)]).toEqual([true, true]);
    expect([narrowed(deletion), narrowed(undefined), narrowed(chosen[0])]).toEqual([false, false, true]);
  });

  it('judge findings and coverage by the declared operation: a probe of an undeclared method by its pattern, an unknown route as chosen', () => {
    const chosen = choosesDeclared(operationChoice(CHOICE), descriptors);
    expect(chosen({ locale: 'el', method: 'GET', route: '/community/v1/members' })).toBe(true);
    expect(chosen({ locale: 'el', method: 'DELETE', route: '/community/v1/members/(?P<id>[\\d]+)' })).toBe(false);
    expect(chosen({ locale: 'el', method: 'PUT', route: '/community/v1/members' })).toBe(true);
    expect(chosen({ locale: 'en_gb', method: 'GET', route: '/calendar/v1/events' })).toBe(false);
    expect(chosen({ locale: 'en_gb', method: 'GET', route: '/no/such/route' })).toBe(true);
  });
});

describe('coverage of a choice', () => {
  const entry = (method: string, route: string, namespace: string, requests: number): CoverageEntry => ({
    locale: 'en_gb',
    method,
    route,
    namespace,
    requests,
    statuses: {},
    notes: [],
  });
  const coverage = [
    entry('GET', '/community/v1/members', 'community/v1', 4),
    entry('DELETE', '/community/v1/members/(?P<id>[\\d]+)', 'community/v1', 2),
    entry('POST', '/calendar/v1/events', 'calendar/v1', 1),
    entry('GET', '/calendar/v1/events', 'calendar/v1', 0),
  ];

  it('lists the chosen operations only, and names the families reached outside the choice, once each', () => {
    const choice = operationChoice(CHOICE);
    const { coverage: listed, report } = coverageOfChoice(coverage, choice, choosesDeclared(choice, descriptors));
    expect(listed).toEqual([coverage[0]]);
    expect(report).toEqual({ include: ['community/v1'], exclude: ['DELETE *'], reachedOutside: ['/calendar/v1/events', '/community/v1/members'] });
    expect(reachedOutsideMessage(report)).toMatch(/outside the choice .* in 2 route families: \/calendar\/v1\/events, \/community\/v1\/members$/);
  });

  it('is the whole coverage, with nothing to report, without a choice', () => {
    const choice = operationChoice({});
    expect(coverageOfChoice(coverage, choice, choosesDeclared(choice, descriptors))).toEqual({ coverage });
    expect(reachedOutsideMessage(undefined)).toBeUndefined();
  });
});
