import { describe, expect, it } from 'vitest';
import { MAX_INPUT_NESTING_LEVEL, MAX_INPUT_VARS, parsePhpQuery } from './query.js';

describe('parsePhpQuery: shapes', () => {
  it('builds lists, objects and nested values', () => {
    expect(parsePhpQuery('a[]=1&a[]=2')).toEqual({ a: ['1', '2'] });
    expect(parsePhpQuery('o[k]=v&o[j]=w')).toEqual({ o: { k: 'v', j: 'w' } });
    expect(parsePhpQuery('o[k][]=v&o[k][]=w')).toEqual({ o: { k: ['v', 'w'] } });
    expect(parsePhpQuery('m[0][name]=x&m[1][name]=y')).toEqual({ m: [{ name: 'x' }, { name: 'y' }] });
  });

  it('numbers appended items after the highest integer key, as PHP does', () => {
    expect(parsePhpQuery('a[5]=x&a[]=y')).toEqual({ a: { 5: 'x', 6: 'y' } });
    expect(parsePhpQuery('a[x]=1&a[]=2')).toEqual({ a: { x: '1', 0: '2' } });
    expect(parsePhpQuery('a[0]=x&a[1]=y')).toEqual({ a: ['x', 'y'] });
  });

  it('lets a later duplicate win, whether plain or bracketed', () => {
    expect(parsePhpQuery('a=1&a=2')).toEqual({ a: '2' });
    expect(parsePhpQuery('a=1&a[]=2')).toEqual({ a: ['2'] });
    expect(parsePhpQuery('a[]=1&a=2')).toEqual({ a: '2' });
  });

  it('ignores a leading question mark and empty pairs; a name alone has an empty value', () => {
    expect(parsePhpQuery('?a=1&&b&=c&')).toEqual({ a: '1', b: '' });
    expect(parsePhpQuery('')).toEqual({});
    expect(parsePhpQuery('?')).toEqual({});
  });

  it('always answers an object at the top, even for integer names', () => {
    const parsed = parsePhpQuery('0=a&1=b');
    expect(Array.isArray(parsed)).toBe(false);
    expect(parsed).toEqual({ 0: 'a', 1: 'b' });
  });
});

describe('parsePhpQuery: decoding and names', () => {
  it('reads + as a space and percent escapes as UTF-8', () => {
    expect(parsePhpQuery('q=hello+world%21&e=%C3%A9t%C3%A9&plus=%2B')).toEqual({ q: 'hello world!', e: 'été', plus: '+' });
  });

  it('keeps malformed escapes and replaces invalid UTF-8', () => {
    expect(parsePhpQuery('a=100%&b=%zz&c=%E9')).toEqual({ a: '100%', b: '%zz', c: '\uFFFD' });
  });

  it('turns dots and spaces in the base name into underscores, not inside brackets', () => {
    expect(parsePhpQuery('a.b=1&c+d=2&e%20f=3')).toEqual({ a_b: '1', c_d: '2', e_f: '3' });
    expect(parsePhpQuery('a.b[c.d]=1')).toEqual({ a_b: { 'c.d': '1' } });
  });

  it('drops leading spaces of a name, and names that are empty', () => {
    expect(parsePhpQuery('+a=1&=2&+=3')).toEqual({ a: '1' });
  });

  it('cuts a name at a NUL byte but keeps NUL in values', () => {
    expect(parsePhpQuery('a%00b=1&c=x%00y')).toEqual({ a: '1', c: 'x\0y' });
  });

  it('handles unclosed brackets, spaces in brackets and text after the last bracket as PHP does', () => {
    expect(parsePhpQuery('a[b=1')).toEqual({ a_b: '1' });
    expect(parsePhpQuery('a[b.c[d=1')).toEqual({ a_b_c_d: '1' });
    expect(parsePhpQuery('a[x][y=1')).toEqual({ a: { x: '1' } });
    expect(parsePhpQuery('a[ ]=1&b[ x]=2')).toEqual({ a: ['1'], b: { ' x': '2' } });
    expect(parsePhpQuery('a[b]c=1')).toEqual({ a: { b: '1' } });
  });

  it('keeps __proto__ and constructor as data', () => {
    const parsed = parsePhpQuery('__proto__[polluted]=1&constructor=2&o[__proto__]=3');
    expect(Object.hasOwn(parsed, '__proto__')).toBe(true);
    expect(parsed.constructor).toBe('2');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });
});

describe('parsePhpQuery: limits', () => {
  it('keeps only the first 1000 variables (max_input_vars)', () => {
    const query = Array.from({ length: MAX_INPUT_VARS + 5 }, (_, index) => `v${index}=${index}`).join('&');
    const parsed = parsePhpQuery(query);
    expect(Object.keys(parsed)).toHaveLength(MAX_INPUT_VARS);
    expect(parsed.v999).toBe('999');
    expect(parsed.v1000).toBeUndefined();
  });

  it('counts list items as variables too', () => {
    const parsed = parsePhpQuery(Array.from({ length: 1500 }, () => 'ids[]=1').join('&'));
    expect(parsed.ids).toHaveLength(MAX_INPUT_VARS);
  });

  it('parses 100,000 parameters into the first 1000', () => {
    const query = Array.from({ length: 100_000 }, (_, index) => `p${index}=x`).join('&');
    const parsed = parsePhpQuery(query);
    expect(Object.keys(parsed)).toHaveLength(MAX_INPUT_VARS);
    expect(parsed.p0).toBe('x');
  });

  it('parses 100,000 pairs without "=" into the first 1000', () => {
    const parsed = parsePhpQuery('k'.repeat(10) + '&k'.repeat(100_000));
    expect(Object.keys(parsed)).toEqual(['kkkkkkkkkk', 'k']);
  });

  it('accepts 64 levels of brackets and drops a deeper variable with its top-level name', () => {
    const deep = (levels: number): string => `a${'[x]'.repeat(levels)}=1`;
    let expected: unknown = '1';
    for (let level = 0; level < MAX_INPUT_NESTING_LEVEL; level += 1) expected = { x: expected };
    expect(parsePhpQuery(deep(MAX_INPUT_NESTING_LEVEL))).toEqual({ a: expected });
    expect(parsePhpQuery(`a=kept&b=2&${deep(MAX_INPUT_NESTING_LEVEL + 1)}`)).toEqual({ b: '2' });
  });

  it('copes with a huge run of brackets in one name', () => {
    expect(parsePhpQuery(`a${'['.repeat(200_000)}=1`)).toEqual({ [`a_${'_'.repeat(199_999)}`]: '1' });
  });
});
