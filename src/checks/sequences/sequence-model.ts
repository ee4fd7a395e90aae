/**
 * sequence_model: after every step of a model-based sequence (creates, reads, updates, deletes, lists and actions
 * in an order no life cycle tries, as any of the run's accounts, through any locale), what the server answered and
 * what a read shows agree with the model of what the sequence did: no 5xx; written values hold; a deleted resource
 * is gone everywhere; nothing readable names a deleted parent; lists and totals count what exists; an account is
 * refused what it may not do.
 */
import { describeSeen, isSuccess } from '../answer-seen.js';
import { holdsWritten } from '../stateful/written.js';
import { idText, type StepAnswer } from '../stateful/step-answer.js';
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { ModelExpectation, SequenceModelStep } from './evidence.js';

function seen(answer: StepAnswer): string {
  return describeSeen({ status: answer.status, code: answer.code, error: answer.exchange.error?.code });
}

function serverError(answer: StepAnswer): boolean {
  return answer.status === undefined || answer.status >= 500;
}

function judgeAnswer(step: string, expectation: Extract<ModelExpectation, { kind: 'answer' }>): CheckFailure[] {
  const { answer, why } = expectation;
  const status = answer.status;
  if (serverError(answer)) return [{ message: `${step} answered ${seen(answer)}; the model expected ${describeExpected(expectation)} (${why})` }];
  let holds: boolean;
  switch (expectation.expected) {
    case 'success':
      holds = isSuccess(status);
      break;
    case 'refused':
      holds = !isSuccess(status);
      break;
    case 'answered':
      holds = true;
      break;
    case 'gone':
      holds = status === 404 || status === 410 || (!expectation.strict && (status === 401 || status === 403));
      break;
  }
  return holds ? [] : [{ message: `${step} answered ${seen(answer)}; the model expected ${describeExpected(expectation)} (${why})` }];
}

function describeExpected(expectation: Extract<ModelExpectation, { kind: 'answer' }>): string {
  switch (expectation.expected) {
    case 'success':
      return 'a 2xx';
    case 'refused':
      return 'a refusal';
    case 'answered':
      return 'an answer without a 5xx';
    case 'gone':
      return expectation.strict ? '404 or 410' : '404 or 410 (or 401/403)';
  }
}

function idsIn(list: unknown, idField: string): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => {
    const id = typeof item === 'object' && item !== null ? idText((item as Record<string, unknown>)[idField]) : undefined;
    return id === undefined ? [] : [id];
  });
}

function judgeListed(step: string, expectation: Extract<ModelExpectation, { kind: 'listed' }>): CheckFailure[] {
  const { family, idField, live, deleted, exact, whole, list, total } = expectation;
  if (!Array.isArray(list)) return [{ message: `${step}: the ${family} list answered no JSON array` }];
  const listed = new Set(idsIn(list, idField));
  const failures: CheckFailure[] = [];
  const still = deleted.filter((id) => listed.has(id));
  if (still.length > 0) failures.push({ message: `${step}: the list still shows ${family} ${still.join(', ')}, deleted before` });
  const missing = whole ? live.filter((id) => !listed.has(id)) : [];
  if (missing.length > 0) failures.push({ message: `${step}: the list lacks ${family} ${missing.join(', ')}, which the model holds live` });
  if (exact && total !== undefined && total !== live.length)
    failures.push({ message: `${step}: X-WP-Total is ${total}; the model holds ${live.length} live ${family} in this list (${live.join(', ') || 'none'})` });
  return failures;
}

function judgeOrphan(step: string, expectation: Extract<ModelExpectation, { kind: 'orphan' }>): CheckFailure[] {
  const { resource, parent, answer } = expectation;
  if (serverError(answer)) return [{ message: `${step} answered ${seen(answer)} after its parent ${parent.family} ${parent.id} was deleted` }];
  if (!isSuccess(answer.status)) return [];
  if (parent.via === 'path')
    return [{ message: `${step} answered ${seen(answer)}: ${resource} is still read under ${parent.family} ${parent.id}, which was deleted` }];
  const named = idText(answer.field(parent.field));
  return named === parent.id
    ? [
        {
          message: `${step}: ${resource} still names ${parent.family} ${parent.id} in ${parent.field}, which was deleted; the model expected it gone or re-parented`,
        },
      ]
    : [];
}

export const sequenceModel: EvidenceCheck<SequenceModelStep> = {
  name: 'sequence_model',
  severity: 'failure',
  description:
    'After each step of a model-based sequence (any order of creates, reads, updates, deletes, lists and actions, as any account, through any locale), the answer and a read agree with the model: no 5xx, written values hold, a deleted resource answers 404/410, nothing names a deleted parent, lists and X-WP-Total count what exists, an account is refused what it may not do.',
  evidence: 'sequences',
  judge({ step, expectation }): CheckFailure[] {
    switch (expectation.kind) {
      case 'answer':
        return judgeAnswer(step, expectation);
      case 'created':
        return expectation.id === undefined ? [{ message: `${step} answered a 2xx naming no id of the new ${expectation.family}` }] : [];
      case 'values': {
        const read = expectation.read;
        if (read === null || typeof read !== 'object' || Array.isArray(read)) return [];
        const shown = read as Record<string, unknown>;
        return Object.entries(expectation.written)
          .filter(([field, value]) => field in shown && !holdsWritten(shown[field], value, field))
          .map(([field, value]) => ({
            message: `${step}: ${expectation.resource} reads ${field} ${JSON.stringify(shown[field])}; the sequence last wrote ${JSON.stringify(value)}`,
          }));
      }
      case 'listed':
        return judgeListed(step, expectation);
      case 'orphan':
        return judgeOrphan(step, expectation);
    }
  },
};
