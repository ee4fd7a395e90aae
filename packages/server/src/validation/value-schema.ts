/**
 * `rest_validate_value_from_schema` and `rest_sanitize_value_from_schema`: one WordPress argument schema applied
 * to one value. They live together because WordPress makes them call each other: `enum` is checked on the
 * sanitised value, and sanitising `anyOf`/`oneOf` first validates to find the branch.
 *
 * Order of validation: `anyOf`, `oneOf`, the type (a type list resolved to the value's best type), that type's
 * keywords, `enum`, then `format` (only for strings, or when the type is missing or unknown).
 */
import type { ArgSchema } from '@restconform/interface';
import { combiningOperationError, oneOfMultipleMatchesError, type Branch, type BranchFailure } from './combining-errors.js';
import { restAreValuesEqual, phpEntries, restValidateArrayContainsUniqueItems } from './equality.js';
import { ValidationError } from './errors.js';
import { isEmail, restIsIpAddress, restParseDate, restParseHexColor, wpIsUuid } from './format-checks.js';
import { sanitizeHexColor, sanitizeTextareaField, sanitizeTextField, sanitizeUrl } from './format-sanitizers.js';
import {
  asSchema,
  invalidType,
  restFindMatchingPatternPropertySchema,
  validateArrayValue,
  validateBooleanValue,
  validateIntegerValue,
  validateNullValue,
  validateNumberValue,
  validateObjectValue,
  validateStringValue,
  type Schema,
  type Validator,
} from './keyword-checks.js';
import { isPhpArray, isPhpScalar, phpArrayGet, phpIsEmpty, phpToFloat, phpToInt, phpToString, setOwn, type PhpRecord } from './php-values.js';
import { restGetBestTypeForValue, restSanitizeArray, restSanitizeBoolean, restSanitizeObject, SCHEMA_TYPES } from './values.js';
import { wpJsonEncode, wpSprintfList } from './wp-format.js';

/**
 * Validates a value against a WordPress argument schema: null when valid, otherwise WordPress's error (code and
 * English message naming `param`, e.g. `per_page must be between 1 (inclusive) and 100 (inclusive)`).
 */
export function validateValue(value: unknown, schema: ArgSchema, param = ''): ValidationError | null {
  const resolved = asSchema(schema);
  return validateAs(value, resolved, param, resolved.type);
}

/**
 * Sanitises a value by a WordPress argument schema (casts, list splitting, dropped properties, format clean-up).
 * Returns a `ValidationError` instead of a value where WordPress returns a `WP_Error` (no `anyOf`/`oneOf` branch
 * matches; items duplicated once sanitised). Never modifies `value`.
 */
export function sanitizeValue(value: unknown, schema: ArgSchema, param = ''): unknown {
  const resolved = asSchema(schema);
  return sanitizeAs(value, resolved, param, resolved.type);
}

const validateNested: Validator = (value, schema, param) => validateAs(value, schema, param, schema.type);

/** Validation with `type` standing for the schema's own (WordPress mutates `$args['type']` as it goes). */
function validateAs(value: unknown, schema: Schema, param: string, declaredType: unknown): ValidationError | null {
  let type = declaredType;
  if (isSet(schema.anyOf)) {
    const match = findAnyMatchingSchema(value, schema, param, type);
    if (match instanceof ValidationError) return match;
    if (!isSet(type) && isSet(match.type)) type = match.type;
  }
  if (isSet(schema.oneOf)) {
    const match = findOneMatchingSchema(value, schema, param, type);
    if (match instanceof ValidationError) return match;
    if (!isSet(type) && isSet(match.type)) type = match.type;
  }
  if (Array.isArray(type)) {
    const best = handleMultiTypeSchema(value, type);
    if (phpIsEmpty(best)) return invalidType(param, type.map(phpToString).join(','));
    type = best;
  }
  const error = validateType(value, schema, param, type);
  if (error !== null) return error;
  if (hasEnum(schema)) {
    const enumError = validateEnum(value, schema, param, type);
    if (enumError !== null) return enumError;
  }
  return appliesFormat(schema, type) ? validateFormat(value, schema.format, param) : null;
}

function validateType(value: unknown, schema: Schema, param: string, type: unknown): ValidationError | null {
  switch (type) {
    case 'null':
      return validateNullValue(value, param);
    case 'boolean':
      return validateBooleanValue(value, param);
    case 'object':
      return validateObjectValue(value, schema, param, validateNested);
    case 'array':
      return validateArrayValue(value, schema, param, validateNested);
    case 'number':
      return validateNumberValue(value, schema, param, 'number');
    case 'string':
      return validateStringValue(value, schema, param);
    case 'integer':
      return validateIntegerValue(value, schema, param);
    default:
      // A missing or unknown type accepts anything (WordPress only warns the developer).
      return null;
  }
}

