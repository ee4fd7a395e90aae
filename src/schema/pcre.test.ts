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
  ])('%s on %j → %s', (pattern, value, expected) => {
    expect(matchesPcre(pattern, value)).toBe(expected);
  });

  it('refuses PCRE-only syntax rather than guess, and such a pattern never matches', () => {
    for (const pattern of ['(?R)', 'a\\Kb', '(?|a|b)', 'a(?i)b', '\\g{-1}', '[[:^alpha:]]', '\\i']) expect(pcreToRegExp(pattern)).toBeNull();
    expect(matchesPcre('(?R)', 'anything')).toBe(false);
  });

  it('offers a plain reading for generators and JSON Schema, cached per pattern', () => {
    expect(pcreToRegExp('^a.c$', 'plain')?.source).toBe('^a.c$');
    expect(pcreToRegExp('^a.c$', 'match')?.source).toBe('^a[^\\n]c(?=\\n?$)');
    expect(pcreToRegExp('x', 'match')).toBe(pcreToRegExp('x', 'match'));
  });
});
