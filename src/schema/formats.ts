/**
 * The string formats WordPress validates (`date-time`, `email`, `ip`, `uuid`, `hex-color`), each as the
 * PHP helper it calls: `rest_parse_date`, `is_email`, `rest_is_ip_address`, `wp_is_uuid`,
 * `rest_parse_hex_color`. Every other format (`uri`, `text-field`, `textarea-field`…) is never rejected.
 * PHP's `$` (no `D` modifier) also matches before a final newline; the expressions below keep that quirk.
 */
import { phpTrim } from './php-values.js';

/** Formats that can make WordPress reject a string, with the error code of each. */
export const VALIDATED_FORMATS = {
  'date-time': 'rest_invalid_date',
  email: 'rest_invalid_email',
  ip: 'rest_invalid_ip',
  uuid: 'rest_invalid_uuid',
  'hex-color': 'rest_invalid_hex_color',
} as const;

export type ValidatedFormat = keyof typeof VALIDATED_FORMATS;

export function isValidatedFormat(format: unknown): format is ValidatedFormat {
  return typeof format === 'string' && Object.prototype.hasOwnProperty.call(VALIDATED_FORMATS, format);
}

const HEX_COLOR = /^#(?:[A-Fa-f0-9]{3}){1,2}\n?$/;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|[+-](\d{2})(?::(\d{2}))?)?\n?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\n?$/;
const IPV4 = /^(?:(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\.){3}(?:25[0-5]|2[0-4][0-9]|[01]?[0-9][0-9]?)\n?$/;
const EMAIL_LOCAL = /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~.-]+\n?$/;
const EMAIL_SUB = /^[a-z0-9-]+\n?$/i;

/** `rest_parse_hex_color`: `#rgb` or `#rrggbb`. */
export function isHexColor(value: string): boolean {
  return HEX_COLOR.test(value);
}

/**
 * `rest_parse_date`: the RFC 3339 shape WordPress's regex asks for, then what PHP's `strtotime` accepts in
 * it (month 1–12, day up to 31, hour up to 24, second up to 60, offset hours up to 24). Returns the Unix
 * timestamp (site time zone UTC, as in WordPress's tests) or null.
 */
export function parseRestDate(value: string, forceUtc = false): number | null {
  const text = forceUtc ? value.replace(/[+-]\d+:?\d+$/, '+00:00') : value;
  const match = RFC3339.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const zone = match[7];
  const offsetHours = Number(match[8] ?? 0);
  const offsetMinutes = Number(match[9] ?? 0);
  if (month < 1 || month > 12 || day > 31 || hour > 24 || minute > 59 || second > 60) return null;
  if (offsetHours > 24 || offsetMinutes > 59) return null;
  const local = Date.UTC(year, month - 1, day, hour, minute, second) / 1000;
  if (zone === undefined || zone === 'Z') return local;
  const sign = zone.startsWith('-') ? -1 : 1;
  return local - sign * (offsetHours * 3600 + offsetMinutes * 60);
}

/** `is_email`: 6+ bytes, `@` after the first character, a plain local part, a dotted domain of clean labels. */
export function isEmail(value: string): boolean {
  if (Buffer.byteLength(value, 'utf8') < 6) return false;
  const at = value.indexOf('@', 1);
  if (at < 0) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (!EMAIL_LOCAL.test(local)) return false;
  if (/\.{2,}/.test(domain)) return false;
  if (phpTrim(domain, ' \t\n\r\0\x0B.') !== domain) return false;
  const labels = domain.split('.');
  if (labels.length < 2) return false;
  return labels.every((label) => phpTrim(label, ' \t\n\r\0\x0B-') === label && EMAIL_SUB.test(label));
}

/** `wp_is_uuid` without a version: lower-case 8-4-4-4-12 hex. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/** `Requests\Ipv6::uncompress`: expands the one `::`; anything else is left for the check to refuse. */
function uncompressIpv6(ip: string): string | null {
  if (ip.split('::').length !== 2) return ip;
  const [left, right] = ip.split('::') as [string, string];
  const leftCount = left === '' ? -1 : left.split(':').length - 1;
  let rightCount = right === '' ? -1 : right.split(':').length - 1;
  if (right.includes('.')) rightCount++;
  // PHP's str_repeat() throws on a negative count: the request would fail with a server error, not a 400.
  const repeat = (text: string, count: number): string | null => (count < 0 ? null : text.repeat(count));
  let fill: string | null;
  if (leftCount === -1 && rightCount === -1) return '0:0:0:0:0:0:0:0';
  if (leftCount === -1) fill = repeat('0:', 7 - rightCount);
  else if (rightCount === -1) fill = repeat(':0', 7 - leftCount);
  else {
    const middle = repeat('0:', 6 - rightCount - leftCount);
    fill = middle === null ? null : `:${middle}`;
  }
  return fill === null ? null : ip.replace('::', fill);
}

/** `Requests\Ipv6::check_ipv6`. */
function isIpv6(value: string): boolean {
  const ip = uncompressIpv6(value);
  if (ip === null) return false;
  let v6 = ip;
  let v4 = '';
  if (ip.includes('.')) {
    const lastColon = ip.lastIndexOf(':');
    v6 = ip.slice(0, Math.max(lastColon, 0));
    v4 = ip.slice(lastColon + 1);
  }
  const groups = v6.split(':');
  const octets = v4.split('.');
  if (!((groups.length === 8 && octets.length === 1) || (groups.length === 6 && octets.length === 4))) return false;
  if (!groups.every((group) => /^[0-9A-Fa-f]{1,4}$/.test(group))) return false;
  if (octets.length === 4) return octets.every((octet) => /^(?:0|[1-9]\d{0,2})$/.test(octet) && Number(octet) <= 255);
  return true;
}

/** `rest_is_ip_address`: a dotted IPv4 address (leading zeros allowed) or an IPv6 address. */
export function isIpAddress(value: string): boolean {
  return IPV4.test(value) || isIpv6(value);
}

/** Whether a string passes the check of a validated format (true for any other format). */
export function passesFormat(format: string, value: string): boolean {
  switch (format) {
    case 'date-time': {
      // `! rest_parse_date()`: the Unix epoch is timestamp 0, which PHP reads as false (seen on WordPress 6.1).
      const stamp = parseRestDate(value);
      return stamp !== null && stamp !== 0;
    }
    case 'email':
      return isEmail(value);
    case 'ip':
      return isIpAddress(value);
    case 'uuid':
      return isUuid(value);
    case 'hex-color':
      return isHexColor(value);
    default:
      return true;
  }
}
