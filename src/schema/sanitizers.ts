/**
 * The string sanitisers WordPress runs for formats (`sanitize_text_field`, `sanitize_textarea_field`,
 * `sanitize_url`, `sanitize_hex_color`). They matter to validation where a sanitised value is compared:
 * `enum` membership and `uniqueItems` after sanitising. These are close models of the PHP, not ports of
 * kses: tag stripping follows `wp_strip_all_tags` on well-formed markup only.
 */
import { ALLOWED_URL_PROTOCOLS } from '@restconform/interface';
import { isScalar, phpStrval, phpTrim } from './php-values.js';
import { isHexColor } from './formats.js';

function escapeHtml(text: string): string {
  return text
    .replace(/&(?!#?\w+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#039;');
}

/** `wp_pre_kses_less_than`: a `<` that never closes becomes `&lt;`. */
function escapeUnclosedLessThan(text: string): string {
  return text.replace(/<[^>]*?(?:(?=<)|>|$)/g, (segment) => (segment.includes('>') ? segment : escapeHtml(segment)));
}

/** `wp_strip_all_tags` without break removal: script/style blocks go, then every tag. */
function stripAllTags(text: string): string {
  return phpTrim(text.replace(/<(script|style)[^>]*?>[\s\S]*?<\/\1>/gi, '').replace(/<[^\s<>][^>]*>|<>/g, ''));
}

/** `_sanitize_text_fields`. */
function sanitizeTextFields(value: unknown, keepNewlines: boolean): string {
  if (!isScalar(value) && value !== null) return '';
  let filtered = phpStrval(value);
  if (filtered.includes('<')) {
    filtered = stripAllTags(escapeUnclosedLessThan(filtered)).replace(/<\n/g, '&lt;\n');
  }
  if (!keepNewlines) filtered = filtered.replace(/[\r\n\t ]+/g, ' ');
  filtered = phpTrim(filtered);
  let found = false;
  for (let match = /%[a-f0-9]{2}/i.exec(filtered); match; match = /%[a-f0-9]{2}/i.exec(filtered)) {
    filtered = filtered.split(match[0]).join('');
    found = true;
  }
  if (found) filtered = phpTrim(filtered.replace(/ +/g, ' '));
  return filtered;
}

/** `sanitize_text_field`: tags stripped, whitespace runs collapsed, trimmed, percent-encoded octets removed. */
export function sanitizeTextField(value: unknown): string {
  return sanitizeTextFields(value, false);
}

/** `sanitize_textarea_field`: as `sanitize_text_field` but keeping line breaks. */
export function sanitizeTextareaField(value: unknown): string {
  return sanitizeTextFields(value, true);
}

/** `sanitize_hex_color`: the colour, or the empty string for anything else. */
export function sanitizeHexColor(value: unknown): string {
  const text = phpStrval(value);
  return text !== '' && isHexColor(text) ? text : '';
}

function deepRemove(text: string, needles: string[]): string {
  let result = text;
  for (;;) {
    const before = result;
    for (const needle of needles) result = result.split(needle).join('');
    if (result === before) return result;
  }
}

/** `wp_kses_bad_protocol_once`: keeps an allowed scheme, drops any other. */
function stripBadProtocolOnce(text: string, depth = 1): string {
  const content = text.replace(/(&#0*58(?![;0-9])|&#x0*3a(?![;a-f0-9]))/gi, '$1;');
  const split = /:|&#0*58;|&#x0*3a;/i.exec(content);
  if (!split) return content;
  const scheme = content.slice(0, split.index);
  if (scheme.includes('/?')) return content;
  let rest = phpTrim(content.slice(split.index + split[0].length));
  const normalized = scheme.replace(/\s/g, '').replace(/\0/g, '').toLowerCase();
  const protocol = ALLOWED_URL_PROTOCOLS.has(normalized) ? `${normalized}:` : '';
  if (protocol === 'feed:') {
    if (depth > 2) return '';
    rest = stripBadProtocolOnce(rest, depth + 1);
    if (rest === '') return rest;
  }
  return protocol + rest;
}

/** `wp_kses_bad_protocol`. */
function stripBadProtocols(text: string): string {
  let content = text.replace(/\0/g, '');
  if (content.startsWith('https://') || content.startsWith('http://')) return content;
  for (let iteration = 0; iteration < 6; iteration++) {
    const before = content;
    content = stripBadProtocolOnce(content);
    if (content === before) return content;
  }
  return '';
}

/** `sanitize_url` (`esc_url` in the `db` context), for the default protocol list. */
export function sanitizeUrl(value: unknown): string {
  const original = phpStrval(value);
  if (original === '') return '';
  let url = original.replace(/^[ \t\n\r\0\x0B]+/, '').replace(/ /g, '%20');
  url = url.replace(/[^a-z0-9\-~+_.?#=!&;,/:%@$|*'()[\]\u0080-\u{10FFFF}]/giu, '');
  if (url === '') return '';
  if (!url.toLowerCase().startsWith('mailto:')) url = deepRemove(url, ['%0d', '%0a', '%0D', '%0A']);
  url = url.replace(/;\/\//g, '://');
  if (!url.includes(':') && !['/', '#', '?'].includes(url[0] as string) && !/^[a-z0-9-]+?\.php/i.test(url)) {
    url = `http://${url}`;
  }
  if (url.includes('[') || url.includes(']')) {
    const front = /^(?:[a-z][a-z0-9+.-]*:)?\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
    url = front + url.slice(front.length).replace(/\[/g, '%5B').replace(/\]/g, '%5D');
  }
  if (url.startsWith('/')) return url;
  const cleaned = stripBadProtocols(url);
  return cleaned.toLowerCase() === url.toLowerCase() ? cleaned : '';
}
