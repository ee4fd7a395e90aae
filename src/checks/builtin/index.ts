/** The built-in checks, in the order reports list them. */
import type { Check } from '../types.js';
import { declaredRouteServed } from './declared-route-served.js';
import { errorShape } from './error-shape.js';
import { invalidRejected } from './invalid-rejected.js';
import { jsonContentType } from './json-content-type.js';
import { noSensitiveData } from './no-sensitive-data.js';
import { notAServerError } from './not-a-server-error.js';
import { paginationBounds } from './pagination-bounds.js';
import { responseReceived } from './response-received.js';
import { responseSchema } from './response-schema.js';
import { undeclaredRequiredArgument } from './undeclared-required-argument.js';
import { unsupportedMethod } from './unsupported-method.js';
import { validAccepted } from './valid-accepted.js';

export const BUILTIN_CHECKS: readonly Check[] = [
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
