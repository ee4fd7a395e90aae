/**
 * WordPress's value helpers from `rest-api.php` and `functions.php`, one function each, named after the PHP
 * function it mirrors: what counts as an integer, a boolean, an array or an object, and how values are coerced.
 */
import { hasOnlyIntegerKeys, isPhpArray, isPhpNumeric, isPhpScalar, isRecord, phpNumericValue, phpToBool, phpToString, type PhpRecord } from './php-values.js';

/** The type names WordPress accepts in a schema's `type`. */
export const SCHEMA_TYPES: ReadonlySet<string> = new Set(['array', 'object', 'string', 'number', 'integer', 'boolean', 'null']);

/** `preg_split('/[\s,]+/')` without the `u` flag: ASCII whitespace and commas. */
const LIST_SEPARATORS = /[\t\n\v\f\r ,]+/;

/** `is_numeric`: numbers and numeric strings, leading and (PHP 8) trailing whitespace allowed. */
export const restIsNumeric = isPhpNumeric;

/** `rest_is_integer`: numeric and whole (`5`, `"5"`, `"5.0"`, `"1e3"`, `" 5"`). */
export function restIsInteger(value: unknown): boolean {
  const number = phpNumericValue(value);
  return number !== undefined && isWholeNumber(number);
}

/** `round($x) === $x` for a float: integral, or infinite (PHP rounds INF to itself). */
export function isWholeNumber(number: number): boolean {
  return Number.isInteger(number) || number === Infinity || number === -Infinity;
}

/** `rest_is_boolean`: booleans, the strings true/false/1/0 in any case, the integers 0 and 1. */
export function restIsBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') {
    if (value.length > 5) return false;
    const lower = value.toLowerCase();
    return lower === 'false' || lower === 'true' || lower === '0' || lower === '1';
  }
  return value === 0 || value === 1;
}

/** `rest_sanitize_boolean`: `"false"` and `"0"` (any case) are false, everything else by PHP's `(bool)`. */
export function restSanitizeBoolean(value: unknown): boolean {
  if (typeof value === 'string') {
    const lower = value.length <= 5 ? value.toLowerCase() : value;
    if (lower === 'false' || lower === '0') return false;
  }
  return phpToBool(value);
}

/**
 * `wp_parse_list`: a scalar split on commas and whitespace with empty pieces dropped; an array keeps its scalar
 * values (keys are not kept).
 */
export function wpParseList(value: unknown): unknown[] {
  if (isPhpArray(value)) {
    const values = Array.isArray(value) ? value : Object.values(value);
    return values.filter(isPhpScalar);
  }
  const text = phpToString(value);
  if (text === '') return [];
  const pieces = text.split(LIST_SEPARATORS);
  if (pieces[0] === '') pieces.shift();
  if (pieces.length > 0 && pieces[pieces.length - 1] === '') pieces.pop();
  return pieces;
}

/** `rest_is_array`: lists, every scalar (it is split into a list), and objects whose keys are all integers. */
export function restIsArray(value: unknown): boolean {
  if (isPhpScalar(value)) return true;
  return isPhpArray(value) && hasOnlyIntegerKeys(value);
}

/** `rest_sanitize_array`: scalars split into a list, arrays re-indexed into a new list, anything else `[]`. */
export function restSanitizeArray(value: unknown): unknown[] {
  if (isPhpScalar(value)) return wpParseList(value);
  if (Array.isArray(value)) return value.slice();
  return isRecord(value) ? Object.values(value) : [];
}

/** The list `rest_sanitize_array` would give, without copying a list that already is one (read-only use). */
export function asListForReading(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : restSanitizeArray(value);
}

/** `rest_is_object`: `""`, lists and objects (PHP arrays all). */
export function restIsObject(value: unknown): boolean {
  return value === '' || isPhpArray(value);
}

/**
 * `rest_sanitize_object`: `""` and non-arrays become `{}`; arrays are returned as they are (an empty list as
 * `{}`, PHP's one empty array read as an object).
 */
export function restSanitizeObject(value: unknown): unknown[] | PhpRecord {
  if (Array.isArray(value)) return value.length === 0 ? {} : value;
  return isRecord(value) ? value : {};
}

const TYPE_CHECKS: Readonly<Record<string, (value: unknown) => boolean>> = {
  array: restIsArray,
  object: restIsObject,
  integer: restIsInteger,
  number: isPhpNumeric,
  boolean: restIsBoolean,
  string: (value) => typeof value === 'string',
  null: (value) => value === null || value === undefined,
};

/**
 * `rest_get_best_type_for_value`: the first listed type the value passes, `""` when none does. An empty
 * string is a string whenever string is listed, though arrays and objects would accept it too.
 */
export function restGetBestTypeForValue(value: unknown, types: readonly unknown[]): string {
  if (value === '' && types.includes('string')) return 'string';
  for (const type of types) {
    if (typeof type === 'string' && Object.hasOwn(TYPE_CHECKS, type) && TYPE_CHECKS[type]!(value)) return type;
  }
  return '';
}
