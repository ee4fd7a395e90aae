import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeQuery } from './query.js';

/** The query as `[key, value]` pairs, decoded the way a server's URL parser does. */
function pairs(query: string): Array<[string, string]> {
  return [...new URLSearchParams(query)];
}

describe('encodeQuery', () => {
  it('writes PHP-style keys for lists, objects and nesting', () => {
    const query = encodeQuery({
      include: [1, 2],
      filter: { status: 'active', ids: [3] },
      items: [{ a: 1 }, { a: 2, b: [true] }],
      grid: [[1, 2], [3]],
    });
    expect(pairs(query)).toEqual([
      ['include[]', '1'],
      ['include[]', '2'],
      ['filter[status]', 'active'],
      ['filter[ids][]', '3'],
      ['items[0][a]', '1'],
      ['items[1][a]', '2'],
      ['items[1][b][]', 'true'],
      ['grid[0][]', '1'],
      ['grid[0][]', '2'],
      ['grid[1][]', '3'],
    ]);
    expect(query.startsWith('include[]=1&include[]=2&filter[status]=active')).toBe(true);
  });

  it('writes scalars as WordPress reads them, and leaves out null and undefined', () => {
    expect(encodeQuery({ t: true, f: false, n: 5, x: -1.5, big: 1e21, none: null, missing: undefined })).toBe('t=true&f=false&n=5&x=-1.5&big=1e%2B21');
    expect(pairs(encodeQuery({ big: 1e21 }))).toEqual([['big', '1e+21']]);
  });

  it('percent-encodes UTF-8 in names and values, even a lone surrogate', () => {
    expect(encodeQuery({ ὄνομα: 'Αθήνα & co=1+1', s: 'a b#?' })).toBe(
      '%E1%BD%84%CE%BD%CE%BF%CE%BC%CE%B1=%CE%91%CE%B8%CE%AE%CE%BD%CE%B1%20%26%20co%3D1%2B1&s=a%20b%23%3F',
    );
    expect(encodeQuery({ s: '\uDC00x' })).toBe('s=%EF%BF%BDx');
  });

  it('sends an empty list or object as an empty value', () => {
    expect(encodeQuery({ include: [], meta: {} })).toBe('include=&meta=');
    expect(encodeQuery({})).toBe('');
  });

  it('round-trips through URLSearchParams: every scalar arrives under its PHP key', () => {
    const scalar = fc.oneof(fc.string(), fc.integer(), fc.boolean());
    const name = fc.stringMatching(/^[a-z_][a-z0-9_]{0,8}$/);
    fc.assert(
      fc.property(
        fc.dictionary(name, fc.oneof(scalar, fc.array(scalar, { minLength: 1, maxLength: 4 }), fc.dictionary(name, scalar, { minKeys: 1, maxKeys: 3 }))),
        (query) => {
          const expected: Array<[string, string]> = [];
          for (const [key, value] of Object.entries(query)) {
            if (Array.isArray(value)) for (const item of value) expected.push([`${key}[]`, String(item)]);
            else if (typeof value === 'object') for (const [member, item] of Object.entries(value)) expected.push([`${key}[${member}]`, String(item)]);
            else expected.push([key, String(value)]);
          }
          expect(pairs(encodeQuery(query))).toEqual(expected);
        },
      ),
      { seed: 7, numRuns: 200 },
    );
  });
});
