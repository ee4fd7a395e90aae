/** A request with one invalid parameter is answered 400, and the error names that parameter. */
import type { Check } from '../types.js';
import { namedParams, wpErrorBody } from './response-helpers.js';

export const invalidRejected: Check = {
  name: 'invalid_rejected',
  severity: 'failure',
  description: 'A request with one invalid parameter is answered 400 rest_invalid_param (or rest_missing_callback_param when a required one is missing) naming it.',
  run(ctx, exchange) {
    const mutation = ctx.requestCase.mutation;
    const response = exchange.response;
    // No answer or a 5xx is already another check's finding.
    if (!mutation || !response || response.status >= 500) return [];
    const expectedCode = mutation.rule === 'missing_required' ? 'rest_missing_callback_param' : 'rest_invalid_param';
    const what = `${mutation.description} [${mutation.rule}]`;
    if (response.status !== 400) {
      return [{ message: `invalid request answered ${response.status}, expected 400 ${expectedCode}: ${what}`, cause: `${mutation.rule}:${response.status}` }];
    }
    const error = wpErrorBody(response);
    if (!error) return [{ message: `invalid request answered 400 without a WordPress error body: ${what}`, cause: `${mutation.rule}:no-body` }];
    if (!namedParams(error).includes(mutation.param)) {
      return [{ message: `400 ${error.code} does not name "${mutation.param}" in data.params: ${what}`, cause: `${mutation.rule}:not-named` }];
    }
    return [];
  },
};
