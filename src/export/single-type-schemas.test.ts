import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../descriptor/types.js';
import { withoutTypeLists } from './single-type-schemas.js';
import { typeListsIn } from './testing/type-lists.js';

describe('withoutTypeLists', () => {
  it('writes a nullable value as anyOf with {type: "null"}, keeping the shared keywords beside it', () => {
    expect(withoutTypeLists({ description: 'When', type: ['string', 'null'], format: 'date-time', default: null })).toEqual({
      description: 'When',
      default: null,
      anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }],
    });
  });

  it("puts each type's keywords on its own branch: bounds on the integer, pattern on the string, items on the array", () => {
    const schema = { type: ['integer', 'string', 'array'], minimum: 1, maximum: 9, pattern: '^a', minLength: 2, items: { type: 'integer' }, maxItems: 3 };
    expect(withoutTypeLists(schema)).toEqual({
      anyOf: [
        { type: 'integer', minimum: 1, maximum: 9 },
        { type: 'string', pattern: '^a', minLength: 2 },
        { type: 'array', items: { type: 'integer' }, maxItems: 3 },
      ],
    });
  });

  it("gives an object's properties to the object branch and an empty list's maxItems to the array branch (PHP's [] for {})", () => {
    expect(withoutTypeLists({ type: ['object', 'array'], properties: { a: { type: ['boolean', 'null'] } }, maxItems: 0 })).toEqual({
      anyOf: [
        { type: 'object', properties: { a: { anyOf: [{ type: 'boolean' }, { type: 'null' }] } } },
        { type: 'array', maxItems: 0 },
      ],
    });
  });

  it('reaches lists in every subschema: items, additionalProperties, anyOf, oneOf, allOf, not, $defs', () => {
    const nullableInteger = { type: ['integer', 'null'] };
    const converted = withoutTypeLists({
      type: 'object',
      additionalProperties: nullableInteger,
      properties: { list: { type: 'array', items: nullableInteger }, tuple: { type: 'array', items: [nullableInteger] } },
      oneOf: [nullableInteger],
      allOf: [{ not: nullableInteger }],
      $defs: { n: nullableInteger },
    });
    expect(typeListsIn(converted)).toEqual([]);
    expect(converted.oneOf).toEqual([{ anyOf: [{ type: 'integer' }, { type: 'null' }] }]);
  });

  it('joins an anyOf the schema already has under allOf, so both still hold', () => {
    const schema = { type: ['string', 'integer'], anyOf: [{ minLength: 3 }, { minimum: 5 }], allOf: [{ not: { const: 7 } }] };
    expect(withoutTypeLists(schema)).toEqual({
      anyOf: [{ minLength: 3 }, { minimum: 5 }],
      allOf: [{ not: { const: 7 } }, { anyOf: [{ type: 'string' }, { type: 'integer' }] }],
    });
  });

  it('writes a one-type list as that type and leaves a schema without lists as it was', () => {
    expect(withoutTypeLists({ type: ['string'], minLength: 1 })).toEqual({ type: 'string', minLength: 1 });
    const plain = { type: 'object', properties: { type: { type: 'string', enum: ['a'] } }, default: { type: ['data, not a schema'] } };
    expect(withoutTypeLists(plain)).toEqual(plain);
  });

  it('accepts exactly the values the list form accepts', () => {
    const ajv = new Ajv2020({ strict: false });
    const schemas: JsonSchema[] = [
      { type: ['integer', 'null'], minimum: 2, maximum: 5 },
      { type: ['string', 'integer'], minLength: 2, minimum: 10, enum: ['a', 'bb', 3, 12] },
      { type: ['object', 'array'], properties: { a: { type: ['string', 'boolean'], maxLength: 1 } }, required: ['a'], maxItems: 0 },
      { type: ['number', 'integer', 'string'], multipleOf: 2, pattern: '^x' },
    ];
    for (const schema of schemas) {
      const before = ajv.compile(schema);
      const after = ajv.compile(withoutTypeLists(schema));
      fc.assert(
        fc.property(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(null, 2, 3, 10, 12, 'a', 'bb', 'xy', [], {}, { a: 'b' }, { a: true }), (random, edge) => {
          expect(after(random)).toBe(before(random));
          expect(after(edge)).toBe(before(edge));
        }),
        { seed: 43, numRuns: 300 },
      );
    }
  });
});
