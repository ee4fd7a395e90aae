/** too_short: a string with fewer characters (code points) than `minLength`. */
import fc from 'fast-check';
import type { MutationOperator } from './types.js';
import { hasType, numberKeyword } from './schema-facts.js';

export const tooShort: MutationOperator = {
  rule: 'too_short',
  codes: ['rest_too_short'],
  nested: true,
  candidates(schema) {
    const minLength = numberKeyword(schema, 'minLength');
    if (minLength === undefined || minLength < 1 || !hasType(schema, 'string')) return null;
    return fc.oneof(fc.constant(''), fc.string({ minLength: 0, maxLength: Math.ceil(minLength) - 1 }));
  },
  describe(schema) {
    return `at least ${schema.minLength} characters`;
  },
};
