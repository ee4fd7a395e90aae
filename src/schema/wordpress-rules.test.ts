import { describe, expect, it } from 'vitest';
import type { ArgDescriptor } from '../descriptor/types.js';
import { classifyValue } from './index.js';

describe('classifyValue on values as a query string carries them', () => {
  it.each([
    [{ type: 'boolean' }, 'TRUE', true, true],
    [{ type: 'boolean' }, 'yes', false, undefined],
    [{ type: 'integer' }, '5.0', true, 5],
    [{ type: 'integer' }, ' 5', true, 5],
    [{ type: 'integer' }, '5.5', false, undefined],
    [{ type: 'integer', enum: [2, 3] }, '2', true, 2],
    [{ type: 'array', items: { type: 'integer' } }, '1,2 3', true, [1, 2, 3]],
    [{ type: 'array', items: { type: 'integer' } }, { x: '1' }, false, undefined],
    [{ type: 'object' }, '', true, {}],
    [{ type: ['string', 'null'] }, '', true, ''],
    [{ type: 'string', pattern: 'b' }, 'abc', true, 'abc'],
    [{ type: 'string', enum: ['Asc'] }, 'asc', false, undefined],
    [{ type: 'string', format: 'uri' }, 'not a url', true, 'http://not%20a%20url'],
    [{ type: 'string', format: 'email' }, 'a@b.co', true, 'a@b.co'],
  ] as const)('%j with %j → valid %s', (schema, value, valid, sanitized) => {
    const verdict = classifyValue(schema as ArgDescriptor, value);
    expect(verdict.valid).toBe(valid);
    if (verdict.valid) expect(verdict.sanitized).toEqual(sanitized);
  });

  it('names the nested place of an error', () => {
    const verdict = classifyValue(
      { type: 'array', items: { type: 'object', properties: { method: { type: 'string', enum: ['POST'] } } } },
      [{ method: 'POST' }, { method: 'GET' }],
      'requests',
    );
    expect(verdict).toEqual({ valid: false, code: 'rest_not_in_enum', param: 'requests[1][method]' });
  });
});
