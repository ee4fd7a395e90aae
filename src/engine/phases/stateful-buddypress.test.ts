/**
 * The life cycles on a server with BuddyPress's shapes (`testing/buddypress-shapes.ts`): they are read as WordPress's
 * conventions mean them, not failed, and what the run made is gone afterwards.
 */
import { describe, expect, it } from 'vitest';
import { statefulPhase } from './stateful.js';
import {
  activationKeyHidden,
  activationKeyVariable,
  descriptionRenderedOnly,
  fieldDataUnserialized,
  memberDeleteNeedsReassign,
  singleItemsAsArrays,
} from './testing/buddypress-shapes.js';
import { requiresUndeclared } from './testing/faults.js';
import { findingLines, phaseAgainstFaults } from './testing/phase-run.js';

const runWith = phaseAgainstFaults(statefulPhase);

function sequencesOf(events: Awaited<ReturnType<typeof runWith>>['events']) {
  return events.flatMap((event) => (event.type === 'sequence' ? [event.sequence] : []));
}

describe('the stateful phase on BuddyPress-shaped answers', () => {
  it('reads a single item answered as a one-element array, and WordPress renderings of what was written', async () => {
    const { findings, events } = await runWith([singleItemsAsArrays(), fieldDataUnserialized(), descriptionRenderedOnly()]);
    expect(findingLines(findings)).toEqual([]);
    const outcomes = Object.fromEntries(sequencesOf(events).map((sequence) => [sequence.name, sequence.outcome]));
    expect(outcomes).toMatchObject({
      'community/v1 members life cycle': 'passed',
      'community/v1 profile/groups life cycle': 'passed',
      'community/v1 signup life cycle': 'passed',
      'profile field data': 'passed',
    });
  });

  it('gives a member delete the reassign it requires, so the members a run makes are deleted', async () => {
    const { findings, events } = await runWith(memberDeleteNeedsReassign());
    expect(findingLines(findings)).toEqual([]);
    const sequences = sequencesOf(events);
    expect(sequences.find((sequence) => sequence.name === 'community/v1 members life cycle')?.outcome).toBe('passed');
    expect(sequences.flatMap((sequence) => sequence.leftovers)).toEqual([]);
  });

  it('runs a signup through its whole life on BuddyPress shapes: an undeclared field, an array answer, an activation_key variable', async () => {
    const { findings, events } = await runWith([
      requiresUndeclared('POST', /^\/community\/v1\/signup$/, 'field_1'),
      singleItemsAsArrays(),
      activationKeyVariable(),
    ]);
    expect(findingLines(findings).map((line) => line.replace(/:.*/, ''))).toEqual(['undeclared_required_argument failure en_gb POST /community/v1/signup']);
    const activation = sequencesOf(events).find((sequence) => sequence.name === 'signup activation');
    expect(activation?.outcome).toBe('passed');
    // The least privileged first: a visitor activates, the administrator's attempt after it is refused.
    expect(activation?.steps.map((step) => step.step)).toEqual([
      'create community/v1 signup',
      'activated by anonymous (anonymous)',
      'activation again by admin (administrator)',
    ]);
    expect(activation?.leftovers).toEqual([]);
  });

  it('tries, when no answer shows the activation key, whether the signup id activates it', async () => {
    const { findings, events } = await runWith([activationKeyVariable(), activationKeyHidden()]);
    // The reference server activates by id too: with the key hidden, anyone who knows a signup id activates it.
    expect(findingLines(findings)).toContain(
      String.raw`stateful_sequence failure en_gb POST /community/v1/signup/activate/(?P<activation_key>[\w-]+): signup activation (en_gb): activate the signup by its id instead of its activation_key as anonymous (anonymous): expected a 4xx refusal, got 200`,
    );
    const activation = sequencesOf(events).find((sequence) => sequence.name === 'signup activation');
    expect(activation?.outcome).toBe('failed');
    // The member the wrong activation made is deleted with the signup.
    expect(activation?.leftovers).toEqual([]);
  });
});
