/** stateful_sequence: each step of a resource sequence answers as the step requires, and what was written reads back. */
import { sameJsonMeaning } from '../../descriptor/json-meaning.js';
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { SequenceStep } from './evidence.js';
import { describeAnswer, idText, itemsWith } from './step-answer.js';
import { unmetStatus } from './step-status.js';
import { holdsWritten } from './written.js';

/** One component as a list of components shows it. */
export interface ComponentState {
  name: string;
  active: boolean;
}

/** The components a list answer shows, each active or not. */
export function componentsIn(list: unknown): ComponentState[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const component = item as Record<string, unknown> | null;
    return typeof component?.name === 'string' ? [{ name: component.name, active: component.is_active === true || component.status === 'active' }] : [];
  });
}

/**
 * True when a read-back `value` holds what was written: the same list, or the one value alone, also inside
 * WordPress's renderings (`{unserialized, rendered}`, `{raw, rendered}`).
 */
function holdsValues(actual: unknown, written: readonly string[]): boolean {
  return sameJsonMeaning(actual, written) || holdsWritten(actual, written.length === 1 ? written[0] : written, 'value');
}

const listed = (list: unknown, field: string, id: string): boolean => itemsWith({ json: list }, field, id).length > 0;

/** What is wrong with the step, if anything. */
function departure(step: SequenceStep): string | undefined {
  switch (step.step) {
    case 'status':
      return unmetStatus(step);
    case 'created':
      return step.id === undefined ? `the ${step.family} create answer has no "${step.idField}"` : undefined;
    case 'read': {
      const named = step.answer.field(step.idField);
      return idText(named) === step.id ? undefined : `reading ${step.family} ${step.id} answered ${step.idField} ${JSON.stringify(named)}`;
    }
    case 'deleted':
      return step.forced && step.answer.field('status') === 'trash'
        ? `a delete with force=true moved the ${step.family} to the trash instead of deleting it`
        : undefined;
    case 'emptied':
      return step.answer.status === undefined || step.answer.status >= 500
        ? `updating the ${step.family}'s ${step.field} to "" (a value its descriptor allows) answered ${describeAnswer(step.answer)}; expected it taken or refused with a 4xx`
        : undefined;
    case 'repeated':
      return step.answer.status !== undefined && step.answer.status < 400
        ? `${step.what} answered ${describeAnswer(step.answer)}; expected a refusal`
        : undefined;
    case 'activated':
      return step.memberId === undefined ? 'no member came of the activation: its answer has no "user_id" and the signup\'s login finds nobody' : undefined;
    case 'blocked':
      return step.itemId === undefined ? 'the block answer has no moderation item "id"' : undefined;
    case 'moderation listed':
      if (listed(step.list, 'id', step.itemId) === step.blocked) return undefined;
      return step.blocked
        ? `the block of member ${step.member} (item ${step.itemId}) is not in the moderation list`
        : `member ${step.member} is still blocked (item ${step.itemId} listed) after the unblock`;
    case 'following listed':
      if (listed(step.list, 'id', step.member) === step.following) return undefined;
      return step.following
        ? `member ${step.member} is not in the following list after the follow`
        : `member ${step.member} is still in the following list after the unfollow`;
    case 'components listed':
      return componentsIn(step.list).some((candidate) => candidate.name === step.name)
        ? undefined
        : `component ${step.name} is not among the ${step.active ? 'active' : 'inactive'} components ${step.when}`;
    case 'field data read':
      if (!step.deleted)
        return holdsValues(step.read, step.written) ? undefined : `the data read back is ${JSON.stringify(step.read)}, written ${JSON.stringify(step.written)}`;
      return JSON.stringify(step.read ?? null).includes(step.written[0]!) ? `the data is still ${JSON.stringify(step.read)} after the delete` : undefined;
  }
}

export const statefulSequence: EvidenceCheck<SequenceStep> = {
  name: 'stateful_sequence',
  severity: 'failure',
  description:
    'Each step of a resource sequence (create, read, update, delete, activate, block, follow, field data) answers as the step requires, and what was written reads back.',
  evidence: 'stateful',
  judge(step): CheckFailure[] {
    const message = departure(step);
    return message === undefined ? [] : [{ message }];
  },
};
