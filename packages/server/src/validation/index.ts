/**
 * The reference server's own implementation of WordPress's REST parameter rules (`rest-api.php`,
 * `WP_REST_Request`): request argument handling, value validation and sanitising, PHP query parsing, and the
 * WordPress helpers they are built from. Independent of the harness's `src/schema/` by design.
 */
export { processRequestArgs, type ProcessedArgs, type RequestArgsInput } from './request-args.js';
export { parsePhpQuery, MAX_INPUT_NESTING_LEVEL, MAX_INPUT_VARS } from './query.js';
export { sanitizeValue, validateValue } from './value-schema.js';
export { isValidationError, ValidationError } from './errors.js';
export {
  restGetBestTypeForValue,
  restIsArray,
  restIsBoolean,
  restIsInteger,
  restIsNumeric,
  restIsObject,
  restSanitizeArray,
  restSanitizeBoolean,
  restSanitizeObject,
  wpParseList,
} from './values.js';
export { isEmail, restIsIpAddress, restParseDate, restParseHexColor, wpIsUuid } from './format-checks.js';
