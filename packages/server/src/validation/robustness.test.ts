/**
 * Properties every input must keep: nothing here throws on hostile input, the query limits hold, and the
 * request-argument answers are always one of WordPress's two shapes.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ArgDescriptor, ArgSchema } from '@restconform/interface';
import { WpError } from '../types.js';
import type { Schema } from './keyword-checks.js';
import { MAX_INPUT_VARS, parsePhpQuery } from './query.js';
import { processRequestArgs } from './request-args.js';
import { sanitizeValue, validateValue } from './value-schema.js';

const SCHEMAS: ArgSchema[] = [
  { type: 'integer', minimum: 1, maximum: 100 },
  { type: 'number', multipleOf: 0.5, exclusiveMinimum: true, minimum: 0 },
  { type: 'boolean' },
  { type: 'string', minLength: 2, maxLength: 5, pattern: '^[\\w-]+$' },
  { type: 'string', format: 'email' },
  { type: 'string', format: 'date-time' },
  { type: 'string', format: 'uri' },
  { type: 'string', enum: ['view', 'edit'] },
  { type: 'array', items: { type: 'integer' }, uniqueItems: true, maxItems: 3 },
  { type: 'object', properties: { a: { type: 'string', required: true } }, additionalProperties: false },
  { type: 'object', patternProperties: { '^x': { type: 'integer' } }, minProperties: 1 },
  { type: ['string', 'null'] },
  { anyOf: [{ type: 'integer' }, { type: 'object', properties: { b: { type: 'boolean' } } }] },
  { oneOf: [{ type: 'string', title: 'text' } as Schema, { type: 'integer', title: 'number' } as Schema] },
  { enum: ['a', 'b'] },
];

const jsonValue = fc.jsonValue({ maxDepth: 4 });

describe('robustness', () => {
  it('validateValue and sanitizeValue never throw, and sanitising never changes the input', () => {
    fc.assert(
      fc.property(fc.constantFrom(...SCHEMAS), jsonValue, (schema, value) => {
        const before = JSON.stringify(value);
        const error = validateValue(value, schema, 'p');
        expect(error === null || typeof error.message === 'string').toBe(true);
        sanitizeValue(value, schema, 'p');
        expect(JSON.stringify(value)).toBe(before);
      }),
      { numRuns: 3000 },
    );
  });

  it('parsePhpQuery never throws and keeps at most max_input_vars variables', () => {
    const queryText = fc.stringMatching(/^[a-z0-9%[\]=&+. _]{0,300}$/);
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), queryText), (text) => {
        const parsed = parsePhpQuery(text);
        expect(typeof parsed).toBe('object');
        expect(Object.keys(parsed).length).toBeLessThanOrEqual(MAX_INPUT_VARS);
      }),
      { numRuns: 3000 },
    );
  });

  it('processRequestArgs answers params or a 400 WordPress error, never throws', () => {
    const args: Record<string, ArgDescriptor> = Object.fromEntries(
      SCHEMAS.map((schema, index) => [`a${index}`, { ...schema, required: index % 5 === 0 } as ArgDescriptor]),
    );
    const source = fc.dictionary(fc.constantFrom(...Object.keys(args), 'other'), jsonValue, { maxKeys: 6 });
    fc.assert(
      fc.property(source, source, (body, query) => {
        const result = processRequestArgs(args, { captures: {}, query, body });
        if (result instanceof WpError) {
          expect(result.status).toBe(400);
          expect(['rest_missing_callback_param', 'rest_invalid_param']).toContain(result.code);
        } else {
          for (const name of Object.keys(body)) expect(result.sent.has(name)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
