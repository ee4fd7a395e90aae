/**
 * The `format` checks WordPress applies when validating a string: `rest_parse_date`, `rest_parse_hex_color`,
 * `is_email`, `rest_is_ip_address` (with the Requests library's IPv6 check) and `wp_is_uuid`.
 * PHP's `$` also matches before one final newline, so each anchored pattern here accepts a trailing `\n` too.
 */
import { isPhpArray, phpToString } from './php-values.js';

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:Z|([+-])(\d{2})(?::(\d{2}))?)?\n?$/;
const TRAILING_OFFSET = /[+-]\d+:?\d+(?=\n?$)/;
const HEX_COLOR = /^#(?:[A-Fa-f0-9]{3}){1,2}\n?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\n?$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\n?$/;
const IPV6_GROUP = /^[0-9A-Fa-f]{1,4}$/;
const IPV4_OCTET = /^(?:0|[1-9]\d{0,2})$/;
const EMAIL_LOCAL = /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+\n?$/;
const EMAIL_SUBDOMAIN = /^[a-z0-9-]+$/i;
const REPEATED_DOTS = /\.{2,}/;
/** PHP `trim()`'s default characters. */
const PHP_TRIM_CHARS = ' \t\n\r\0\x0B';

/** A value as the string PHP's regex functions would see, or null for an array (PHP would fail). */
function subjectOf(value: unknown): string | null {
  return isPhpArray(value) ? null : phpToString(value);
}

/**
 * `rest_parse_date`: an RFC 3339 date-time as a Unix timestamp, or false. Dates without an offset are UTC (the
 * site time zone WordPress sets for PHP); `forceUtc` ignores the offset. Out-of-range fields fail as PHP's
 * `strtotime` fails them (month over 12, day over 31, hour over 24…); day or month 00 and overflowing days
 * roll over as `strtotime` rolls them.
 */
export function restParseDate(value: unknown, forceUtc = false): number | false {
  let date = subjectOf(value);
  if (date === null) return false;
  if (forceUtc) date = date.replace(TRAILING_OFFSET, '+00:00');
  const match = RFC3339.exec(date);
  if (match === null) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (month > 12 || day > 31 || hour > 24 || minute > 59 || second > 60) return false;
  const offsetSign = match[7];
  const offsetHours = Number(match[8] ?? 0);
  const offsetMinutes = Number(match[9] ?? 0);
  if (offsetHours > 24 || offsetMinutes > 59) return false;
  const moment = new Date(0);
  moment.setUTCFullYear(year, month - 1, day);
  moment.setUTCHours(hour, minute, second, 0);
  const offsetSeconds = (offsetHours * 60 + offsetMinutes) * 60;
  const seconds = Math.floor(moment.getTime() / 1000);
  if (offsetSign === undefined) return seconds;
  return offsetSign === '-' ? seconds + offsetSeconds : seconds - offsetSeconds;
}

/** `rest_parse_hex_color`: `#rgb` or `#rrggbb`, returned as given; false otherwise. */
export function restParseHexColor(value: unknown): string | false {
  const color = subjectOf(value);
  return color !== null && HEX_COLOR.test(color) ? color : false;
}

/** `wp_is_uuid`: a lower-case 8-4-4-4-12 hexadecimal string. */
export function wpIsUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID.test(value);
}

/** `is_email`: WordPress's own loose check, the address or false. */
export function isEmail(value: unknown): string | false {
  const email = subjectOf(value);
  if (email === null) return false;
  if (email.length < 6 && Buffer.byteLength(email, 'utf8') < 6) return false;
  const at = email.indexOf('@', 1);
  if (at === -1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!EMAIL_LOCAL.test(local)) return false;
  if (REPEATED_DOTS.test(domain)) return false;
  if (phpTrim(domain, `${PHP_TRIM_CHARS}.`) !== domain) return false;
  const subdomains = domain.split('.');
  if (subdomains.length < 2) return false;
  for (const subdomain of subdomains) {
    if (phpTrim(subdomain, `${PHP_TRIM_CHARS}-`) !== subdomain) return false;
    if (!EMAIL_SUBDOMAIN.test(subdomain)) return false;
  }
  return email;
}

/** `rest_is_ip_address`: a dotted IPv4 address or an IPv6 address (compressed, or with an IPv4 tail). */
export function restIsIpAddress(value: unknown): string | false {
  const ip = subjectOf(value);
  if (ip === null) return false;
  return IPV4.test(ip) || isIpv6(ip) ? ip : false;
}

/** The Requests library's `Ipv6::check_ipv6`: expand `::`, then eight groups, or six groups and an IPv4 tail. */
function isIpv6(address: string): boolean {
  const expanded = uncompressIpv6(address);
  if (expanded === null) return false;
  let v6 = expanded;
  let v4 = '';
  if (expanded.includes('.')) {
    const lastColon = expanded.lastIndexOf(':');
    v6 = lastColon === -1 ? '' : expanded.slice(0, lastColon);
    v4 = expanded.slice(lastColon + 1);
  }
  const groups = v6.split(':');
  const octets = v4.split('.');
  if (!((groups.length === 8 && octets.length === 1) || (groups.length === 6 && octets.length === 4))) return false;
  if (!groups.every((group) => IPV6_GROUP.test(group))) return false;
  return octets.length === 1 || octets.every((octet) => IPV4_OCTET.test(octet) && Number(octet) <= 255);
}

/** `Ipv6::uncompress`: `::` expanded to the zero groups it stands for; null where PHP 8 would throw. */
function uncompressIpv6(address: string): string | null {
  const parts = address.split('::');
  if (parts.length !== 2) return address;
  const [left = '', right = ''] = parts;
  const leftCount = left === '' ? -1 : countOf(left, ':');
  const rightCount = right === '' ? -1 : countOf(right, ':') + (right.includes('.') ? 1 : 0);
  if (leftCount === -1 && rightCount === -1) return '0:0:0:0:0:0:0:0';
  // str_repeat() with a negative count is a ValueError in PHP 8: the address is not valid.
  const zeros = leftCount === -1 ? 7 - rightCount : rightCount === -1 ? 7 - leftCount : 6 - rightCount - leftCount;
  if (zeros < 0) return null;
  let fill: string;
  if (leftCount === -1) fill = '0:'.repeat(zeros);
  else if (rightCount === -1) fill = ':0'.repeat(zeros);
  else fill = `:${'0:'.repeat(zeros)}`;
  return parts.join(fill);
}

function countOf(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) count += 1;
  return count;
}

/** PHP `trim($text, $characters)` for a plain character list (no `..` ranges). */
export function phpTrim(text: string, characters: string = PHP_TRIM_CHARS): string {
  let start = 0;
  let end = text.length;
  while (start < end && characters.includes(text[start]!)) start += 1;
  while (end > start && characters.includes(text[end - 1]!)) end -= 1;
  return start === 0 && end === text.length ? text : text.slice(start, end);
}
