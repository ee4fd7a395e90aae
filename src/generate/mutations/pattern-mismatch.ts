/** pattern_mismatch: a string of an allowed length that the (unanchored) `pattern` does not find. */
import fc from 'fast-check';
import type { MutationOperator } from './types.js';
import { hasType, numberKeyword } from './schema-facts.js';

const ODD_STRINGS = ['', '!', ' ', '—', '🙂', 'zzz', '123', 'ABC', 'a b', 'Ω'];

export const patternMismatch: MutationOperator = {
  rule: 'pattern_mismatch',
  codes: ['rest_invalid_pattern'],
  nested: true,
  candidates(schema) {
    if (typeof schema.pattern !== 'string' || !hasType(schema, 'string')) return null;
    const minLength = Math.max(0, Math.ceil(numberKeyword(schema, 'minLength') ?? 0));
    const maxLength = Math.floor(numberKeyword(schema, 'maxLength') ?? minLength + 12);
    if (maxLength < minLength) return null;
    return fc.oneof(fc.constantFrom(...ODD_STRINGS), fc.string({ minLength, maxLength: Math.min(maxLength, minLength + 12) }));
  },
  describe(schema) {
    return `pattern ${schema.pattern}`;
  },
};
