/** not_in_enum: a value of the right type that is not listed (enums compare after sanitising, case-sensitively). */
import fc from 'fast-check';
import type { MutationOperator } from './types.js';
import { knownTypes, preview } from './schema-facts.js';

function neighbours(member: unknown): unknown[] {
  if (typeof member === 'string') return [`${member}x`, member.toUpperCase(), member.slice(0, -1), `${member}-other`];
  if (typeof member === 'number') return [member + 1, member - 1, member + 1000];
  if (typeof member === 'boolean') return [!member];
  return [];
}

export const notInEnum: MutationOperator = {
  rule: 'not_in_enum',
  codes: ['rest_not_in_enum'],
  nested: true,
  candidates(schema) {
    if (!Array.isArray(schema.enum) || schema.enum.length === 0 || knownTypes(schema) === null) return null;
    const derived = [...schema.enum.flatMap(neighbours), 'zz-unlisted', 999_999, -1];
    return fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...derived) },
      { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 8 }) },
      { weight: 1, arbitrary: fc.integer() },
    );
  },
  describe(schema) {
    return `one of ${preview(schema.enum)}`;
  },
};
