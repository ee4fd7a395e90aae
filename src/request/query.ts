/** Typed parameter values → a PHP-style query string, the form WordPress (PHP) reads back into the same structure. */
import { percentEncode } from '../descriptor/percent-encoding.js';

/**
 * Encodes query parameters the way PHP parses them: lists of scalars as `a[]=1&a[]=2`, lists holding lists or
 * objects with indexes (`a[0][k]=v`, so items stay together), objects as `o[k]=v`, nested to any depth.
 * Booleans become `true`/`false` (WordPress accepts those for a boolean), numbers `String(n)`, strings are
 * UTF-8 percent-encoded. `null` and `undefined` are left out.
 *
 * An empty list or object has no query form; it is sent as `key=`, which WordPress reads as `[]` for an
 * array parameter and `{}` for an object parameter (and as the empty string for a string parameter).
 * Note that PHP turns `.` and spaces in top-level names into `_`.
 */
export function encodeQuery(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const name in query) appendValue(parts, percentEncode(name), query[name]);
  return parts.join('&');
}

function appendValue(parts: string[], key: string, value: unknown): void {
  switch (typeof value) {
    case 'string':
      parts.push(`${key}=${percentEncode(value)}`);
      return;
    case 'number':
    case 'bigint':
      // `1e+21` holds a "+", which PHP would read as a space.
      parts.push(`${key}=${percentEncode(String(value))}`);
      return;
    case 'boolean':
      parts.push(value ? `${key}=true` : `${key}=false`);
      return;
    case 'object':
      if (value === null) return;
      if (Array.isArray(value)) appendList(parts, key, value);
      else appendObject(parts, key, value as Record<string, unknown>);
      return;
    default:
      // undefined, functions and symbols have no query form.
      return;
  }
}

function appendList(parts: string[], key: string, list: unknown[]): void {
  if (list.length === 0) {
    parts.push(`${key}=`);
    return;
  }
  // `a[]` appends one item per pair, which would split an object's members into separate items.
  const indexed = list.some((item) => item !== null && typeof item === 'object');
  for (let i = 0; i < list.length; i++) appendValue(parts, indexed ? `${key}[${i}]` : `${key}[]`, list[i]);
}

function appendObject(parts: string[], key: string, object: Record<string, unknown>): void {
  let empty = true;
  for (const member in object) {
    empty = false;
    appendValue(parts, `${key}[${percentEncode(member)}]`, object[member]);
  }
  if (empty) parts.push(`${key}=`);
}
