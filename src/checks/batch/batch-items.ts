/**
 * `batch_items`: a `normal` batch of mixed items is answered with 207 and one answer per item, in request order,
 * each with its own status; what its creates made is answered with an id.
 */
import { describeSeen, isRefusal, isSuccess, type SeenAnswer } from '../answer-seen.js';
import type { EvidenceCheck } from '../types.js';
import { describeItem, expectSuccess, type ItemAnswer } from './evidence.js';

/** What an item of the mixed batch asks for, each kind with the answer it must get. */
export type BatchItemKind = 'create' | 'unknown path' | 'not allowed' | 'invalid create';

/** One item as sent: its kind, and `what` it is for the message (`an item for an unknown path`). */
export interface SentItem {
  kind: BatchItemKind;
  what: string;
}

export type BatchItemsEvidence =
  /** What the batch answered as a whole. */
  | { step: 'answer'; answer: SeenAnswer }
  /** Its item answers (undefined: no list), against the items sent; the first and last creates sent these values. */
  | { step: 'items'; items: readonly SentItem[]; answers: readonly ItemAnswer[] | undefined; firstValue: string; lastValue: string }
  /** The id in the answer of the create at `position` (1-based), read from its `idField`. */
  | { step: 'created id'; position: number; idField: string; id: string | undefined };

const EXPECTED: Record<BatchItemKind, { test(item: ItemAnswer): boolean; expected: string }> = {
  // A create refused for lack of rights is no finding here: the sequence stops before it reads anything back.
  create: { test: (item) => isSuccess(item.status) || isRefusal(item.status), expected: 'a 2xx' },
  'unknown path': { test: (item) => item.status === 404, expected: '404 rest_no_route' },
  'not allowed': { test: (item) => item.status === 400 && item.code === 'rest_batch_not_allowed', expected: '400 rest_batch_not_allowed' },
  'invalid create': { test: (item) => item.status === 400, expected: '400' },
};

export const batchItems: EvidenceCheck<BatchItemsEvidence> = {
  name: 'batch_items',
  severity: 'failure',
  description:
    'Batch items are answered in request order, each with its own status: 404 for an unknown path, 400 rest_batch_not_allowed for a route without allow_batch, 400 for invalid input.',
  evidence: 'batch',
  judge(evidence) {
    switch (evidence.step) {
      case 'answer': {
        const { answer } = evidence;
        if (!isSuccess(answer.status)) return expectSuccess('a normal batch of mixed items', answer);
        return answer.status === 207 ? [] : [{ message: `a normal batch answered ${describeSeen(answer)}; expected 207` }];
      }
      case 'items': {
        const { items, answers } = evidence;
        if (answers?.length !== items.length) return [{ message: `${items.length} items got ${answers?.length ?? 'no list of'} answers` }];
        for (const [index, item] of items.entries()) {
          const { test, expected } = EXPECTED[item.kind];
          if (!test(answers[index]!)) return [{ message: `item ${index + 1}, ${item.what}, answered ${describeItem(answers[index])}; expected ${expected}` }];
        }
        if (answers[0]!.text.includes(evidence.lastValue) || answers[answers.length - 1]!.text.includes(evidence.firstValue)) {
          return [{ message: "the answers are not in request order: the first item is answered with the last item's resource" }];
        }
        return [];
      }
      case 'created id':
        return evidence.id === undefined ? [{ message: `item ${evidence.position}'s answer has no "${evidence.idField}"` }] : [];
    }
  },
};
