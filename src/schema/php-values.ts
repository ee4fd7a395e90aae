/**
 * PHP value semantics that WordPress's REST rules lean on, expressed over JSON-shaped JavaScript values.
 *
 * Model: a JSON-decoded PHP value is null, a boolean, a number (an integral number stands for a PHP int,
 * any other for a float: JSON cannot carry `1.0` from JavaScript anyway), a string, or a PHP array. A PHP
 * array is a JavaScript array (a list: keys 0..n-1) or a plain object (keys that look like canonical
 * integers, such as `"0"` or `"-3"`, are integer keys in PHP, as PHP converts them on insertion).
 */

export type PhpKey = number | string;

const PHP_WHITESPACE = '[ \\t\\n\\r\\v\\f]';
/** `is_numeric` in PHP 8: optional surrounding whitespace (trailing allowed since 8.0), sign, digits, exponent. */
const NUMERIC_STRING = new RegExp(`^${PHP_WHITESPACE}*[+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?${PHP_WHITESPACE}*$`);
/** The leading numeric prefix PHP's `(int)` / `(float)` casts read from a string (errors allowed). */
const NUMERIC_PREFIX = new RegExp(`^${PHP_WHITESPACE}*([+-]?(?:\\d+(?:\\.\\d*)?|\\.\\d+)(?:[eE][+-]?\\d+)?)`);
const CANONICAL_INT_KEY = /^(?:0|-?[1-9]\d*)$/;
const INT64_LIMIT = 2 ** 63;

/** PHP `is_array`: a list or an associative array (a plain object). */
export function isPhpArray(value: unknown): value is unknown[] | Record<string, unknown> {
  return Array.isArray(value) || isPlainObject(value);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/** PHP `isset`: present and not null. */
export function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** PHP `is_scalar`: booleans, numbers and strings (not null). */
export function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** Whether a number stands for a PHP int (JSON gives PHP an int for any integral literal JavaScript writes). */
export function isPhpInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) < INT64_LIMIT;
}

/** The key PHP stores for a JavaScript object key: canonical integer strings become ints. */
export function phpKey(key: string): PhpKey {
  if (CANONICAL_INT_KEY.test(key)) {
    const n = Number(key);
    if (Math.abs(n) < INT64_LIMIT && Number.isSafeInteger(n)) return n;
  }
  return key;
}

/** The entries of a PHP array in iteration order, with PHP's keys. */
export function phpEntries(value: unknown[] | Record<string, unknown>): Array<[PhpKey, unknown]> {
  if (Array.isArray(value)) return value.map((item, index) => [index, item]);
  return Object.entries(value).map(([key, item]) => [phpKey(key), item]);
}

/** PHP `count` of an array. */
export function phpCount(value: unknown[] | Record<string, unknown>): number {
  return Array.isArray(value) ? value.length : Object.keys(value).length;
}

/** PHP `array_key_exists` (keys compared as PHP stores them). */
export function phpHasKey(value: unknown[] | Record<string, unknown>, key: PhpKey): boolean {
  const normalized = typeof key === 'string' ? phpKey(key) : key;
  if (Array.isArray(value)) return typeof normalized === 'number' && normalized >= 0 && normalized < value.length;
  return Object.prototype.hasOwnProperty.call(value, String(normalized));
}

/** PHP array lookup by key. */
export function phpGet(value: unknown[] | Record<string, unknown>, key: PhpKey): unknown {
  return Array.isArray(value) ? value[key as number] : value[String(key)];
}

/** `wp_is_numeric_array`: a PHP array whose keys are all integers (not necessarily sequential). */
export function wpIsNumericArray(value: unknown): boolean {
  if (Array.isArray(value)) return true;
  if (!isPlainObject(value)) return false;
  return Object.keys(value).every((key) => typeof phpKey(key) === 'number');
}

/** PHP 8 `is_numeric`. */
export function isNumeric(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isNaN(value);
  return typeof value === 'string' && NUMERIC_STRING.test(value);
}

function numericPrefix(text: string): number {
  const match = NUMERIC_PREFIX.exec(text);
  return match ? Number(match[1]) : 0;
}

/** Truncation of a float to a PHP int; PHP leaves out-of-range results undefined, we give 0. */
function floatToInt(value: number): number {
  if (!Number.isFinite(value) || Math.abs(value) >= INT64_LIMIT) return 0;
  return Math.trunc(value) + 0;
}

/** PHP `(int)` cast. Strings read their leading number (`"1e3"` → 1000, `"12abc"` → 12) and saturate. */
export function phpToInt(value: unknown): number {
  if (typeof value === 'number') return floatToInt(value);
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') {
    const n = numericPrefix(value);
    if (!Number.isFinite(n) || Math.abs(n) >= INT64_LIMIT) return n < 0 ? -INT64_LIMIT : INT64_LIMIT - 1;
    return Math.trunc(n) + 0;
  }
  if (isPhpArray(value)) return phpCount(value) > 0 ? 1 : 0;
  return 0;
}

/** PHP `(float)` cast. */
export function phpToFloat(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'string') return numericPrefix(value);
  if (isPhpArray(value)) return phpCount(value) > 0 ? 1 : 0;
  return 0;
}

/** PHP 8 float to string: `precision` = 14 significant digits, `%G` style (`1.0E+25`). */
function phpFloatToString(value: number): string {
  if (Number.isNaN(value)) return 'NAN';
  if (!Number.isFinite(value)) return value > 0 ? 'INF' : '-INF';
  if (value === 0) return Object.is(value, -0) ? '-0' : '0';
  const exact = Number(value.toPrecision(14));
  const [digits, power] = exact.toExponential().split('e') as [string, string];
  const exponent = Number(power);
  if (exponent < -4 || exponent >= 14) {
    const withPoint = digits.includes('.') ? digits : `${digits}.0`;
    return `${withPoint}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  }
  return String(exact);
}

/** PHP `(string)` / `strval`. */
export function phpStrval(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return isPhpInt(value) ? String(value + 0) : phpFloatToString(value);
  if (typeof value === 'boolean') return value ? '1' : '';
  if (value === null || value === undefined) return '';
  return 'Array';
}

/** PHP `trim` with its default character list, or a given list of single characters. */
export function phpTrim(text: string, characters = ' \t\n\r\0\x0B'): string {
  let start = 0;
  let end = text.length;
  while (start < end && characters.includes(text[start] as string)) start++;
  while (end > start && characters.includes(text[end - 1] as string)) end--;
  return text.slice(start, end);
}

/** `mb_strlen` on UTF-8: the number of code points. */
export function mbStrlen(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}
