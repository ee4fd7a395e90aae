/** invalid_multiple: a number that is not a multiple of `multipleOf` (checked before the bounds). */
import fc from 'fast-check';
import type { MutationOperator } from './types.js';
import { hasType, numberKeyword } from './schema-facts.js';

export const invalidMultiple: MutationOperator = {
  rule: 'invalid_multiple',
  codes: ['rest_invalid_multiple'],
  nested: true,
  candidates(schema) {
    const step = numberKeyword(schema, 'multipleOf');
    if (step === undefined || step <= 0 || (!hasType(schema, 'integer') && !hasType(schema, 'number'))) return null;
    const start = Math.ceil((numberKeyword(schema, 'minimum') ?? 0) / step);
    return fc.tuple(fc.integer({ min: start, max: start + 20 }), fc.constantFrom(0.5, 1 / 3, 0.25)).map(([k, fraction]) => k * step + step * fraction);
  },
  describe(schema) {
    return `multiple of ${schema.multipleOf}`;
  },
};
