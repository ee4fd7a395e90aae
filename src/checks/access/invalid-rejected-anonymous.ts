/** `invalid_rejected_anonymous`: invalid input sent without credentials to a route that refuses anonymous callers. */
import { describeSeen, type SeenAnswer } from '../answer-seen.js';
import type { EvidenceCheck } from '../types.js';

export interface InvalidAnonymousEvidence {
  /** The rule the request's input breaks, as the mutation that broke it describes it. */
  brokenRule: string | undefined;
  answer: SeenAnswer;
}

export const invalidRejectedAnonymous: EvidenceCheck<InvalidAnonymousEvidence> = {
  name: 'invalid_rejected_anonymous',
  severity: 'failure',
  description:
    'Invalid input on a route that refuses anonymous callers is rejected with 400 even without credentials: validation comes before the permission check.',
  evidence: 'access',
  judge({ brokenRule, answer }) {
    if (answer.status === 400 || answer.status === undefined) return [];
    return [
      {
        message: `invalid input (${brokenRule ?? 'a broken rule'}) without credentials answered ${describeSeen(answer)}; expected 400, since WordPress validates before it checks permissions`,
        cause: String(answer.status),
      },
    ];
  },
};
