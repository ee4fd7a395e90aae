/**
 * `batch_validation`: `require-all-validate` with one invalid item runs nothing and answers 207 `failed:
 * "validation"`; `normal` runs the valid items (read back afterwards).
 */
import { describeSeen, type SeenAnswer } from '../answer-seen.js';
import type { EvidenceCheck } from '../types.js';
import { expectSuccess } from './evidence.js';

export type BatchValidationEvidence =
  /** A read of what a valid create of a `normal` batch made, as `what` says. */
  | { step: 'read back'; what: string; answer: SeenAnswer }
  /**
   * A `require-all-validate` batch of a valid create and an invalid one: its answer, the `failed` member of it, and
   * the ids of `family` resources a read-back found the valid create made (undefined: none could look).
   */
  | { step: 'require-all-validate'; family: string; answer: SeenAnswer; failed: unknown; created: readonly string[] | undefined };

export const batchValidation: EvidenceCheck<BatchValidationEvidence> = {
  name: 'batch_validation',
  severity: 'failure',
  description: 'require-all-validate with one invalid item runs nothing and answers 207 failed "validation"; normal runs the valid items.',
  evidence: 'batch',
  judge(evidence) {
    if (evidence.step === 'read back') return expectSuccess(evidence.what, evidence.answer);
    const { family, answer, failed, created } = evidence;
    if (created !== undefined && created.length > 0) {
      return [{ message: `a require-all-validate batch with one invalid item ran its valid item (${family} ${created.join(', ')} exists afterwards)` }];
    }
    if (answer.status !== 207 || failed !== 'validation') {
      return [
        {
          message: `a require-all-validate batch with one invalid item answered ${describeSeen(answer)} with failed ${JSON.stringify(failed)}; expected 207 with failed "validation"`,
        },
      ];
    }
    return [];
  },
};
