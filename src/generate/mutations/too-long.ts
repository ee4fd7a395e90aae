/** too_long: a string with more characters (code points, so Greek and emoji count once) than `maxLength`. */
import fc from 'fast-check';
import type { MutationOperator } from './types.js';
import { hasType, numberKeyword } from './schema-facts.js';

export const tooLong: MutationOperator = {
  rule: 'too_long',
  codes: ['rest_too_long'],
  nested: true,
  candidates(schema) {
    const maxLength = numberKeyword(schema, 'maxLength');
    if (maxLength === undefined || maxLength < 0 || !hasType(schema, 'string')) return null;
    const length = Math.floor(maxLength) + 1;
    return fc.oneof(fc.constantFrom('x'.repeat(length), 'Ω'.repeat(length)), fc.string({ minLength: length, maxLength: length + 8 }));
  },
  describe(schema) {
    return `at most ${schema.maxLength} characters`;
  },
};
