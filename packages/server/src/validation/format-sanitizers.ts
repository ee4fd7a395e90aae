/**
 * How WordPress sanitises a string by its `format` (`rest_sanitize_value_from_schema`): `sanitize_text_field`,
 * `sanitize_textarea_field`, `sanitize_hex_color` and `sanitize_url` (`esc_url` in the `db` context).
 */
import { ALLOWED_URL_PROTOCOLS } from '@restconform/interface';
import { phpTrim } from './format-checks.js';
import { isPhpArray, phpToString } from './php-values.js';

const HEX_COLOR = /^#(?:[A-Fa-f0-9]{3}){1,2}\n?$/;
const LONE_LESS_THAN = /<[^>]*?(?:(?=<)|>|$)/g;
const SCRIPT_OR_STYLE = /<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi;
const LINE_WHITESPACE = /[\r\n\t ]+/g;
const PERCENT_ENCODED = /%[a-f0-9]{2}/i;
const PERCENT_ENCODED_ALL = /%[a-f0-9]{2}/gi;
const REPEATED_SPACES = / +/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** `sanitize_text_field`: tags stripped, whitespace runs collapsed to one space, percent-escapes removed. */
export function sanitizeTextField(value: unknown): string {
  return sanitizeTextFields(value, false);
}

/** `sanitize_textarea_field`: as `sanitize_text_field`, but newlines and other whitespace are kept. */
export function sanitizeTextareaField(value: unknown): string {
  return sanitizeTextFields(value, true);
}

/** `_sanitize_text_fields`. */
function sanitizeTextFields(value: unknown, keepNewlines: boolean): string {
  if (isPhpArray(value)) return '';
  let text = phpToString(value);
  // wp_check_invalid_utf8(): text that is not valid Unicode becomes empty.
  if (LONE_SURROGATE.test(text)) return '';
  if (text.includes('<')) {
    text = text.replace(LONE_LESS_THAN, (fragment) => (fragment.includes('>') ? fragment : escapeHtml(fragment)));
    text = stripAllTags(text);
    text = text.replaceAll('<\n', '&lt;\n');
  }
  if (!keepNewlines) text = text.replace(LINE_WHITESPACE, ' ');
  text = phpTrim(text);
  let found = false;
  while (PERCENT_ENCODED.test(text)) {
    text = text.replace(PERCENT_ENCODED_ALL, '');
    found = true;
  }
  return found ? phpTrim(text.replace(REPEATED_SPACES, ' ')) : text;
}

/** `wp_strip_all_tags` without removing line breaks: script and style elements go whole, then every tag. */
function stripAllTags(text: string): string {
  return phpTrim(stripTags(text.replace(SCRIPT_OR_STYLE, '')));
}

/**
 * PHP `strip_tags` with no allowed tags: a tag runs from `<` to its matching `>` (quotes inside a tag and nested
 * `<` respected), comments go whole, and a `<` followed by whitespace is kept as text.
 */
function stripTags(text: string): string {
  let out = '';
  let depth = 0;
  let quote = '';
  let index = 0;
  while (index < text.length) {
    const char = text[index]!;
    if (depth === 0) {
      if (char === '<' && index + 1 < text.length && !isCSpace(text.charCodeAt(index + 1))) {
        if (text.startsWith('<!--', index)) {
          const close = text.indexOf('-->', index + 4);
          index = close === -1 ? text.length : close + 3;
          continue;
        }
        depth = 1;
      } else if (char !== '<' || index + 1 < text.length) {
        out += char;
      }
    } else if (quote !== '') {
      if (char === quote) quote = '';
    } else if (char === '"' || char === "'") {
      quote = char;
    } else if (char === '<') {
      depth += 1;
    } else if (char === '>') {
      depth -= 1;
    }
    index += 1;
  }
  return out;
}

function escapeHtml(text: string): string {
  return text.replace(HTML_SPECIAL, (char) => HTML_ESCAPES[char]!);
}

/** C `isspace`, as PHP's `strip_tags` tests the character after `<`. */
function isCSpace(code: number): boolean {
  return code === 0x20 || (code >= 0x09 && code <= 0x0d);
}

const HTML_SPECIAL = /[&<>"']/g;
const HTML_ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#039;',
};

/** `(string) sanitize_hex_color()`: the colour when it is `#rgb` or `#rrggbb`, otherwise `""`. */
export function sanitizeHexColor(value: unknown): string {
  const color = isPhpArray(value) ? '' : phpToString(value);
  return HEX_COLOR.test(color) ? color : '';
}