/** `format` counts for strings, and (for backward compatibility) when the type is missing or unknown. */
function appliesFormat(schema: Schema, type: unknown): boolean {
  if (!isSet(schema.format)) return false;
  return !isSet(type) || type === 'string' || typeof type !== 'string' || !SCHEMA_TYPES.has(type);
}

function validateFormat(value: unknown, format: unknown, param: string): ValidationError | null {
  switch (format) {
    case 'hex-color':
      return restParseHexColor(value) === false ? new ValidationError('rest_invalid_hex_color', 'Invalid hex color.') : null;
    case 'date-time':
      // WordPress 6.1 tests `! rest_parse_date()`: the Unix epoch (timestamp 0) reads as false and is refused.
      return !restParseDate(value) ? new ValidationError('rest_invalid_date', 'Invalid date.') : null;
    case 'email':
      return isEmail(value) === false ? new ValidationError('rest_invalid_email', 'Invalid email address.') : null;
    case 'ip':
      return restIsIpAddress(value) === false ? new ValidationError('rest_invalid_ip', `${param} is not a valid IP address.`) : null;
    case 'uuid':
      return wpIsUuid(value) ? null : new ValidationError('rest_invalid_uuid', `${param} is not a valid UUID.`);
    default:
      // uri, text-field, textarea-field and unknown formats are only sanitised, never rejected.
      return null;
  }
}

function hasEnum(schema: Schema): boolean {
  const values: unknown = schema.enum;
  return isPhpArray(values) && !phpIsEmpty(values);
}

/** `rest_validate_enum`: the sanitised value must equal one of the values (integers and floats as numbers). */
function validateEnum(value: unknown, schema: Schema, param: string, type: unknown): ValidationError | null {
  const sanitized = sanitizeAs(value, schema, param, type);
  if (sanitized instanceof ValidationError) return sanitized;
  const values = enumValues(schema);
  for (const allowed of values) {
    if (restAreValuesEqual(sanitized, allowed)) return null;
  }
  const shown = values.map((allowed) => (isPhpScalar(allowed) ? allowed : wpJsonEncode(allowed)));
  if (shown.length === 1) return new ValidationError('rest_not_in_enum', `${param} is not ${phpToString(shown[0])}.`);
  return new ValidationError('rest_not_in_enum', `${param} is not one of ${wpSprintfList(shown)}.`);
}

function enumValues(schema: Schema): readonly unknown[] {
  const values: unknown = schema.enum;
  if (Array.isArray(values)) return values;
  return isPhpArray(values) ? Object.values(values) : [];
}

/** `rest_handle_multi_type_schema`: the best listed type, else the first unknown type name (old behaviour). */
function handleMultiTypeSchema(value: unknown, types: readonly unknown[]): unknown {
  const best = restGetBestTypeForValue(value, types);
  if (best !== '') return best;
  return types.find((type) => typeof type !== 'string' || !SCHEMA_TYPES.has(type)) ?? '';
}

/** The branches of `anyOf`/`oneOf`, each with the parent's type when it declares none. */
function branchesOf(list: unknown, parentType: unknown): Branch[] {
  if (!isPhpArray(list)) return [];
  return phpEntries(list).map(([key, branch], position) => {
    const schema = asSchema(branch);
    return { schema, type: isSet(schema.type) ? schema.type : parentType, index: Array.isArray(list) ? position : Number(key) };
  });
}

/** `rest_find_any_matching_schema`: the first branch the value passes, or the combined error. */
function findAnyMatchingSchema(value: unknown, schema: Schema, param: string, parentType: unknown): Branch | ValidationError {
  const failures: BranchFailure[] = [];
  for (const branch of branchesOf(schema.anyOf, parentType)) {
    const error = validateAs(value, branch.schema, param, branch.type);
    if (error === null) return branch;
    failures.push({ ...branch, error });
  }
  return combiningOperationError(value, param, failures);
}

/** `rest_find_one_matching_schema`: the only branch the value passes, or why not exactly one. */
function findOneMatchingSchema(value: unknown, schema: Schema, param: string, parentType: unknown): Branch | ValidationError {
  const matches: Branch[] = [];
  const failures: BranchFailure[] = [];
  for (const branch of branchesOf(schema.oneOf, parentType)) {
    const error = validateAs(value, branch.schema, param, branch.type);
    if (error === null) matches.push(branch);
    else failures.push({ ...branch, error });
  }
  if (matches.length === 0) return combiningOperationError(value, param, failures);
  if (matches.length > 1) return oneOfMultipleMatchesError(param, matches);
  return matches[0]!;
}

