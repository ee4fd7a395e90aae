/** No input, valid or not, may make the server fail: a 5xx is always a finding. */
import type { Check } from '../types.js';

export const notAServerError: Check = {
  name: 'not_a_server_error',
  severity: 'failure',
  description: 'The server never answers 5xx, whatever the input.',
  run(_ctx, exchange) {
    const status = exchange.response?.status;
    if (status === undefined || status < 500) return [];
    return [{ message: `answered ${status}`, cause: String(status) }];
  },
};
