import { describe, expect, it } from 'vitest';
import { filterFields, parseFieldList } from './fields.js';

describe('_fields', () => {
  it('parses comma and space separated lists, and arrays of them', () => {
    expect(parseFieldList('id, name,,link')).toEqual(['id', 'name', 'link']);
    expect(parseFieldList(['id', 'name link'])).toEqual(['id', 'name', 'link']);
    expect(parseFieldList({ a: 'b' })).toEqual([]);
  });

  it('keeps only the named top-level fields of an object and of each item of a list', () => {
    expect(filterFields({ id: 1, name: 'a', secret: 2 }, ['id', 'name', 'missing'])).toEqual({ id: 1, name: 'a' });
    expect(
      filterFields(
        [
          { id: 1, x: 1 },
          { id: 2, x: 2 },
        ],
        ['id'],
      ),
    ).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('reaches into nested objects with dotted names; a whole parent wins over its children', () => {
    const body = { id: 1, meta: { a: 1, b: 2 }, other: { c: 3, d: 4 } };
    expect(filterFields(body, ['meta.a', 'other', 'other.c'])).toEqual({ meta: { a: 1 }, other: { c: 3, d: 4 } });
  });

  it('passes scalars unchanged', () => {
    expect(filterFields('text', ['id'])).toBe('text');
  });
});
