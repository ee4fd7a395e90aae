import { describe, expect, it } from 'vitest';
import { compilePcrePattern, restValidateJsonSchemaPattern as matches } from './pcre-pattern.js';

describe('restValidateJsonSchemaPattern: PCRE semantics', () => {
  it('searches (the pattern is not anchored)', () => {
    expect(matches('b', 'abc')).toBe(true);
    expect(matches('^b', 'abc')).toBe(false);
  });

  it('lets $ match before one final newline, as PHP does', () => {
    expect(matches('^a$', 'a\n')).toBe(true);
    expect(matches('^a$', 'a\n\n')).toBe(false);
    expect(matches('^a\\z', 'a\n')).toBe(false);
    expect(matches('^a\\Z', 'a\n')).toBe(true);
  });

  it('reads \\d, \\w and POSIX classes as Unicode under /u', () => {
    expect(matches('^\\d+$', '١٢٣')).toBe(true);
    expect(matches('^\\w+$', 'héllo_1')).toBe(true);
    expect(matches('^[\\w-]+$', 'ab-ç')).toBe(true);
    expect(matches('^[[:alpha:]]+$', 'été')).toBe(true);
    expect(matches('^[[:digit:]]+$', '12a')).toBe(false);
  });

  it('lets . match \\r but not \\n, unless (?s)', () => {
    expect(matches('^a.b$', 'a\rb')).toBe(true);
    expect(matches('^a.b$', 'a\nb')).toBe(false);
    expect(matches('(?s)^a.b$', 'a\nb')).toBe(true);
  });

  it('accepts PCRE-only syntax: escaped punctuation, named groups, \\x{…}, possessive and atomic groups', () => {
    expect(matches('^\\#\\-\\@$', '#-@')).toBe(true);
    expect(matches('^(?P<twice>a)(?P=twice)$', 'aa')).toBe(true);
    expect(matches('^\\x{e9}$', 'é')).toBe(true);
    expect(matches('^a++b$', 'aab')).toBe(true);
    expect(matches('^(?>ab)c$', 'abc')).toBe(true);
    expect(matches('^[]a]+$', ']a')).toBe(true);
    expect(matches('a{b', 'a{b')).toBe(true);
    expect(matches('^\\Q.*\\E$', '.*')).toBe(true);
    expect(matches('(?i)^abc$', 'ABC')).toBe(true);
    expect(matches('^\\p{Greek}+$', 'αβ')).toBe(true);
  });

  it('never matches with a pattern PHP cannot compile', () => {
    expect(compilePcrePattern('(')).toBeNull();
    expect(compilePcrePattern('[a')).toBeNull();
    expect(matches('(', '(')).toBe(false);
  });

  it('compiles each pattern once', () => {
    expect(compilePcrePattern('^x+$')).toBe(compilePcrePattern('^x+$'));
  });
});
