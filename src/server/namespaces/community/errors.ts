/** The two request-shaped errors a handler raises itself, in the exact form the core's validator uses. */
import { WpError } from '../../types.js';

/** 400 `rest_invalid_param` naming one parameter, as WordPress reports a value its schema rejects. */
export function invalidParam(name: string, message: string, detailCode = 'rest_invalid_param'): WpError {
  return new WpError('rest_invalid_param', `Invalid parameter(s): ${name}`, 400, {
    params: { [name]: message },
    details: { [name]: { code: detailCode, message, data: null } },
  });
}

/** 400 `rest_missing_callback_param` naming the missing parameters. */
export function missingParams(names: string[]): WpError {
  return new WpError('rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, 400, { params: names });
}
