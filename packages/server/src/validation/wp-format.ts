/**
 * How WordPress prints values inside its English messages: `wp_sprintf`'s `%l` lists, `number_format_i18n`,
 * `_n` plurals, `%d` and `wp_json_encode`.
 */
import { isPhpScalar, phpToInt, phpToString } from './php-values.js';

const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;
/** What PHP's `json_encode` escapes beyond JSON itself: `/` and every non-ASCII character. */
const ESCAPED_IN_PHP_JSON = /[\u0080-\uffff/]/g;

/** `wp_sprintf('%l', $items)`: `a`, `a and b`, `a, b, and c`. */
export function wpSprintfList(items: readonly unknown[]): string {
  const texts = items.map(phpToString);
  if (texts.length <= 1) return texts[0] ?? '';
  if (texts.length === 2) return `${texts[0]} and ${texts[1]}`;
  return `${texts.slice(0, -1).join(', ')}, and ${texts[texts.length - 1]}`;
}

/** `number_format_i18n` in English: rounded half away from zero, thousands separated by commas. */
export function numberFormatI18n(value: unknown): string {
  const number = Number(phpToString(value)) || 0;
  const rounded = Math.sign(number) * Math.round(Math.abs(number));
  const digits = String(Math.abs(rounded)).replace(THOUSANDS, ',');
  return rounded < 0 ? `-${digits}` : digits;
}

/** `_n($single, $plural, $number)` without a translation: the singular only for exactly one. */
export function pluralise(count: unknown, single: string, plural: string): string {
  return Number(phpToString(count)) === 1 ? single : plural;
}

/** `sprintf('%d', $value)`. */
export function formatInteger(value: unknown): string {
  return String(phpToInt(value));
}

/**
 * `wp_json_encode` with PHP's default flags: `/` escaped as `\/`, non-ASCII as `\uXXXX`, and a JSON object
 * whose keys are 0…n-1 (or none) written as a list, since PHP holds both as one array.
 */
export function wpJsonEncode(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (isPhpScalar(value)) {
    return typeof value === 'string' ? encodeString(value) : typeof value === 'number' ? jsonNumber(value) : String(value);
  }
  if (Array.isArray(value)) return `[${value.map(wpJsonEncode).join(',')}]`;
  if (typeof value !== 'object') return 'null';
  const entries = Object.entries(value);
  if (entries.every(([key], index) => key === String(index))) return `[${entries.map(([, item]) => wpJsonEncode(item)).join(',')}]`;
  return `{${entries.map(([key, item]) => `${encodeString(key)}:${wpJsonEncode(item)}`).join(',')}}`;
}

function jsonNumber(value: number): string {
  return Number.isFinite(value) ? JSON.stringify(value) : '0';
}

function encodeString(text: string): string {
  return JSON.stringify(text).replace(ESCAPED_IN_PHP_JSON, (char) => (char === '/' ? '\\/' : `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`));
}
