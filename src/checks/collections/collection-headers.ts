/** A paginated list tells its size: X-WP-Total and X-WP-TotalPages on every answer, 0 and 0 for an empty one. */
import type { CheckFailure, EvidenceCheck } from '../types.js';
import type { HeadersEvidence, ListAnswer } from './evidence.js';

/** Both total headers as whole numbers on an answer with items. */
function headersOf(answer: ListAnswer, paginated: boolean): CheckFailure[] {
  if (answer.status !== 200 || answer.items === undefined) return [];
  if (!paginated || (answer.total !== undefined && answer.pages !== undefined)) return [];
  const empty = answer.items.length === 0 ? 'an empty ' : 'a ';
  const missing = answer.totalHeader === undefined && answer.pagesHeader === undefined;
  return [
    {
      message: missing
        ? `${empty}list answer has no X-WP-Total and X-WP-TotalPages headers`
        : `${empty}list answer has X-WP-Total ${JSON.stringify(answer.totalHeader ?? null)} and X-WP-TotalPages ${JSON.stringify(answer.pagesHeader ?? null)}; both must be whole numbers`,
      cause: `${answer.items.length === 0 ? 'empty' : 'list'}:${missing ? 'missing' : 'malformed'}`,
    },
  ];
}

/** An empty list is 200 `[]` with X-WP-Total 0 and X-WP-TotalPages 0. */
function emptyTotals(empty: ListAnswer, paginated: boolean, how: string): CheckFailure[] {
  if (empty.status !== 200 || empty.items === undefined || empty.items.length > 0 || !paginated) return [];
  if (empty.total === undefined || empty.pages === undefined) return []; // judged as an answer
  if (empty.total === 0 && empty.pages === 0) return [];
  return [
    {
      message: `an empty list (${how}) has X-WP-Total ${empty.total} and X-WP-TotalPages ${empty.pages}; expected 0 and 0`,
      cause: 'empty:not-zero',
    },
  ];
}

export const collectionHeaders: EvidenceCheck<HeadersEvidence> = {
  name: 'collection_headers',
  evidence: 'collections',
  severity: 'failure',
  description:
    'Every answer of a paginated list, an empty one included, carries X-WP-Total and X-WP-TotalPages as whole numbers (0 and 0 for an empty list); walking the pages finds X-WP-Total items.',
  judge(evidence) {
    switch (evidence.seen) {
      case 'answer':
        return headersOf(evidence.answer, evidence.paginated);
      case 'possibly-empty':
        return emptyTotals(evidence.answer, evidence.paginated, evidence.how);
      case 'walk-page': {
        const { page, total, answer } = evidence;
        if (answer.total === undefined || answer.total === total) return [];
        return [
          { message: `page ${page} reports X-WP-Total ${answer.total}, the first page ${total}, with nothing written between`, cause: 'walk:total-changes' },
        ];
      }
    }
  },
};
