/** A request must get a complete answer: no timeout, reset, endless body, redirect loop or protocol error. */
import type { ExchangeCheck } from '../types.js';

export const responseReceived: ExchangeCheck = {
  name: 'response_received',
  evidence: 'exchange',
  severity: 'failure',
  description: 'Every request gets a complete answer: no timeout, reset, redirect loop, oversized or malformed response.',
  judge({ exchange }) {
    if (!exchange.error) return [];
    return [{ message: `no complete answer: ${exchange.error.code} (${exchange.error.message})`, cause: exchange.error.code }];
  },
};
