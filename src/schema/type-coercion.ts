/**
 * WordPress's type tests and coercions for REST values, all in one place (`rest_is_*`, `rest_sanitize_*`,
 * `wp_parse_list`, `rest_get_best_type_for_value`, uniqueness and equality of sanitised values).
 * Mirrors `wp-includes/rest-api.php`; see `docs/wordpress/validation.md#value-rules`.
 */
import {
  isNumeric,
  isPhpArray,
  isPhpInt,
  isPlainObject,
  isScalar,
  phpCount,
  phpEntries,
  phpGet,
  phpHasKey,
  phpStrval,
  phpToFloat,
  wpIsNumericArray,
  type PhpKey,
} from './php-values.js';

/** The type names WordPress knows; anything else is a "doing it wrong" type that validates everything. */
export const WP_TYPES = ['array', 'object', 'string', 'number', 'integer', 'boolean', 'null'] as const;
export type KnownWpType = (typeof WP_TYPES)[number];

export function isKnownType(type: unknown): type is KnownWpType {
  return typeof type === 'string' && (WP_TYPES as readonly string[]).includes(type);
}

/** `\s` of a non-UTF PCRE pattern (ASCII whitespace only), plus the comma: the separators of `wp_parse_list`. */
const LIST_SEPARATORS = /[ \t\n\x0B\f\r,]+/;

/** `wp_parse_list`: a scalar split on commas and whitespace, empty pieces dropped; arrays keep their scalars. */
export function wpParseList(value: unknown): unknown[] {
  if (isPhpArray(value))
    return phpEntries(value)
      .map(([, item]) => item)
      .filter(isScalar);
  return phpStrval(value)
    .split(LIST_SEPARATORS)
    .filter((piece) => piece !== '');
}

/** `rest_is_boolean`: real booleans, the strings true/false/1/0 in any case, and the ints 0 and 1. */
export function restIsBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return true;
  if (typeof value === 'string') return ['false', 'true', '0', '1'].includes(value.toLowerCase());
  if (isPhpInt(value)) return value === 0 || value === 1;
  return false;
}

/** `rest_sanitize_boolean`: `"false"`/`"0"` (any case) are false, everything else PHP-truthy. */
export function restSanitizeBoolean(value: unknown): boolean {
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    if (lower === 'false' || lower === '0') return false;
    return lower !== '';
  }
  if (typeof value === 'number') return value !== 0;
  if (isPhpArray(value)) return phpCount(value) > 0;
  return Boolean(value);
}

/** `rest_is_integer`: numeric and whole (`"5.0"` and `"1e3"` count). */
export function restIsInteger(value: unknown): boolean {
  if (!isNumeric(value)) return false;
  const asFloat = phpToFloat(value);
  return Math.round(asFloat) === asFloat;
}

/** `rest_is_array`: any scalar (split as a list), or a PHP array whose keys are all integers. */
export function restIsArray(value: unknown): boolean {
  if (isScalar(value)) return true;
  return wpIsNumericArray(value);
}

/** `rest_sanitize_array`: scalars split as a list, arrays re-indexed, everything else empty. */
export function restSanitizeArray(value: unknown): unknown[] {
  if (isScalar(value)) return wpParseList(value);
  if (!isPhpArray(value)) return [];
  return Array.isArray(value) ? [...value] : Object.values(value);
}

/** `rest_is_object`: the empty string or any PHP array (a JSON list too). */
export function restIsObject(value: unknown): boolean {
  return value === '' || isPhpArray(value);
}

/** `rest_sanitize_object`: the empty string becomes an empty object; non-arrays too. */
export function restSanitizeObject(value: unknown): unknown[] | Record<string, unknown> {
  if (isPhpArray(value)) return value;
  return {};
}

const TYPE_TESTS: Record<KnownWpType, (value: unknown) => boolean> = {
  array: restIsArray,
  object: restIsObject,
  integer: restIsInteger,
  number: isNumeric,
  boolean: restIsBoolean,
  string: (value) => typeof value === 'string',
  null: (value) => value === null,
};

/** `rest_get_best_type_for_value`: the first listed type the value passes; `""` prefers string. */
export function restGetBestTypeForValue(value: unknown, types: readonly unknown[]): string {
  if (value === '' && types.includes('string')) return 'string';
  for (const type of types) {
    if (isKnownType(type) && TYPE_TESTS[type](value)) return type;
  }
  return '';
}

/** `rest_handle_multi_type_schema`: the best type, or for backward compatibility the first unknown type listed. */
export function resolveTypeList(value: unknown, types: readonly unknown[]): string {
  const best = restGetBestTypeForValue(value, types);
  if (best !== '') return best;
  const unknown = types.find((type) => !isKnownType(type));
  return unknown === undefined ? '' : String(unknown);
}

function compareKeys(a: PhpKey, b: PhpKey): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const left = String(a);
  const right = String(b);
  if (isNumeric(left) && isNumeric(right)) return Number(left) - Number(right);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** `serialize(rest_stabilize_value($value))`: a key equal for values WordPress counts as duplicates. */
export function stableSerialization(value: unknown): string {
  if (value === null || value === undefined) return 'N;';
  if (typeof value === 'boolean') return `b:${value ? 1 : 0};`;
  if (typeof value === 'number') return isPhpInt(value) ? `i:${value + 0};` : `d:${Object.is(value, -0) ? '-0' : String(value)};`;
  if (typeof value === 'string') return `s:${JSON.stringify(value)};`;
  if (isPhpArray(value)) {
    const entries = phpEntries(value).sort(([a], [b]) => compareKeys(a, b));
    const body = entries.map(([key, item]) => `${typeof key === 'number' ? `i:${key};` : `s:${JSON.stringify(key)};`}${stableSerialization(item)}`).join('');
    return `a:${entries.length}:{${body}}`;
  }
  return `O:${JSON.stringify(String(value))};`;
}

/** `rest_validate_array_contains_unique_items`. */
export function hasUniqueItems(items: readonly unknown[]): boolean {
  const seen = new Set<string>();
  for (const item of items) {
    const key = stableSerialization(item);
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

/** `rest_are_values_equal`: arrays key by key regardless of order, ints and floats numerically, else strict. */
export function restAreValuesEqual(left: unknown, right: unknown): boolean {
  if (isPhpArray(left) && isPhpArray(right)) {
    if (phpCount(left) !== phpCount(right)) return false;
    return phpEntries(left).every(([key, item]) => phpHasKey(right, key) && restAreValuesEqual(item, phpGet(right, key)));
  }
  return left === right;
}

/** Whether a value is a PHP array with at least one string key (a JSON object WordPress will not take as a list). */
export function isAssociative(value: unknown): boolean {
  return isPlainObject(value) && !wpIsNumericArray(value);
}
