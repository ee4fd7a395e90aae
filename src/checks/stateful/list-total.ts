/**
 * list_total: a created resource is in its list, whose X-WP-Total grows by one with it and shrinks back after its
 * delete. The totals are those of a list narrowed to what the run can attribute to itself (by `include`, by its
 * search token, by its own parent), read with the resource's own value for any list argument whose declared default
 * would leave it out (a notification of a component the site did not register), and they are compared only when the
 * list's other items are the same at both reads: another writer on the same server (a parallel shard, another user)
 * changes whole-list totals without any fault of the server's.
 */
import { itemsWith } from './step-answer.js';
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { ListTotalRead, ListTotalStep } from '../collections/evidence.js';

/** Two reads whose totals differ only by what the run did: the same query, and the same other items, all seen. */
export function totalsComparable(first: ListTotalRead, second: ListTotalRead): boolean {
  if (first.query !== second.query || first.others === undefined || second.others === undefined) return false;
  return first.others.length === second.others.length && first.others.every((id, index) => id === second.others![index]);
}

/** The narrowing of the reads compared, as the message says it. */
const under = (read: ListTotalRead): string => (read.narrowed === undefined ? '' : ` (the list ${read.narrowed})`);

function departure(step: ListTotalStep): string | undefined {
  switch (step.step) {
    case 'listed':
      return step.pages.some((page) => itemsWith({ json: page }, step.idField, step.id).length > 0)
        ? undefined
        : `the new ${step.family} ${step.id} is not in its list (${step.how})`;
    case 'created': {
      const { before, after } = step;
      // Totals compare only when the one before was read and nothing but the create changed the list.
      if (before === undefined || before.total === undefined || !totalsComparable(before, after) || after.total === before.total + 1) return undefined;
      return `X-WP-Total went from ${before.total} to ${after.total ?? '(none)'} after one create${under(after)}`;
    }
    case 'deleted': {
      const { withIt, after } = step;
      if (withIt === undefined || withIt.total === undefined || !totalsComparable(withIt, after) || after.total === withIt.total - 1) return undefined;
      return `X-WP-Total is ${after.total ?? '(none)'} after the delete, ${withIt.total} with the ${step.family} in the list${under(after)}`;
    }
  }
}

export const listTotal: EvidenceCheck<ListTotalStep> = {
  name: 'list_total',
  severity: 'failure',
  description:
    "A created resource appears in its list, and the list's X-WP-Total, narrowed to what the run made (by `include`, its search token or its own parent), grows by one with it and shrinks back after the delete; compared only when the list's other items are the same at both reads, so another writer on the server is not blamed on it.",
  evidence: 'stateful',
  judge(step): CheckFailure[] {
    const message = departure(step);
    return message === undefined ? [] : [{ message }];
  },
};
