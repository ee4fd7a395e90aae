/** Ordered by id, a total order, `order=desc` is `order=asc` reversed. */
import type { EvidenceCheck } from '../types.js';
import type { OrderEvidence } from './evidence.js';
import { idsAreUsable, showIds } from './list-answer.js';

export const collectionOrder: EvidenceCheck<OrderEvidence> = {
  name: 'collection_order',
  evidence: 'collections',
  severity: 'failure',
  description: 'With orderby=id (a total order), order=asc answers the items of order=desc in reverse.',
  judge({ ascending, answer }) {
    if (answer.status !== 200 || !idsAreUsable(answer)) return [];
    const reversed = [...ascending].reverse();
    if (answer.ids.join(',') === reversed.join(',')) return [];
    return [
      {
        message: `ordered by id, order=desc answers ${showIds(answer.ids)}; order=asc answered ${showIds(ascending)}, reversed ${showIds(reversed)}`,
        cause: 'desc-not-reversed',
      },
    ];
  },
};
