import { describe, expect, it } from 'vitest';
import { copyJson } from './json-copy.js';

describe('copyJson', () => {
  it('copies nested objects and arrays, sharing nothing with the original', () => {
    const original = { title: 'a', robots: { noindex: false, rules: ['x', { deep: [1, 2] }] }, image: null, count: 3 };
    const copy = copyJson(original);
    expect(copy).toEqual(original);
    expect(copy).not.toBe(original);
    expect(copy.robots).not.toBe(original.robots);
    expect(copy.robots.rules).not.toBe(original.robots.rules);
    expect(copy.robots.rules[1]).not.toBe(original.robots.rules[1]);
    (copy.robots.rules[1] as { deep: number[] }).deep.push(3);
    expect((original.robots.rules[1] as { deep: number[] }).deep).toEqual([1, 2]);
  });

  it('keeps a key named __proto__ as data, as JSON.parse made it', () => {
    const original = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}') as Record<string, unknown>;
    const copy = copyJson(original);
    expect(Object.keys(copy)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('copies values that are not plain data with structuredClone instead of flattening them', () => {
    const when = new Date('2026-01-02T03:04:05Z');
    const copy = copyJson({ when, tags: new Map([['a', 1]]) });
    expect(copy.when).toBeInstanceOf(Date);
    expect(copy.when).not.toBe(when);
    expect(copy.when.getTime()).toBe(when.getTime());
    expect(copy.tags.get('a')).toBe(1);
  });

  it('returns primitives as they are', () => {
    expect(copyJson('text')).toBe('text');
    expect(copyJson(0)).toBe(0);
    expect(copyJson(null)).toBe(null);
    expect(copyJson(undefined)).toBe(undefined);
  });
});
