/**
 * A route never requires an argument its descriptor does not declare: a 400 rest_missing_callback_param naming
 * one is a defect of the descriptor (a client built from it cannot know to send it). Run over every exchange,
 * sequences included, since a create is where such a requirement shows; one finding per operation and argument.
 */
import type { ExchangeCheck } from '../types.js';
import { namedParams, wpErrorBody } from './response-helpers.js';

export const undeclaredRequiredArgument: ExchangeCheck = {
  name: 'undeclared_required_argument',
  evidence: 'exchange',
  severity: 'failure',
  description:
    'No request, sequences included, is refused 400 `rest_missing_callback_param` for an argument the descriptor does not declare (one finding per operation and argument; give it a value with `extra-values` so the run can go on).',
  everyExchange: true,
  judge({ context: ctx, exchange }) {
    const response = exchange.response;
    if (response?.status !== 400) return [];
    const error = wpErrorBody(response);
    if (error?.code !== 'rest_missing_callback_param') return [];
    const { method, route, args } = ctx.operation;
    return namedParams(error)
      .filter((name) => !Object.hasOwn(args, name))
      .map((name) => ({
        message: `${method} ${route} needs "${name}", an argument the descriptor does not declare (400 rest_missing_callback_param naming it); extra-values in the configuration can give it a value`,
        cause: 'undeclared',
        argument: name,
      }));
  },
};
