/** The checks over one exchange, whichever phase sent it: the engine runs them on every answer, in this order. */
import { responseReceived } from './response-received.js';
import { notAServerError } from './not-a-server-error.js';
import { jsonContentType } from './json-content-type.js';
import { errorShape } from './error-shape.js';
import { validAccepted } from './valid-accepted.js';
import { invalidRejected } from './invalid-rejected.js';
import { undeclaredRequiredArgument } from './undeclared-required-argument.js';
import { unsupportedMethod } from './unsupported-method.js';
import { declaredRouteServed } from './declared-route-served.js';
import { noSensitiveData } from './no-sensitive-data.js';
import { paginationBounds } from './pagination-bounds.js';
import { responseSchema } from './response-schema.js';
import type { ExchangeCheck } from '../types.js';

export const ANSWER_CHECKS: readonly ExchangeCheck[] = [
  responseReceived,
  notAServerError,
  jsonContentType,
  errorShape,
  validAccepted,
  invalidRejected,
  undeclaredRequiredArgument,
  unsupportedMethod,
  declaredRouteServed,
  noSensitiveData,
  paginationBounds,
  responseSchema,
];
