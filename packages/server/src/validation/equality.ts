/**
 * JSON Schema equality as WordPress implements it: `rest_are_values_equal` (for `enum`) and
 * `rest_validate_array_contains_unique_items` (for `uniqueItems`). Object key order never matters; list order
 * does; a list and an object with keys 0…n-1 are the same PHP array.
 */
import { isPhpArray, isPhpIntegerKey, phpArrayGet, phpArrayHas, phpCount, type PhpRecord } from './php-values.js';

/** `rest_are_values_equal`: arrays by key and value, numbers by value, everything else strictly. */
export function restAreValuesEqual(left: unknown, right: unknown): boolean {
  if (isPhpArray(left) && isPhpArray(right)) {
    if (phpCount(left) !== phpCount(right)) return false;
    for (const [key, item] of phpEntries(left)) {
      if (!phpArrayHas(right, key) || !restAreValuesEqual(item, phpArrayGet(right, key))) return false;
    }
    return true;
  }
  return (left ?? null) === (right ?? null);
}

/** `rest_validate_array_contains_unique_items`: no two items equal once object keys are sorted. */
export function restValidateArrayContainsUniqueItems(items: readonly unknown[]): boolean {
  if (items.length < 2) return true;
  const seen = new Set<string>();
  for (const item of items) {
    const key = stableKey(item);
    if (seen.has(key)) return false;
    seen.add(key);
  }
  return true;
}

/** The entries of a PHP array held as a list or an object, keys as strings. */
export function phpEntries(value: unknown[] | PhpRecord): Array<[string, unknown]> {
  return Array.isArray(value) ? value.map((item, index) => [String(index), item]) : Object.entries(value);
}

/** `serialize(rest_stabilize_value($value))` in spirit: a string equal for equal values, keys sorted. */
function stableKey(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return `s${value.length}:${value}`;
    case 'number':
      return `n${value}`;
    case 'boolean':
      return value ? 'T' : 'F';
    case 'object':
      if (value === null) return 'N';
      return arrayKey(value as unknown[] | PhpRecord);
    default:
      return 'N';
  }
}

function arrayKey(value: unknown[] | PhpRecord): string {
  if (Array.isArray(value)) return `[${value.map((item, index) => `i${index}=${stableKey(item)}`).join(',')}]`;
  const keys = Object.keys(value).sort(compareArrayKeys);
  return `[${keys.map((key) => `${isPhpIntegerKey(key) ? 'i' : `s${key.length}:`}${key}=${stableKey(value[key])}`).join(',')}]`;
}

/** Integer keys first in numeric order, then string keys: any fixed order works, as `ksort` gives one. */
function compareArrayKeys(left: string, right: string): number {
  const leftInteger = isPhpIntegerKey(left);
  const rightInteger = isPhpIntegerKey(right);
  if (leftInteger && rightInteger) return Number(left) - Number(right);
  if (leftInteger !== rightInteger) return leftInteger ? -1 : 1;
  return left < right ? -1 : left > right ? 1 : 0;
}
