/**
 * A request with one invalid parameter is refused, and WordPress's own validation names that parameter.
 *
 * WordPress skips the declared type check when a route gives an argument its own validate or sanitize callback;
 * the route then refuses a bad value its own way (`reassign: 5.5` on a user delete: 404 `rest_user_invalid_id`).
 * Such an answer, a 4xx with an error code other than 401 and 403, is a refusal: a note, not a failure. A 401 or
 * 403 still fails (the permission check ran before validation), and so does an answer that accepts the value,
 * unless the run itself sent the request without its credentials (a write guard held them back, see
 * `engine/execution/write-guards/`): such a refusal judges neither the account's rights nor the order of validation,
 * so it is a note.
 */
import type { CheckFailure, ExchangeCheck } from '../types.js';
import { namedParams, VALIDATION_CODES, wpErrorBody } from './response-helpers.js';

/** Statuses that say who may call, not what was sent: validation must come before them. */
const PERMISSION_STATUSES: ReadonlySet<number> = new Set([401, 403]);

export const invalidRejected: ExchangeCheck = {
  name: 'invalid_rejected',
  evidence: 'exchange',
  severity: 'failure',
  needsCase: true,
  appliesTo: (ctx) => ctx.requestCase.mutation !== undefined,
  description:
    'A request with one invalid parameter is answered 400 and `data.params` names it. A route that refuses the value its own way (a 4xx with an error code other than 401/403, e.g. 404 `rest_user_invalid_id`, as WordPress does where an argument has its own validate or sanitize callback) gets a coverage note, not a failure; 401/403 still fail (permission checked before validation), except to a write the run itself sent without credentials (a note); a 2xx is one failure per operation and argument, with a count.',
  judge({ context: ctx, exchange }) {
    const mutation = ctx.requestCase.mutation;
    const response = exchange.response;
    // No answer or a 5xx is already another check's finding.
    if (!mutation || !response || response.status >= 500) return [];
    const argument = mutation.param;
    const expectedCode = mutation.rule === 'missing_required' ? 'rest_missing_callback_param' : 'rest_invalid_param';
    const what = `${mutation.description} [${mutation.rule}]`;
    const error = wpErrorBody(response);
    if (response.status >= 200 && response.status < 300) {
      // One finding per argument, whatever the rule and the value: the count says how often it was taken.
      return [
        {
          message: `"${argument}" given a value the descriptor declares invalid was accepted (${response.status}), expected 400 ${expectedCode}: ${what}`,
          cause: 'accepted',
          argument,
        },
      ];
    }
    if (response.status >= 400 && !PERMISSION_STATUSES.has(response.status) && error && !VALIDATION_CODES.has(error.code)) {
      return namedParams(error).includes(argument) ? [] : [refusalNote(argument, response.status, error.code)];
    }
    if (PERMISSION_STATUSES.has(response.status) && ctx.credentialsWithheld === true) return [withheldNote(response.status)];
    if (response.status !== 400) {
      return [
        {
          message: `invalid request answered ${response.status}, expected 400 ${expectedCode}: ${what}`,
          cause: `${mutation.rule}:${response.status}`,
          argument,
        },
      ];
    }
    if (!error) return [{ message: `invalid request answered 400 without a WordPress error body: ${what}`, cause: `${mutation.rule}:no-body`, argument }];
    if (!namedParams(error).includes(argument)) {
      return [{ message: `400 ${error.code} does not name "${argument}" in data.params: ${what}`, cause: `${mutation.rule}:not-named`, argument }];
    }
    return [];
  },
};

/** The note for a refusal of a request the run sent without credentials: one per operation and status. */
function withheldNote(status: number): CheckFailure {
  return {
    message: `invalid requests the run sent without credentials were refused with ${status}: that judges neither the account's rights nor the order of validation`,
    note: true,
  };
}

/** The note for a refusal in the route's own words; the same for every request that draws it, so it is listed once. */
function refusalNote(argument: string, status: number, code: string): CheckFailure {
  return { message: `an invalid "${argument}" was refused with ${status} ${code}, which does not name it`, argument, note: true };
}
