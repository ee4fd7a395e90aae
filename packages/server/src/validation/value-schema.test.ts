import { describe, expect, it } from 'vitest';
import type { ArgSchema } from '@restconform/interface';
import { isValidationError } from './errors.js';
import { sanitizeValue, validateValue } from './value-schema.js';

const messageOf = (value: unknown, schema: ArgSchema, param = 'p'): string | undefined => validateValue(value, schema, param)?.message;

describe('validateValue: WordPress’s messages', () => {
  it('words bounds, multiples and types as WordPress does', () => {
    expect(messageOf(0, { type: 'integer', minimum: 1, maximum: 100 }, 'per_page')).toBe('per_page must be between 1 (inclusive) and 100 (inclusive)');
    expect(messageOf(1.5, { type: 'number', minimum: 2.5 })).toBe('p must be greater than or equal to 2');
    expect(messageOf(3, { type: 'number', multipleOf: 0.5 })).toBeUndefined();
    expect(messageOf(3, { type: 'number', multipleOf: 2 })).toBe('p must be a multiple of 2.');
    expect(messageOf([], { type: ['string', 'null'] })).toBe('p is not of type string,null.');
    expect(messageOf('5.5', { type: 'integer' })).toBe('p is not of type integer.');
    expect(messageOf('abc', { type: 'number' })).toBe('p is not of type number.');
  });

  it('words lengths and counts with plurals and thousands separators', () => {
    expect(messageOf('', { type: 'string', minLength: 1 })).toBe('p must be at least 1 character long.');
    expect(messageOf('abc', { type: 'string', maxLength: 2 })).toBe('p must be at most 2 characters long.');
    expect(messageOf([], { type: 'array', minItems: 1 })).toBe('p must contain at least 1 item.');
    expect(
      messageOf(
        Array.from({ length: 1001 }, (_, i) => i),
        { type: 'array', maxItems: 1000 },
      ),
    ).toBe('p must contain at most 1,000 items.');
    expect(messageOf({}, { type: 'object', minProperties: 2 })).toBe('p must contain at least 2 properties.');
    expect(messageOf([1, 1], { type: 'array', uniqueItems: true })).toBe('p has duplicate items.');
  });

  it('words enums, patterns, objects and formats', () => {
    expect(messageOf('x', { type: 'string', enum: ['a'] })).toBe('p is not a.');
    expect(messageOf('x', { type: 'string', enum: ['a', 'b', 'c'] })).toBe('p is not one of a, b, and c.');
    expect(messageOf(3, { type: 'integer', enum: [1, [2], { a: '/' }] })).toBe('p is not one of 1, [2], and {"a":"\\/"}.');
    expect(messageOf('b', { type: 'string', pattern: '^a' })).toBe('p does not match pattern ^a.');
    expect(messageOf({ x: 1 }, { type: 'object', additionalProperties: false })).toBe('x is not a valid property of Object.');
    expect(messageOf({}, { type: 'object', required: ['name'] })).toBe('name is a required property of p.');
    expect(messageOf({ a: 'x' }, { type: 'object', properties: { a: { type: 'integer' } } })).toBe('p[a] is not of type integer.');
    expect(messageOf(['1', 'x'], { type: 'array', items: { type: 'integer' } })).toBe('p[1] is not of type integer.');
    expect(messageOf('1.2.3', { type: 'string', format: 'ip' })).toBe('p is not a valid IP address.');
    expect(validateValue('not-an-email', { type: 'string', format: 'email' }, 'p')?.code).toBe('rest_invalid_email');
  });

  it('checks formats only for strings', () => {
    expect(validateValue('nope', { type: ['integer', 'string'], format: 'date-time' }, 'p')?.code).toBe('rest_invalid_date');
    expect(validateValue(5, { type: ['integer', 'string'], format: 'date-time' }, 'p')).toBeNull();
    expect(validateValue('not a url', { type: 'string', format: 'uri' }, 'p')).toBeNull();
  });

  it('compares enums after sanitising: "2" matches 2, strings stay case-sensitive', () => {
    expect(validateValue('2', { type: 'integer', enum: [1, 2] }, 'p')).toBeNull();
    expect(validateValue('TRUE', { type: 'boolean', enum: [true] }, 'p')).toBeNull();
    expect(validateValue('View', { type: 'string', enum: ['view'] }, 'p')?.code).toBe('rest_not_in_enum');
  });

  it('accepts PHP-numeric strings with surrounding whitespace, and rejects other look-alikes', () => {
    expect(validateValue(' 5', { type: 'integer' }, 'p')).toBeNull();
    expect(validateValue('5 ', { type: 'integer' }, 'p')).toBeNull();
    expect(validateValue('1e3', { type: 'integer', maximum: 1000 }, 'p')).toBeNull();
    expect(validateValue('0x1A', { type: 'integer' }, 'p')?.code).toBe('rest_invalid_type');
    expect(validateValue('', { type: 'number' }, 'p')?.code).toBe('rest_invalid_type');
    expect(validateValue('Infinity', { type: 'number' }, 'p')?.code).toBe('rest_invalid_type');
  });
});

describe('sanitizeValue', () => {
  it('casts as PHP does', () => {
    expect(sanitizeValue('12abc', { type: 'integer' })).toBe(12);
    expect(sanitizeValue('1e3', { type: 'integer' })).toBe(1000);
    expect(sanitizeValue(' 7.9', { type: 'integer' })).toBe(7);
    expect(sanitizeValue(true, { type: 'string' })).toBe('1');
    expect(sanitizeValue(0.1, { type: 'string' })).toBe('0.1');
    expect(sanitizeValue(1e20, { type: 'string' })).toBe('1.0E+20');
    expect(sanitizeValue('yes', { type: 'boolean' })).toBe(true);
    expect(sanitizeValue('', { type: 'boolean' })).toBe(false);
  });

  it('never modifies its input', () => {
    const value = { list: ['1', '2'], extra: 'x' };
    const schema: ArgSchema = {
      type: 'object',
      properties: { list: { type: 'array', items: { type: 'integer' } } },
      additionalProperties: false,
    };
    expect(sanitizeValue(value, schema)).toEqual({ list: [1, 2] });
    expect(value).toEqual({ list: ['1', '2'], extra: 'x' });
  });

  it('keeps a __proto__ property as data', () => {
    const value = JSON.parse('{"__proto__": "1"}') as unknown;
    const sanitized = sanitizeValue(value, { type: 'object', additionalProperties: { type: 'integer' } }) as object;
    expect(Object.getPrototypeOf(sanitized)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(sanitized, '__proto__')?.value).toBe(1);
  });

  it('returns an error for an anyOf without a match', () => {
    expect(isValidationError(sanitizeValue(true, { anyOf: [{ type: 'integer' }, { type: 'null' }] }))).toBe(true);
  });
});
