import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { SYNTHETIC_OPERATIONS, syntheticOperation } from './testing/synthetic-operations.js';
import { argToJsonSchema, operationSchemas, paramLocation } from './to-json-schema.js';
import { classifyValue } from './wordpress-rules.js';

const ajv = new Ajv2020.default({ strict: true, allowUnionTypes: true, allErrors: true });
addFormats.default(ajv);

describe('argToJsonSchema', () => {
  it('turns draft-4 boolean exclusive bounds into numbers', () => {
    expect(argToJsonSchema({ type: 'integer', minimum: 2, maximum: 10, exclusiveMinimum: true })).toEqual({
      type: 'integer',
      exclusiveMinimum: 2,
      maximum: 10,
    });
    expect(argToJsonSchema({ type: 'number', maximum: 1, exclusiveMaximum: true, exclusiveMinimum: false, minimum: 0 })).toEqual({
      type: 'number',
      minimum: 0,
      exclusiveMaximum: 1,
    });
  });

  it('gathers per-property required flags into a list, and keeps a draft-4 list', () => {
    const converted = argToJsonSchema({ type: 'object', properties: { a: { type: 'string', required: true }, b: { type: 'integer' } } });
    expect(converted.required).toEqual(['a']);
    expect((converted.properties as Record<string, unknown>).a).toEqual({ type: 'string' });
    expect(argToJsonSchema({ type: 'object', properties: { a: { type: 'string' } }, required: ['a', 'b'] }).required).toEqual(['a', 'b']);
  });

  it('rewrites PCRE patterns and WordPress formats, and drops what it cannot express', () => {
    expect(argToJsonSchema({ type: 'string', pattern: '^(?P<slug>[\\w-_]+)$' }).pattern).toBe('^(?<slug>[\\w\\-_]+)$');
    expect(argToJsonSchema({ type: 'string', pattern: '(?R)' }).$comment).toMatch(/cannot be expressed/);
    expect(argToJsonSchema({ type: 'string', format: 'ip' }).anyOf).toEqual([{ format: 'ipv4' }, { format: 'ipv6' }]);
    expect(argToJsonSchema({ type: 'string', format: 'text-field' }).format).toBeUndefined();
    expect(argToJsonSchema({ type: 'lalala' as never }).type).toBeUndefined();
    expect(argToJsonSchema({ type: 'string', readonly: true }).readOnly).toBe(true);
  });

  it('agrees with the rule book on canonical JSON values', () => {
    const cases: Array<[Parameters<typeof argToJsonSchema>[0], unknown[]]> = [
      [{ type: 'integer', minimum: 2, maximum: 10, exclusiveMaximum: true }, [1, 2, 9, 10, 11, 2.5]],
      [{ type: 'string', format: 'uuid' }, ['123e4567-e89b-12d3-a456-426655440000', '123E4567-E89B-12D3-A456-426655440000', 'x']],
      [{ type: 'string', format: 'hex-color' }, ['#fff', '#ffff', 'fff', '#A0b1C2']],
      [{ type: 'string', format: 'date-time' }, ['2016-06-30T05:43:21', '2016-06-30 05:43:21Z', '2016-06-30', '2016-06-30T05:43:21+05']],
      [{ type: 'array', items: { type: 'integer' }, maxItems: 2, uniqueItems: true }, [[1, 2], [1, 1], [1, 2, 3], []]],
      [{ type: 'object', properties: { a: { type: 'string', required: true } }, additionalProperties: false }, [{ a: 'x' }, { a: 'x', b: 1 }, {}]],
      [{ type: ['string', 'null'], enum: ['a', null] }, ['a', null, 'b']],
    ];
    for (const [schema, values] of cases) {
      const validate = ajv.compile(argToJsonSchema(schema));
      for (const value of values) expect(validate(value), `${JSON.stringify(schema)} on ${JSON.stringify(value)}`).toBe(classifyValue(schema, value).valid);
    }
  });
});

describe('operationSchemas', () => {
  it('splits parameters by location and compiles under ajv strict mode', () => {
    for (const operation of SYNTHETIC_OPERATIONS) {
      const schemas = operationSchemas(operation);
      for (const schema of Object.values(schemas)) expect(() => ajv.compile(schema)).not.toThrow();
    }
    const member = SYNTHETIC_OPERATIONS.find((operation) => operation.id === 'en_gb GET /test/v1/members/(?P<id>[\\d]+)');
    if (!member) throw new Error('missing synthetic operation');
    const { path, query, body } = operationSchemas(member);
    expect(Object.keys(path.properties as object)).toEqual(['id']);
    expect(path.required).toEqual(['id']);
    expect(Object.keys(query.properties as object)).toEqual(['context']);
    expect(body.properties).toEqual({});
  });

  it('puts GET/HEAD/OPTIONS parameters in the query and other methods in the body', () => {
    const args = { name: { type: 'string' as const, required: true } };
    expect(paramLocation(syntheticOperation('GET', '/t/v1/x', args), 'name')).toBe('query');
    expect(paramLocation(syntheticOperation('OPTIONS', '/t/v1/x', args), 'name')).toBe('query');
    expect(paramLocation(syntheticOperation('DELETE', '/t/v1/x', args), 'name')).toBe('body');
    expect(paramLocation(syntheticOperation('POST', '/t/v1/x/(?P<name>[a-z]+)', args), 'name')).toBe('path');
    expect(operationSchemas(syntheticOperation('PATCH', '/t/v1/x', args)).body.required).toEqual(['name']);
  });
});
