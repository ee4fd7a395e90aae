/** list_total: a created resource is in its list, whose X-WP-Total grows by one with it and shrinks back after its delete. */
import type { ListTotalStep } from '../resources/evidence.js';
import { itemsWith } from '../resources/step-answer.js';
import type { CheckFailure, EvidenceCheck } from '../types.js';

function departure(step: ListTotalStep): string | undefined {
  switch (step.step) {
    case 'listed':
      return step.pages.some((page) => itemsWith({ json: page }, step.idField, step.id).length > 0)
        ? undefined
        : `the new ${step.family} ${step.id} is not in its list (${step.how})`;
    case 'created': {
      const { before, after } = step;
      // Totals compare only under the same query, and only when the one before was read.
      if (before?.query !== after.query || before.total === undefined || after.total === before.total + 1) return undefined;
      return `X-WP-Total went from ${before.total} to ${after.total ?? '(none)'} after one create`;
    }
    case 'deleted':
      if (step.withIt === undefined || step.after === step.withIt - 1) return undefined;
      return `X-WP-Total is ${step.after ?? '(none)'} after the delete, ${step.withIt} with the ${step.family} in the list`;
  }
}

export const listTotal: EvidenceCheck<ListTotalStep> = {
  name: 'list_total',
  severity: 'failure',
  description: "A created resource appears in its list, the list's X-WP-Total grows by one, and shrinks back after the delete.",
  evidence: 'life-cycle',
  judge(step): CheckFailure[] {
    const message = departure(step);
    return message === undefined ? [] : [{ message }];
  },
};
