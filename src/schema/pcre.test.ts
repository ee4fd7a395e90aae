import { describe, expect, it } from 'vitest';
import { matchesPcre, pcreToRegExp } from './pcre.js';

describe('PCRE patterns as preg_match reads them', () => {
  it.each([
    ['b', 'abc', true],
    ['^a*$', 'b', false],
    ['^abc$', 'abc\n', true],
    ['^abc$', 'abc\n\n', false],
    ['^a.c$', 'a\rc', true],
    ['^a.c$', 'a\nc', false],
    ['^(?P<slug>[\\w-]+)$', 'a-b_c', true],
    ['^[\\w-_]+$', 'a-b_c', true],
    ['^[a-zA-Z0-9-_]+$', 'Ab-9_', true],
    ['^\\s$', '\u00a0', false],
    ['^\\s$', '\t', true],
    ['^[[:alpha:]]+$', 'abcXYZ', true],
    ['^[[:digit:]]+$', '12a', false],
    ['#[0-9]+', '#123', true],
    ['^â{1}$', 'ââ', false],
    ['^\\x{3b1}$', 'α', true],
    ['^\\p{Greek}+$', 'αβγ', true],
    ['^\\pL+$', 'αβγ', true],
    ['^a{2,}$', 'aaa', true],
    ['^{foo}$', '{foo}', true],
    ['\\Aab\\z', 'ab', true],
    ['\\Aab\\Z', 'ab\n', true],
    ['^(?>a+)b$', 'aaab', true],
    ['^a++b$', 'aab', true],
    ['^(?i)abc$', 'ABC', false],
    ['(?i)^abc$', 'ABC', true],
    ['^\\Q.*\\E$', '.*', true],
    ['^\\-\\_\\#$', '-_#', true],
    ['^a\\hb$', 'a\u00a0b', true],
    ['^a\\Hb$', 'a b', false],
    ['^a\\vb$', 'a\u2028b', true],
    ['^a\\Vb$', 'axb', true],
    ['^a\\Rb$', 'a\r\nb', true],
    ['^a\\Nb$', 'a\nb', false],
    ['^\\e\\a\\cA\\x41\\x{42}$', '\x1b\x07\x01AB', true],
    ['^[\\b]$', '\b', true],
    ['^(?<w>a)\\k<w>\\k{w}\\g1\\g{1}\\1$', 'aaaaaa', true],
    ["^(?'w'b)(?P=w)$", 'bb', true],
    ['^a(?#note)b$', 'ab', true],
    ['^[]a]+$', ']a]', true],
    ['^[^]a]$', 'b', true],
    ['^[\\Q-\\E]$', '-', true],
    ['^\\p{^Greek}$', 'a', true],
    ['^\\PL$', '1', true],
    ['^\\p{L&}$', 'a', true],
    ['^\\p{Any}$', '€', true],
    ['^a{2}+$', 'aa', true],
    ['^a+?$', 'aaa', true],
    ['(?s)^a.b$', 'a\nb', true],
    ['(?m)^b$', 'a\nb', true],
    ['^[\\d\\s\\S]$', 'x', true],
    ['^[a\\-z]$', 'b', false],
    ['^[a-\\d]$', '-', true],
    ['^[[:space:][:punct:]]+$', ' !', true],
    ['^\\S+$', 'a b', false],
  ])('%s on %j → %s', (pattern, value, expected) => {
    expect(matchesPcre(pattern, value)).toBe(expected);
  });

  it('refuses PCRE-only syntax rather than guess, and such a pattern never matches', () => {
    for (const pattern of [
      '(?R)',
      'a\\Kb',
      '(?|a|b)',
      'a(?i)b',
      '\\g{-1}',
      '[[:^alpha:]]',
      '\\i',
      '(?x)a',
      '[abc',
      'a\\',
      '(?#open',
      '\\x{zz}',
      '[\\B]',
      '[\\H]',
      '[\\1]',
      '\\cé',
      '[\\Qab\\E]',
      '\\p{Open',
    ]) {
      expect(pcreToRegExp(pattern), pattern).toBeNull();
    }
    expect(matchesPcre('(?R)', 'anything')).toBe(false);
  });

  it('offers a plain reading for generators and JSON Schema, cached per pattern', () => {
    expect(pcreToRegExp('^a.c$', 'plain')?.source).toBe('^a.c$');
    expect(pcreToRegExp('^a.c$', 'match')?.source).toBe('^a[^\\n]c(?=\\n?$)');
    expect(pcreToRegExp('x', 'match')).toBe(pcreToRegExp('x', 'match'));
  });
});
