import { describe, expect, it } from 'vitest';
import { MUTATION_OPERATORS, mutationRegistry } from './index.js';

describe('mutation registry', () => {
  it('holds one operator per rule, each naming the codes it expects', () => {
    expect([...MUTATION_OPERATORS.keys()].sort()).toEqual(
      [
        'additional_property',
        'duplicate_items',
        'invalid_format',
        'invalid_multiple',
        'missing_property',
        'missing_required',
        'not_in_enum',
        'out_of_bounds',
        'pattern_mismatch',
        'too_few_items',
        'too_long',
        'too_many_items',
        'too_short',
        'wrong_type',
      ].sort(),
    );
    for (const operator of MUTATION_OPERATORS.values()) expect(operator.codes.length).toBeGreaterThan(0);
  });

  it('refuses two operators for one rule', () => {
    const operator = MUTATION_OPERATORS.get('wrong_type');
    expect(operator).toBeDefined();
    if (operator) expect(() => mutationRegistry([operator, operator])).toThrow(/two mutation operators for rule wrong_type/);
  });
});
