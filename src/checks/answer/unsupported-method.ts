/** A method the route does not declare is not served: WordPress answers 404 rest_no_route (never 405). */
import type { ExchangeCheck } from '../types.js';
import { wpErrorBody } from './response-helpers.js';

export const unsupportedMethod: ExchangeCheck = {
  name: 'unsupported_method',
  evidence: 'exchange',
  severity: 'failure',
  appliesTo: (ctx) => !ctx.routeMethods.includes(ctx.operation.method),
  description: 'An undeclared method is answered 404 `rest_no_route` (WordPress never answers 405).',
  judge({ context: ctx, exchange }) {
    const response = exchange.response;
    if (!response || ctx.routeMethods.includes(ctx.operation.method)) return [];
    const code = wpErrorBody(response)?.code;
    if (response.status === 404 && code === 'rest_no_route') return [];
    return [
      {
        message: `undeclared method ${ctx.operation.method} answered ${response.status} ${code ?? ''}, expected 404 rest_no_route`.trim(),
        cause: `${response.status}:${code}`,
      },
    ];
  },
};
