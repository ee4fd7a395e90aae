/**
 * A request whose every parameter is valid under WordPress's rules is never rejected by WordPress's generic
 * argument handling (400 rest_invalid_param / rest_missing_callback_param naming one of those parameters).
 * A 400 rest_missing_callback_param naming a parameter the descriptor does not mark required comes from the
 * route's own cross-field rules (e.g. a note required for the category "other"), which a descriptor cannot
 * state: that is not a departure from the descriptor and is not reported.
 */
import type { Check } from '../types.js';
import { namedParams, wpErrorBody } from './response-helpers.js';

export const validAccepted: Check = {
  name: 'valid_accepted',
  severity: 'failure',
  description: 'A request with only valid parameters is not answered 400 rest_invalid_param / rest_missing_callback_param.',
  run(ctx, exchange) {
    const response = exchange.response;
    if (ctx.requestCase.mutation || !response || response.status !== 400) return [];
    const error = wpErrorBody(response);
    if (!error) return [];
    const named = namedParams(error);
    if (error.code === 'rest_invalid_param') {
      return [{ message: `valid request rejected as invalid: ${named.join(', ') || '(no params named)'} (${error.message})`, cause: `invalid:${named.sort().join(',')}` }];
    }
    if (error.code === 'rest_missing_callback_param') {
      const wrongly = named.filter((name) => ctx.operation.args[name]?.required === true);
      if (wrongly.length) {
        return [{ message: `required parameter(s) reported missing although sent: ${wrongly.join(', ')}`, cause: `missing:${wrongly.sort().join(',')}` }];
      }
    }
    return [];
  },
};
