/**
 * access_other_resource: an ordinary account (a member, an author) cannot update or delete a resource another
 * account made, nor read its edit context (`docs/wordpress/behaviour.md#contexts-fields-and-allow`): each attempt is refused, and the maker's
 * read afterwards shows the resource still there and the field unchanged. A refusal that changed the data anyway is
 * as broken as a success.
 */
import type { OtherAccountAttempt } from './evidence.js';
import { describeAnswer, fieldsOf, isSuccess } from './step-answer.js';
import type { CheckFailure, EvidenceCheck } from '../types.js';

function departure(attempt: OtherAccountAttempt): string | undefined {
  switch (attempt.attempt) {
    case 'edit context': {
      // Refused, or no field beyond what `context=view` shows the same account: edit fields are for those who may edit.
      const { edit, view } = attempt;
      if (!isSuccess(edit) || view === undefined || !isSuccess(view)) return undefined;
      const beyond = fieldsOf(edit.json).filter((key) => !fieldsOf(view.json).includes(key));
      if (beyond.length === 0) return undefined;
      return `${attempt.who} read the ${attempt.family} ${attempt.id} it may not edit with context=edit and got fields view does not show: ${beyond.join(', ')}; expected 401/403 rest_forbidden_context`;
    }
    case 'update':
      if (!isSuccess(attempt.answer)) return undefined;
      return `${attempt.who} updated the ${attempt.family} ${attempt.id} that ${attempt.maker} made (${attempt.field}): ${describeAnswer(attempt.answer)}; expected 401/403`;
    case 'delete':
      if (!isSuccess(attempt.answer)) return undefined;
      return `${attempt.who} deleted the ${attempt.family} ${attempt.id} that ${attempt.maker} made: ${describeAnswer(attempt.answer)}; expected 401/403`;
    case 'maker read':
      if (isSuccess(attempt.answer)) return undefined;
      return `after refused deletes by ${attempt.others}, its maker's read of the ${attempt.family} answered ${describeAnswer(attempt.answer)}`;
    case 'unchanged': {
      const { before, field } = attempt;
      // An update that succeeded is a finding of its own; the value then changed as asked.
      if (attempt.updates.some(isSuccess) || before === undefined || attempt.after === undefined) return undefined;
      const after = attempt.after as Record<string, unknown>;
      if (JSON.stringify(after[field]) === JSON.stringify(before[field])) return undefined;
      return `after refused updates by ${attempt.others}, ${field} reads ${JSON.stringify(after[field])}, was ${JSON.stringify(before[field])}`;
    }
  }
}

export const accessOtherResource: EvidenceCheck<OtherAccountAttempt> = {
  name: 'access_other_resource',
  severity: 'failure',
  concern: 'security',
  description:
    "An ordinary account (a member, an author) cannot update or delete a resource another account made, nor read it with `context=edit`: in each life cycle, every such account given with `--account` tries all three; each must be refused (an edit read may instead show no field beyond `view`), and the maker's read afterwards shows the resource unchanged.",
  evidence: 'stateful',
  judge(attempt): CheckFailure[] {
    const message = departure(attempt);
    return message === undefined ? [] : [{ message }];
  },
};
