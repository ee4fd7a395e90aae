/** wrong_type: a value of a type WordPress cannot coerce to any declared type (`"abc"` for an integer, a list for a string). */
import fc from 'fast-check';
import type { MutationOperator } from './types.js';
import { knownTypes } from './schema-facts.js';

/** In a JSON body every JSON type can be sent. */
const BODY_CANDIDATES: unknown[] = ['abc', 'yes', '', '5.5', 'null', 5.5, 7, 2, -1, true, false, null, ['x'], [1, 2], { key: 'value' }];
/** In the query every scalar arrives as a string: only text, lists and objects differ in type there. */
const QUERY_CANDIDATES: unknown[] = ['abc', 'yes', '', '5.5', 'null', 'on', ['x'], ['a', 'b'], { key: 'value' }];

export const wrongType: MutationOperator = {
  rule: 'wrong_type',
  codes: ['rest_invalid_type'],
  nested: true,
  candidates(schema, context) {
    if (knownTypes(schema) === null) return null;
    const listed = context.location === 'query' ? QUERY_CANDIDATES : BODY_CANDIDATES;
    return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...listed) }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 6 }) });
  },
  describe(schema) {
    return `type ${(knownTypes(schema) ?? []).join('|')}`;
  },
};
