/**
 * No input, valid or not, may make the server fail: a 5xx is a finding. Except a deliberate 501 with an error
 * code, WordPress's way of saying "not implemented" (`rest_trash_not_supported` on a delete without `force`, a
 * plugin's "not available"): that is a note, or a warning where the descriptor declares the method it refuses.
 */
import type { ExchangeCheck } from '../types.js';
import { wpErrorBody } from './response-helpers.js';

/** WordPress core's 501 for a delete without `force` of a type that has no trash (users, terms, …). */
const TRASH_NOT_SUPPORTED = 'rest_trash_not_supported';

export const notAServerError: ExchangeCheck = {
  name: 'not_a_server_error',
  evidence: 'exchange',
  severity: 'failure',
  description:
    'Never a 5xx, whatever the input; a 501 with an error code is WordPress saying "not implemented" (`rest_trash_not_supported` on a delete without `force`): a coverage note, or a warning where the descriptor declares the method.',
  judge({ context: ctx, exchange }) {
    const response = exchange.response;
    if (response === undefined || response.status < 500) return [];
    const error = response.status === 501 ? wpErrorBody(response) : undefined;
    if (error === undefined) return [{ message: `answered ${response.status}`, cause: String(response.status) }];
    const declared = ctx.routeMethods.includes(ctx.operation.method);
    if (error.code === TRASH_NOT_SUPPORTED || !declared) {
      return [{ message: `answered 501 ${error.code}: not implemented here, as WordPress says it`, note: true }];
    }
    return [
      {
        message: `answered 501 ${error.code}: the descriptor declares ${ctx.operation.method} here, but the server does not implement it`,
        cause: `501:${error.code}`,
        severity: 'warning',
      },
    ];
  },
};
