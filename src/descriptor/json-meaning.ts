/**
 * Equality of JSON values by meaning, as a PHP server prints them: an empty PHP array is `[]` whether it stood for
 * an empty list or an empty map, so `[]` and `{}` are the same; key order never matters.
 */

/** True when the two JSON values mean the same. */
export function sameJsonMeaning(a: unknown, b: unknown): boolean {
  if (isEmptyContainer(a) && isEmptyContainer(b)) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((item, index) => sameJsonMeaning(item, b[index]));
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      if (!(key in a) || !(key in b) || !sameJsonMeaning(a[key], b[key])) return false;
    }
    return true;
  }
  return Object.is(a, b) || (typeof a === 'number' && a === b);
}

/** True for the same members in any order (enumerations, lists of types). */
export function sameJsonSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  const remaining = [...b];
  for (const item of a) {
    const index = remaining.findIndex((candidate) => sameJsonMeaning(item, candidate));
    if (index === -1) return false;
    remaining.splice(index, 1);
  }
  return true;
}

/** A value for a message: JSON, or `(none)` when absent. */
export function showValue(value: unknown): string {
  return value === undefined ? '(none)' : JSON.stringify(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEmptyContainer(value: unknown): boolean {
  return (Array.isArray(value) && value.length === 0) || (isPlainObject(value) && Object.keys(value).length === 0);
}
