/** The errors the server core raises itself, with WordPress's codes, messages and statuses. */
import { WpError } from './types.js';

export function noRouteError(): WpError {
  return new WpError('rest_no_route', 'No route was found matching the URL and request method.', 404);
}

/** `jsonErrorCode` and `jsonErrorMessage` are PHP's `json_last_error()` and `json_last_error_msg()`. */
export function invalidJsonError(jsonErrorCode: number, jsonErrorMessage: string): WpError {
  return new WpError('rest_invalid_json', 'Invalid JSON body passed.', 400, {
    json_error_code: jsonErrorCode,
    json_error_message: jsonErrorMessage,
  });
}

export function requestTooLargeError(limitBytes: number): WpError {
  return new WpError('rest_request_too_large', `The request body is larger than ${limitBytes} bytes.`, 413);
}

export function invalidNamespaceError(): WpError {
  return new WpError('rest_invalid_namespace', 'The specified namespace could not be found.', 404);
}

export function batchNotAllowedError(): WpError {
  return new WpError('rest_batch_not_allowed', 'The requested route does not support batch requests.', 400);
}

export function internalError(): WpError {
  return new WpError('rest_internal_error', 'There has been a critical error on this website.', 500);
}

export function invalidUsernameError(): WpError {
  return new WpError('invalid_username', 'Unknown username. Check again or try your email address.', 401);
}

export function incorrectPasswordError(): WpError {
  return new WpError('incorrect_password', 'The provided password is an invalid application password.', 401);
}
