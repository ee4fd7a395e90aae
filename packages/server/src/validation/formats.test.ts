import { describe, expect, it } from 'vitest';
import { isEmail, restIsIpAddress, restParseDate, restParseHexColor, wpIsUuid } from './format-checks.js';
import { sanitizeHexColor, sanitizeTextareaField, sanitizeTextField, sanitizeUrl } from './format-sanitizers.js';

const utc = (iso: string): number => Date.parse(iso) / 1000;

describe('restParseDate', () => {
  it('reads RFC 3339 with T, t or a space, fractions and offsets', () => {
    expect(restParseDate('2017-01-16T11:30:00')).toBe(utc('2017-01-16T11:30:00Z'));
    expect(restParseDate('2017-01-16t11:30:00.125Z')).toBe(utc('2017-01-16T11:30:00Z'));
    expect(restParseDate('2017-01-16 11:30:00+05:30')).toBe(utc('2017-01-16T06:00:00Z'));
    expect(restParseDate('1970-01-01T00:00:00Z')).toBe(0);
  });

  it('rolls over the days and hours strtotime rolls over, and rejects what it rejects', () => {
    expect(restParseDate('2017-02-31T00:00:00')).toBe(utc('2017-03-03T00:00:00Z'));
    expect(restParseDate('2017-01-00T00:00:00')).toBe(utc('2016-12-31T00:00:00Z'));
    expect(restParseDate('2017-01-16T24:00:00')).toBe(utc('2017-01-17T00:00:00Z'));
    expect(restParseDate('2017-13-01T00:00:00')).toBe(false);
    expect(restParseDate('2017-01-32T00:00:00')).toBe(false);
    expect(restParseDate('2017-01-16T11:60:00')).toBe(false);
    expect(restParseDate('2017-01-16T11:30:00z')).toBe(false);
  });

  it('accepts a trailing newline, as PHP’s $ does', () => {
    expect(restParseDate('2017-01-16T11:30:00\n')).toBe(utc('2017-01-16T11:30:00Z'));
  });

  it('reads years before 100 as such', () => {
    expect(restParseDate('0099-01-01T00:00:00Z')).toBe(new Date('0099-01-01T00:00:00Z').getTime() / 1000);
  });
});

describe('format checks', () => {
  it('is_email: WordPress’s loose rules', () => {
    expect(isEmail('a@b.co')).toBe('a@b.co');
    expect(isEmail("o'neil+tag@example.org")).toBe("o'neil+tag@example.org");
    expect(isEmail('@example.com')).toBe(false);
    expect(isEmail('a@b.c')).toBe(false);
    expect(isEmail('ab@localhost')).toBe(false);
    expect(isEmail('ab@exa..mple.com')).toBe(false);
    expect(isEmail('ab@-example.com')).toBe(false);
    expect(isEmail('a b@example.com')).toBe(false);
    expect(isEmail('ab@exämple.com')).toBe(false);
  });

  it('rest_is_ip_address: IPv4, IPv6, compressed and with an IPv4 tail', () => {
    expect(restIsIpAddress('::ffff:192.0.2.1')).toBe('::ffff:192.0.2.1');
    expect(restIsIpAddress('::1.2.3.4')).toBe('::1.2.3.4');
    expect(restIsIpAddress('1:2:3:4:5:6:7::')).toBe('1:2:3:4:5:6:7::');
    expect(restIsIpAddress('1:2:3:4:5:6:7:8::')).toBe('1:2:3:4:5:6:7:8::');
    expect(restIsIpAddress('1:2:3:4:5:6:7:8:9::')).toBe(false);
    expect(restIsIpAddress('1::2::3')).toBe(false);
    expect(restIsIpAddress('12345::')).toBe(false);
    expect(restIsIpAddress('::ffff:192.0.2.01')).toBe(false);
    expect(restIsIpAddress('256.1.1.1')).toBe(false);
    expect(restIsIpAddress('01.1.1.1')).toBe('01.1.1.1');
  });

  it('hex colours and UUIDs', () => {
    expect(restParseHexColor('#abc')).toBe('#abc');
    expect(restParseHexColor('#abcd')).toBe(false);
    expect(wpIsUuid('123e4567-e89b-12d3-a456-426655440000')).toBe(true);
    expect(wpIsUuid('123E4567-E89B-12D3-A456-426655440000')).toBe(false);
    expect(wpIsUuid(44)).toBe(false);
  });
});

describe('format sanitisers', () => {
  it('sanitize_text_field strips tags, collapses whitespace, removes percent escapes', () => {
    expect(sanitizeTextField('  <b>Hello</b>\n\tWorld  ')).toBe('Hello World');
    expect(sanitizeTextField('a < b')).toBe('a &lt; b');
    expect(sanitizeTextField('x<script>alert(1)</script>y')).toBe('xy');
    expect(sanitizeTextField('50%25 off %41')).toBe('50 off');
    expect(sanitizeTextField(12.5)).toBe('12.5');
    expect(sanitizeTextField(['a'])).toBe('');
  });

  it('sanitize_textarea_field keeps newlines', () => {
    expect(sanitizeTextareaField('<p>one\n  two</p>')).toBe('one\n  two');
  });

  it('sanitize_hex_color keeps a colour, empties anything else', () => {
    expect(sanitizeHexColor('#FFF')).toBe('#FFF');
    expect(sanitizeHexColor('red')).toBe('');
  });

  it('sanitize_url encodes spaces, adds http://, refuses bad protocols', () => {
    expect(sanitizeUrl('https://example.org/hello world')).toBe('https://example.org/hello%20world');
    expect(sanitizeUrl('example.org/a')).toBe('http://example.org/a');
    expect(sanitizeUrl('/relative/path')).toBe('/relative/path');
    expect(sanitizeUrl('javascript:alert(1)')).toBe('');
    expect(sanitizeUrl('HTTPS://Example.org')).toBe('https://Example.org');
    expect(sanitizeUrl('http://a.b/x"<y>')).toBe('http://a.b/xy');
    expect(sanitizeUrl('http://a.b/%0d%0aSet-Cookie:x')).toBe('http://a.b/Set-Cookie:x');
    expect(sanitizeUrl('http://a.b/p[1]')).toBe('http://a.b/p%5B1%5D');
    expect(sanitizeUrl('mailto:someone@example.org')).toBe('mailto:someone@example.org');
  });
});