const COMBINERS = ['anyOf', 'oneOf'] as const;

/** Sanitising with `type` standing for the schema's own. */
function sanitizeAs(input: unknown, schema: Schema, param: string, declaredType: unknown): unknown {
  let value = input;
  let type = declaredType;
  for (const combiner of COMBINERS) {
    if (!isSet(schema[combiner])) continue;
    const match = combiner === 'anyOf' ? findAnyMatchingSchema(value, schema, param, type) : findOneMatchingSchema(value, schema, param, type);
    if (match instanceof ValidationError) return match;
    if (!isSet(type)) type = match.type;
    value = sanitizeAs(value, match.schema, param, match.type);
    if (value instanceof ValidationError) return value;
  }
  if (Array.isArray(type)) {
    const best = handleMultiTypeSchema(value, type);
    if (phpIsEmpty(best)) return null;
    type = best;
  }
  switch (type) {
    case 'array':
      return sanitizeArray(value, schema, param);
    case 'object':
      return sanitizeObject(value, schema, param);
    case 'null':
      return null;
    case 'integer':
      return phpToInt(value);
    case 'number':
      return phpToFloat(value);
    case 'boolean':
      return restSanitizeBoolean(value);
    default:
      break;
  }
  if (appliesFormat(schema, type)) {
    const formatted = sanitizeFormat(value, schema.format);
    if (formatted !== undefined) return formatted;
  }
  return type === 'string' ? phpToString(value) : value;
}

function sanitizeFormat(value: unknown, format: unknown): string | undefined {
  switch (format) {
    case 'hex-color':
      return sanitizeHexColor(value);
    case 'date-time':
    case 'email':
    case 'ip':
    case 'uuid':
    case 'text-field':
      return sanitizeTextField(value);
    case 'uri':
      return sanitizeUrl(value);
    case 'textarea-field':
      return sanitizeTextareaField(value);
    default:
      return undefined;
  }
}

/**
 * Lists: re-indexed, each item sanitised, then checked for duplicates again (`"a%20b"` and `"a b"` as URIs
 * become equal). An item WordPress would leave as a `WP_Error` inside the list fails the whole value here.
 */
function sanitizeArray(value: unknown, schema: Schema, param: string): unknown {
  const list = restSanitizeArray(value);
  const items: unknown = schema.items;
  if (isPhpArray(items) && !phpIsEmpty(items)) {
    const itemSchema = asSchema(items);
    for (let index = 0; index < list.length; index += 1) {
      const item = sanitizeAs(list[index], itemSchema, `${param}[${index}]`, itemSchema.type);
      if (item instanceof ValidationError) return item;
      list[index] = item;
    }
  }
  if (!phpIsEmpty(schema.uniqueItems) && !restValidateArrayContainsUniqueItems(list)) {
    return new ValidationError('rest_duplicate_items', `${param} has duplicate items.`);
  }
  return list;
}

/** Objects: declared, pattern and additional properties sanitised; `additionalProperties: false` drops the rest. */
function sanitizeObject(value: unknown, schema: Schema, param: string): unknown {
  const source = restSanitizeObject(value);
  const kept: Array<[string, unknown]> = [];
  const properties: unknown = schema.properties;
  const additional: unknown = schema.additionalProperties;
  for (const [key, item] of phpEntries(source)) {
    const propertySchema = isPhpArray(properties) ? phpArrayGet(properties, key) : undefined;
    const childSchema = isSet(propertySchema) ? propertySchema : restFindMatchingPatternPropertySchema(key, schema);
    if (childSchema === null && additional === false) continue;
    const nestedSchema = childSchema ?? (isPhpArray(additional) ? additional : null);
    if (nestedSchema === null) {
      kept.push([key, item]);
      continue;
    }
    const resolved = asSchema(nestedSchema);
    const sanitized = sanitizeAs(item, resolved, `${param}[${key}]`, resolved.type);
    if (sanitized instanceof ValidationError) return sanitized;
    kept.push([key, sanitized]);
  }
  if (Array.isArray(source) && kept.length === source.length) return kept.map(([, item]) => item);
  const result: PhpRecord = {};
  for (const [key, item] of kept) setOwn(result, key, item);
  return result;
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}
