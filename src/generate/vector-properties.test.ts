import { describe, expect, it } from 'vitest';
import type { ArgSchema } from '../descriptor/types.js';
import { vectorsOf } from '@restconform/interface/testing/validation-vectors';
import { classifyValue } from '../schema/wordpress-rules.js';
import { stableHash } from './seed.js';
import { labelledValues, supportedVectorSchemas } from './testing/vector-properties.js';

// Issue 9, item 3: for every validate vector whose schema the generator supports, generated valid values are
// accepted and generated invalid values rejected (as received, so not coercible back) by the rule book.
const distinct = new Set(vectorsOf('validate').map((vector) => JSON.stringify(vector.schema)));
const supported = { body: supportedVectorSchemas('body'), query: supportedVectorSchemas('query') };
const cases = (['body', 'query'] as const).flatMap((location) =>
  supported[location].map((schema) => [`${JSON.stringify(schema)} in ${location}`, schema, location] as const),
);

describe('generated values against the schemas of the validate vectors', () => {
  it('supports the vector schemas that declare known types', () => {
    console.log(
      `validate vector schemas: ${distinct.size} distinct; generated for in a body: ${supported.body.length}, in the query: ${supported.query.length}`,
    );
    expect(supported.body.length).toBeGreaterThan(distinct.size * 0.9);
    expect(supported.query.length).toBeGreaterThan(distinct.size * 0.8);
  });

  it.each(cases)('%s', (_name, schema: ArgSchema, location) => {
    const labelled = labelledValues(schema, location, stableHash(JSON.stringify(schema)));
    expect(labelled.some((item) => item.valid)).toBe(true);
    for (const { value, valid, rule } of labelled) {
      const verdict = classifyValue(schema, value, 'param');
      expect(verdict.valid, `${JSON.stringify(value)} labelled ${valid ? 'valid' : `invalid (${rule})`}`).toBe(valid);
    }
  });
});
