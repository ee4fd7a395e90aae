/**
 * PHP's value semantics, as far as WordPress's REST rules lean on them: `is_numeric`, the `(int)`, `(float)`,
 * `(string)` and `(bool)` casts, `empty()`, and PHP arrays (one type for JS lists and JSON objects).
 * Values are what a JSON body or a parsed query string can hold: strings, numbers, booleans, null, lists, objects.
 */

/** PHP 8 numeric string: optional leading and trailing whitespace, sign, digits, fraction, exponent. */
const NUMERIC_STRING = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?[ \t\n\r\v\f]*$/;
/** The numeric prefix a PHP cast reads from a string (`"12abc"` is 12). */
const NUMERIC_PREFIX = /^[ \t\n\r\v\f]*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?/;
/** A string PHP turns into an integer array key: canonical decimal, no leading zeros, no `-0`. */
const INTEGER_KEY = /^(?:0|-?[1-9]\d{0,18})$/;
const INT64_MAX = '9223372036854775807';
const TRAILING_ZEROS = /0+$/;
const INT64_MIN_DIGITS = '9223372036854775808';

/** A JSON object (a PHP associative array), as opposed to a list or a scalar. */
export type PhpRecord = Record<string, unknown>;

/** True for a plain object: a JSON object, never a list, never null. */
export function isRecord(value: unknown): value is PhpRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True for what PHP would hold as an array: a list or a JSON object. */
export function isPhpArray(value: unknown): value is unknown[] | PhpRecord {
  return typeof value === 'object' && value !== null;
}

/** PHP `is_scalar`: strings, numbers and booleans (never null). */
export function isPhpScalar(value: unknown): value is string | number | boolean {
  const type = typeof value;
  return type === 'string' || type === 'number' || type === 'boolean';
}

/** PHP `is_numeric`: numbers, and strings that read wholly as a number (whitespace around allowed, PHP 8). */
export function isPhpNumeric(value: unknown): boolean {
  if (typeof value === 'number') return true;
  return typeof value === 'string' && NUMERIC_STRING.test(value);
}

/** The value of a number or numeric string (`is_numeric`), or undefined when PHP would not call it numeric. */
export function phpNumericValue(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  // The regex admits only what Number() reads the same way (no hex, no Infinity, no empty string).
  return typeof value === 'string' && NUMERIC_STRING.test(value) ? Number(value) : undefined;
}

/** PHP `(float)`. */
export function phpToFloat(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return value;
    case 'boolean':
      return value ? 1 : 0;
    case 'string': {
      if (NUMERIC_STRING.test(value)) return Number(value);
      const prefix = NUMERIC_PREFIX.exec(value);
      return prefix === null ? 0 : Number(prefix[0].trim());
    }
    case 'object':
      return value !== null && phpCount(value as object) > 0 ? 1 : 0;
    default:
      return 0;
  }
}

/** PHP `(int)`: truncation toward zero; infinities and NaN become 0, as in PHP 7+. */
export function phpToInt(value: unknown): number {
  const float = phpToFloat(value);
  if (!Number.isFinite(float)) return 0;
  return Math.trunc(float) || 0;
}

/** PHP `(bool)`. */
export function phpToBool(value: unknown): boolean {
  return !phpIsEmpty(value);
}

/** PHP `empty()`: null, false, 0, 0.0, `""`, `"0"` and the empty array. */
export function phpIsEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '' || value === '0') {
    return true;
  }
  return typeof value === 'object' && phpCount(value) === 0;
}

/** PHP `count()` of an array. */
export function phpCount(value: object): number {
  return Array.isArray(value) ? value.length : Object.keys(value).length;
}

/** PHP `(string)`: `true` is `"1"`, `false` and null are `""`, arrays are `"Array"`, floats as PHP prints them. */
export function phpToString(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
      return phpNumberToString(value);
    case 'boolean':
      return value ? '1' : '';
    case 'object':
      return value === null ? '' : 'Array';
    default:
      return '';
  }
}

/**
 * A number as PHP 8 prints it with `precision=14`: integers in full, floats with 14 significant digits and
 * `1.0E+25` style exponents outside the fixed range.
 */
export function phpNumberToString(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return String(value === 0 ? 0 : value);
  if (Number.isNaN(value)) return 'NAN';
  if (!Number.isFinite(value)) return value > 0 ? 'INF' : '-INF';
  const [mantissa = '', exponentText = '0'] = value.toExponential(13).split('e');
  const negative = mantissa.startsWith('-');
  const digits = mantissa.replace('-', '').replace('.', '').replace(TRAILING_ZEROS, '') || '0';
  const decimalPoint = Number(exponentText) + 1;
  let text: string;
  if (decimalPoint < -3 || decimalPoint > 14) {
    const exponent = decimalPoint - 1;
    text = `${digits[0]}.${digits.length > 1 ? digits.slice(1) : '0'}E${exponent < 0 ? '-' : '+'}${Math.abs(exponent)}`;
  } else if (decimalPoint <= 0) {
    text = `0.${'0'.repeat(-decimalPoint)}${digits}`;
  } else if (digits.length <= decimalPoint) {
    text = digits + '0'.repeat(decimalPoint - digits.length);
  } else {
    text = `${digits.slice(0, decimalPoint)}.${digits.slice(decimalPoint)}`;
  }
  return negative ? `-${text}` : text;
}

/** True when PHP would store this string as an integer array key (`"5"`, `"-3"`, not `"05"` or `"-0"`). */
export function isPhpIntegerKey(key: string): boolean {
  if (!INTEGER_KEY.test(key)) return false;
  const digits = key.startsWith('-') ? key.slice(1) : key;
  if (digits.length < 19) return true;
  return digits <= (key.startsWith('-') ? INT64_MIN_DIGITS : INT64_MAX);
}

/** True when every key of a PHP array is an integer (`wp_is_numeric_array`). Lists always are. */
export function hasOnlyIntegerKeys(value: unknown[] | PhpRecord): boolean {
  if (Array.isArray(value)) return true;
  for (const key in value) {
    if (Object.hasOwn(value, key) && !isPhpIntegerKey(key)) return false;
  }
  return true;
}

/** Reads `array[key]` of a PHP array held as a list or an object; `undefined` when the key is absent. */
export function phpArrayGet(container: unknown[] | PhpRecord, key: string): unknown {
  if (Array.isArray(container)) {
    if (!isPhpIntegerKey(key)) return undefined;
    const index = Number(key);
    return index >= 0 && index < container.length ? container[index] : undefined;
  }
  return Object.hasOwn(container, key) ? container[key] : undefined;
}

/** PHP `array_key_exists` on a list or an object. */
export function phpArrayHas(container: unknown[] | PhpRecord, key: string): boolean {
  if (Array.isArray(container)) {
    if (!isPhpIntegerKey(key)) return false;
    const index = Number(key);
    return index >= 0 && index < container.length;
  }
  return Object.hasOwn(container, key);
}

/** Sets an own property, even one named `__proto__`, so input keys never reach an object's prototype. */
export function setOwn(target: PhpRecord, key: string, value: unknown): void {
  if (key === '__proto__') {
    Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  } else {
    target[key] = value;
  }
}
