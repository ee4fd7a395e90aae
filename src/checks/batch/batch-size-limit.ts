/**
 * `batch_size_limit`: the largest batch the route allows is accepted, one item more is rejected before any of its
 * items runs (read back afterwards).
 */
import { describeSeen, isSuccess, type SeenAnswer } from '../answer-seen.js';
import type { EvidenceCheck } from '../types.js';
import { expectSuccess } from './evidence.js';

export type BatchSizeEvidence =
  /** A batch of the largest size, its items for no route: `answers` is how many item answers came back. */
  | { step: 'largest'; items: number; answer: SeenAnswer; answers: number | undefined }
  /** A batch of one item too many: `ran` is how many of its items a read-back found (undefined: none could look). */
  | { step: 'oversized'; items: number; answer: SeenAnswer; ran: number | undefined };

export const batchSizeLimit: EvidenceCheck<BatchSizeEvidence> = {
  name: 'batch_size_limit',
  severity: 'failure',
  description: 'A batch of the largest size (25) is accepted with 207; one item more is rejected with 400 before any item runs.',
  evidence: 'batch',
  judge(evidence) {
    const { items, answer } = evidence;
    if (evidence.step === 'largest') {
      if (!isSuccess(answer.status)) return expectSuccess(`a batch of ${items} items`, answer);
      if (answer.status !== 207) return [{ message: `a batch of ${items} items answered ${describeSeen(answer)}; expected 207` }];
      if (evidence.answers !== items) return [{ message: `a batch of ${items} items got ${evidence.answers ?? 'no list of'} answers` }];
      return [];
    }
    const ran = evidence.ran !== undefined && evidence.ran > 0 ? `; ${evidence.ran} of its items ran (read back afterwards)` : '';
    if (answer.status !== 400) return [{ message: `a batch of ${items} items answered ${describeSeen(answer)}; expected 400${ran}` }];
    if (ran !== '') return [{ message: `a batch of ${items} items was rejected with 400, but${ran}` }];
    return [];
  },
};
