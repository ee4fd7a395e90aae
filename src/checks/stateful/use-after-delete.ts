/** use_after_delete: a deleted resource answers 404 to a read, an update and a second delete, and leaves its list. */
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { AfterDelete } from './evidence.js';
import { describeAnswer, isSuccess, itemsWith } from './step-answer.js';

function departure(step: AfterDelete): string | undefined {
  if (step.step === 'sent') return isSuccess(step.answer) ? `${step.what} after the delete answered ${describeAnswer(step.answer)}; expected 404` : undefined;
  return itemsWith({ json: step.list }, step.idField, step.id).length > 0 ? `the deleted ${step.family} ${step.id} is still in its list` : undefined;
}

export const useAfterDelete: EvidenceCheck<AfterDelete> = {
  name: 'use_after_delete',
  severity: 'failure',
  description: 'A deleted resource answers 404 to a read, an update and a second delete.',
  evidence: 'stateful',
  judge(step): CheckFailure[] {
    const message = departure(step);
    return message === undefined ? [] : [{ message }];
  },
};
