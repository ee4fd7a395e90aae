import { describe, expect, it } from 'vitest';
import { jsonDepthExceeds, parseBody } from './body.js';

const JSON_TYPE = 'application/json; charset=utf-8';

describe('parseBody', () => {
  it('parses a JSON object for a JSON media type, including +json types', () => {
    expect(parseBody(Buffer.from('{"a":1}'), JSON_TYPE)).toEqual({ kind: 'json', params: { a: 1 } });
    expect(parseBody(Buffer.from('{"a":1}'), 'application/merge-patch+json')).toEqual({ kind: 'json', params: { a: 1 } });
  });

  it('keeps JSON that is not an object out of the parameters', () => {
    expect(parseBody(Buffer.from('[1,2]'), JSON_TYPE)).toEqual({ kind: 'json', params: undefined });
    expect(parseBody(Buffer.from('null'), JSON_TYPE)).toEqual({ kind: 'json', params: undefined });
  });

  it('refuses malformed JSON, a byte-order mark and malformed UTF-8 with rest_invalid_json', () => {
    for (const raw of [Buffer.from('{"a":'), Buffer.from('\ufeff{}'), Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]), Buffer.from(' ')]) {
      const parsed = parseBody(raw, JSON_TYPE);
      expect(parsed.kind).toBe('invalid');
      if (parsed.kind === 'invalid') expect(parsed.error.code).toBe('rest_invalid_json');
    }
  });

  it('treats "0" as an empty body, as PHP empty() does', () => {
    expect(parseBody(Buffer.from('0'), JSON_TYPE)).toEqual({ kind: 'none' });
  });

  it('ignores bodies of other media types and bodies without a type', () => {
    expect(parseBody(Buffer.from('{"a":1}'), 'text/plain')).toEqual({ kind: 'none' });
    expect(parseBody(Buffer.from('{"a":1}'), undefined)).toEqual({ kind: 'none' });
  });

  it('decodes form bodies', () => {
    const parsed = parseBody(Buffer.from('name=x%20y&size=3'), 'application/x-www-form-urlencoded');
    expect(parsed).toEqual({ kind: 'form', params: { name: 'x y', size: '3' } });
  });

  it('refuses JSON nested deeper than 512 and accepts 512', () => {
    const nested = (depth: number): Buffer => Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`);
    expect(parseBody(nested(512), JSON_TYPE).kind).toBe('json');
    const deep = parseBody(nested(513), JSON_TYPE);
    expect(deep.kind).toBe('invalid');
    if (deep.kind === 'invalid') expect(deep.error.toBody().data).toMatchObject({ status: 400, json_error_code: 1 });
  });
});

describe('jsonDepthExceeds', () => {
  it('does not count brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds('["[[[[", "\\"[[[["]', 1)).toBe(false);
    expect(jsonDepthExceeds('[[1]]', 1)).toBe(true);
  });
});
