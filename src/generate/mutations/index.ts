/** The mutation operators, one per rule; a registry that refuses two operators for one rule. */
import type { MutationRule } from '../types.js';
import { additionalProperty } from './additional-property.js';
import { duplicateItems } from './duplicate-items.js';
import { invalidFormat } from './invalid-format.js';
import { invalidMultiple } from './invalid-multiple.js';
import { missingProperty } from './missing-property.js';
import { missingRequired } from './missing-required.js';
import { notInEnum } from './not-in-enum.js';
import { outOfBounds } from './out-of-bounds.js';
import { patternMismatch } from './pattern-mismatch.js';
import { tooFewItems } from './too-few-items.js';
import { tooLong } from './too-long.js';
import { tooManyItems } from './too-many-items.js';
import { tooShort } from './too-short.js';
import type { MutationOperator } from './types.js';
import { wrongType } from './wrong-type.js';

export { deepCandidates } from './nested.js';
export type { MutatedValue, MutationContext, MutationOperator } from './types.js';

export function mutationRegistry(operators: MutationOperator[]): ReadonlyMap<MutationRule, MutationOperator> {
  const byRule = new Map<MutationRule, MutationOperator>();
  for (const operator of operators) {
    if (byRule.has(operator.rule)) throw new Error(`two mutation operators for rule ${operator.rule}`);
    byRule.set(operator.rule, operator);
  }
  return byRule;
}

/** Every operator, by the rule it breaks. */
export const MUTATION_OPERATORS = mutationRegistry([
  wrongType,
  notInEnum,
  outOfBounds,
  invalidMultiple,
  tooShort,
  tooLong,
  patternMismatch,
  invalidFormat,
  missingRequired,
  tooManyItems,
  tooFewItems,
  duplicateItems,
  additionalProperty,
  missingProperty,
]);
