/**
 * A route never requires an argument its descriptor does not declare: a 400 rest_missing_callback_param naming
 * one, or a 400 whose `message` is keyed by it (a product's own refusal of a registration form's required profile
 * field), is a defect of the descriptor (a client built from it cannot know to send it). Run over every exchange,
 * sequences included, since a create is where such a requirement shows; one finding per operation and argument.
 */
import type { ExchangeCheck } from '../types.js';
import { missingParams, wpErrorBody } from './response-helpers.js';

export const undeclaredRequiredArgument: ExchangeCheck = {
  name: 'undeclared_required_argument',
  evidence: 'exchange',
  severity: 'failure',
  description:
    'No request, sequences included, is refused 400 `rest_missing_callback_param`, or 400 with a `message` keyed by field, for an argument the descriptor does not declare (one finding per operation and argument; give it a value with `extra-values` so the run can go on).',
  everyExchange: true,
  judge({ context: ctx, exchange }) {
    const response = exchange.response;
    if (response?.status !== 400) return [];
    const error = wpErrorBody(response);
    const missing = error === undefined ? undefined : missingParams(error);
    if (error === undefined || missing === undefined) return [];
    const { method, route, args } = ctx.operation;
    const how = missing.keyedMessage ? `400 ${error.code} keying its message by it` : '400 rest_missing_callback_param naming it';
    return missing.names
      .filter((name) => !Object.hasOwn(args, name))
      .map((name) => ({
        message: `${method} ${route} needs "${name}", an argument the descriptor does not declare (${how}); extra-values in the configuration can give it a value`,
        cause: 'undeclared',
        argument: name,
      }));
  },
};