const URL_DISALLOWED = /[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\u0080-\uFFFF]/gi;
const ENCODED_LINE_BREAKS = ['%0d', '%0a', '%0D', '%0A'];
const PHP_FILE = /^[a-z0-9-]+?\.php/i;
const URL_FRONT = /^(?:([a-z][a-z0-9+.-]*):)?(?:\/\/([^/?#]*))?/i;
const ENTITY_COLON_UNTERMINATED = /(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi;
const SCHEME_SEPARATOR = /:|&#0*58;|&#x0*3a;/i;
const CONTROL_CHARACTERS = /[\x00-\x08\x0B\x0C\x0E-\x1F]/g;
const ESCAPED_ZEROS = /\\+0+/g;
const NUMERIC_ENTITY = /&#(?:x([0-9a-f]+)|(\d+));/gi;
const WHITESPACE = /\s/g;

/**
 * `sanitize_url` (`esc_url($url, null, 'db')`): spaces encoded, characters outside the URL set dropped, encoded
 * line breaks removed, `http://` added to a bare host, and `""` for a URL whose protocol is not allowed.
 */
export function sanitizeUrl(value: unknown): string {
  if (isPhpArray(value)) return '';
  let url = phpToString(value);
  if (url === '') return url;
  url = phpTrimStart(url).replaceAll(' ', '%20').replace(URL_DISALLOWED, '');
  if (url === '') return url;
  if (!url.toLowerCase().startsWith('mailto:')) url = deepReplace(ENCODED_LINE_BREAKS, url);
  url = url.replaceAll(';//', '://');
  if (!url.includes(':') && !['/', '#', '?'].includes(url[0]!) && !PHP_FILE.test(url)) url = `http://${url}`;
  if (url.includes('[') || url.includes(']')) url = encodeBracketsAfterHost(url);
  if (url[0] === '/') return url;
  const checked = removeBadProtocols(url);
  return checked.toLowerCase() === url.toLowerCase() ? checked : '';
}

/** PHP `ltrim` with its default characters. */
function phpTrimStart(text: string): string {
  let start = 0;
  while (start < text.length && ' \t\n\r\0\x0B'.includes(text[start]!)) start += 1;
  return text.slice(start);
}

/** `_deep_replace`: removes the needles until none is left (so `%0%0ad` cannot rebuild one). */
function deepReplace(needles: readonly string[], text: string): string {
  let result = text;
  let changed = true;
  while (changed) {
    changed = false;
    for (const needle of needles) {
      if (result.includes(needle)) {
        result = result.replaceAll(needle, '');
        changed = true;
      }
    }
  }
  return result;
}

/** Square brackets after scheme, credentials, host and port are percent-encoded (IPv6 hosts keep theirs). */
function encodeBracketsAfterHost(url: string): string {
  const front = URL_FRONT.exec(url);
  const scheme = front?.[1];
  const authority = front?.[2];
  let prefix = '';
  if (scheme !== undefined) prefix = `${scheme}://`;
  else if (url[0] === '/') prefix = '//';
  if (authority !== undefined) prefix += authority;
  const dirty = prefix === '' ? url : url.split(prefix).join('');
  const clean = dirty.replaceAll('[', '%5B').replaceAll(']', '%5D');
  return dirty === '' ? url : url.split(dirty).join(clean);
}

/** `wp_kses_bad_protocol`: strips protocols not in the allowed list, repeating up to six times. */
function removeBadProtocols(url: string): string {
  let content = removeNulls(url);
  if (content.startsWith('https://') || content.startsWith('http://')) return content;
  let original: string;
  let iterations = 0;
  do {
    original = content;
    content = removeBadProtocolOnce(content, 1);
    iterations += 1;
  } while (original !== content && iterations < 6);
  return original !== content ? '' : content;
}

/** `wp_kses_bad_protocol_once`. */
function removeBadProtocolOnce(input: string, count: number): string {
  const content = input.replace(ENTITY_COLON_UNTERMINATED, '$1;');
  const separator = SCHEME_SEPARATOR.exec(content);
  if (separator === null) return content;
  const scheme = content.slice(0, separator.index);
  if (scheme.includes('/?')) return content;
  let rest = phpTrim(content.slice(separator.index + separator[0].length));
  const protocol = allowedProtocolPrefix(scheme);
  if (protocol === 'feed:') {
    if (count > 2) return '';
    rest = removeBadProtocolOnce(rest, count + 1);
    if (rest === '') return rest;
  }
  return protocol + rest;
}

/** `wp_kses_bad_protocol_once2`: the scheme with its colon when allowed, otherwise `""`. */
function allowedProtocolPrefix(rawScheme: string): string {
  const decoded = rawScheme.replace(NUMERIC_ENTITY, (entity, hex: string | undefined, decimal: string | undefined) => {
    const codePoint = hex === undefined ? Number(decimal) : Number.parseInt(hex, 16);
    return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : entity;
  });
  const scheme = removeNulls(decoded.replace(WHITESPACE, '')).toLowerCase();
  return ALLOWED_URL_PROTOCOLS.has(scheme) ? `${scheme}:` : '';
}

/** `wp_kses_no_null`. */
function removeNulls(text: string): string {
  return text.replace(CONTROL_CHARACTERS, '').replace(ESCAPED_ZEROS, '');
}
