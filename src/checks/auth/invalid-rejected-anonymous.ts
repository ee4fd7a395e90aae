/** `invalid_rejected_anonymous`: invalid input sent without credentials to a route that refuses anonymous callers. */
import { describeSeen, type SeenAnswer } from '../answer-seen.js';
import type { EvidenceCheck } from '../types.js';

/** The codes of WordPress's own validation, which runs before the permission check. */
const VALIDATION_CODES = new Set(['rest_invalid_param', 'rest_missing_callback_param']);

export interface InvalidAnonymousEvidence {
  /** The rule the request's input breaks, as the mutation that broke it describes it. */
  brokenRule: string | undefined;
  /** The argument the mutation made invalid. */
  argument?: string;
  answer: SeenAnswer;
  /**
   * The same request sent with the run's credentials, when the anonymous one was refused: it tells whether the route
   * validates this input at all before its callback runs.
   */
  withCredentials?: SeenAnswer;
  /** The arguments the credentialed answer's `data.params` names. */
  namedWithCredentials?: readonly string[];
}

/**
 * Whether the credentialed answer is WordPress's validation refusing the broken argument itself. A 400 that names only
 * other arguments (a `template` that check_template refuses beside an `excerpt` WordPress never validates, as it never
 * validates `title` and `content`) says nothing of that argument, so it does not show validation after permission.
 */
function validatedWithCredentials({ argument, withCredentials, namedWithCredentials }: InvalidAnonymousEvidence): boolean {
  if (withCredentials?.status !== 400 || !VALIDATION_CODES.has(withCredentials.code ?? '')) return false;
  return argument === undefined || namedWithCredentials === undefined || namedWithCredentials.includes(argument);
}

/**
 * An anonymous answer that refuses the request otherwise than WordPress's validation does: a 401 or 403, or the
 * route's own 4xx, such as the 404 `rest_comment_invalid_id` that WordPress's update_item_permissions_check gives for
 * an id that names no comment. Only the same request with credentials tells whether the input is validated at all.
 */
export function needsCredentialedComparison(answer: SeenAnswer): boolean {
  return answer.status !== undefined && answer.status >= 400 && answer.status < 500 && answer.status !== 400;
}

export const invalidRejectedAnonymous: EvidenceCheck<InvalidAnonymousEvidence> = {
  name: 'invalid_rejected_anonymous',
  severity: 'failure',
  description:
    'Invalid input on a route that refuses anonymous callers is rejected with 400 even without credentials: validation comes before the permission check.',
  evidence: 'auth',
  judge(evidence) {
    const { brokenRule, answer, withCredentials } = evidence;
    if (answer.status === 400 || answer.status === undefined) return [];
    // An argument with a sanitize_callback of its own and no validate_callback is never validated by WordPress: the
    // permission check is the first to refuse (BuddyPress's member types), with 401/403 or with its own 404 (a comment
    // id that names none: WordPress 6.1's comments content has validate_callback null). Only a route that refuses the
    // same input with WordPress's validation once the caller may call it shows validation running after the
    // permission check; an argument never validated is invalid_rejected's matter.
    if (needsCredentialedComparison(answer) && withCredentials !== undefined && !validatedWithCredentials(evidence)) {
      return [
        {
          message: `invalid input without credentials was refused (${describeSeen(answer)}), and with credentials the route did not refuse it as WordPress's validation does (${describeSeen(withCredentials)}): the argument is not validated before the permission check, so the refusal judges nothing`,
          note: true,
        },
      ];
    }
    return [
      {
        message: `invalid input (${brokenRule ?? 'a broken rule'}) without credentials answered ${describeSeen(answer)}; expected 400, since WordPress validates before it checks permissions`,
        cause: String(answer.status),
      },
    ];
  },
};
