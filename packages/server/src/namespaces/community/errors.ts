/** The request-shaped errors a handler raises itself. */
import { WpError } from '../../types.js';

/**
 * 400 with the plugin's own code, naming the parameter in `data.params`: a value the route's own rules refuse
 * although the declared schema allows it. WordPress's generic `rest_invalid_param` is reserved for what the
 * schema rejects; using it here would tell clients the descriptor is wrong.
 */
export function rejectedValue(name: string, code: string, message: string): WpError {
  return new WpError(code, message, 400, { params: { [name]: message } });
}

/** 400 `rest_missing_callback_param` naming the missing parameters. */
export function missingParams(names: string[]): WpError {
  return new WpError('rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, 400, { params: names });
}
