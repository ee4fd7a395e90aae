/**
 * Boundary values of one parameter, deterministic: each enum member, the bounds and one step past them,
 * the shortest and longest strings and the step past, empty, shortest and full arrays and one item past,
 * both booleans. Each carries the label it must earn: valid, or invalid for a named rule; values that do
 * not earn their label under the rule book are dropped by the caller.
 */
import fc from 'fast-check';
import type { ArgSchema } from '../descriptor/types.js';
import { itemLists } from './mutations/item-lists.js';
import { hasType, knownTypes, numberKeyword } from './mutations/schema-facts.js';
import type { MutationContext } from './mutations/types.js';
import { stableHash } from './seed.js';
import type { MutationRule } from './types.js';
import type { ParamSpec } from './value-generators.js';
import { candidateValidValues } from './values/index.js';
import { integerRange } from './values/numeric.js';

export interface BoundaryValue {
  value: unknown;
  /** Set when the value must be rejected for breaking this rule. */
  rule?: MutationRule;
  /** What the value is, for the case description: `maximum`, `maxItems + 1`… */
  label: string;
}

function numericBoundaries(schema: ArgSchema): BoundaryValue[] {
  const integer = hasType(schema, 'integer');
  if (!integer && !hasType(schema, 'number')) return [];
  const minimum = numberKeyword(schema, 'minimum');
  const maximum = numberKeyword(schema, 'maximum');
  const step = numberKeyword(schema, 'multipleOf') ?? 1;
  const values: BoundaryValue[] = [];
  const range = integer ? integerRange(schema) : null;
  if (minimum !== undefined) {
    const lowest = range ? Math.ceil(range.min / step) * step : minimum;
    if (!integer && !schema.exclusiveMinimum) values.push({ value: minimum, label: 'minimum' });
    if (range) values.push({ value: lowest, label: 'minimum' });
    const below = integer ? lowest - step : schema.exclusiveMinimum ? minimum : minimum - step;
    values.push({ value: below + 0, rule: 'out_of_bounds', label: 'just below minimum' });
  }
  if (maximum !== undefined) {
    const highest = range ? Math.floor(range.max / step) * step : maximum;
    if (!integer && !schema.exclusiveMaximum) values.push({ value: maximum, label: 'maximum' });
    if (range) values.push({ value: highest, label: 'maximum' });
    const above = integer ? highest + step : schema.exclusiveMaximum ? maximum : maximum + step;
    values.push({ value: above + 0, rule: 'out_of_bounds', label: 'just above maximum' });
  }
  return values;
}

function stringBoundaries(schema: ArgSchema): BoundaryValue[] {
  if (!hasType(schema, 'string')) return [];
  const minLength = Math.ceil(numberKeyword(schema, 'minLength') ?? 0);
  const maxLength = numberKeyword(schema, 'maxLength');
  const values: BoundaryValue[] = [{ value: '', label: 'empty string' }];
  if (minLength > 0) {
    values.push({ value: 'a'.repeat(minLength), label: 'minLength' });
    values.push({ value: 'a'.repeat(minLength - 1), rule: 'too_short', label: 'minLength - 1' });
  }
  if (maxLength !== undefined) {
    values.push({ value: 'Ω'.repeat(Math.floor(maxLength)), label: 'maxLength (Greek letters)' });
    values.push({ value: 'a'.repeat(Math.floor(maxLength) + 1), rule: 'too_long', label: 'maxLength + 1' });
  }
  return values;
}

function arrayBoundaries(spec: ParamSpec, seed: number): BoundaryValue[] {
  const { schema } = spec;
  if (!hasType(schema, 'array') || spec.location === 'path') return [];
  const location = spec.location;
  const context: MutationContext = {
    location,
    name: spec.name,
    missingBreaksRequired: false,
    validValues: (child) => candidateValidValues(child, location, spec.name, spec.textLocale),
  };
  const listOf = (length: number): unknown[] | undefined => {
    const lists = itemLists(schema, context, length, length, Boolean(schema.uniqueItems));
    return lists ? fc.sample(lists, { seed, numRuns: 1 })[0] : undefined;
  };
  const minItems = Math.ceil(numberKeyword(schema, 'minItems') ?? 0);
  const maxItems = numberKeyword(schema, 'maxItems');
  const planned: Array<[number, MutationRule | undefined, string]> = [[0, undefined, 'empty array']];
  if (minItems > 0) planned.push([minItems, undefined, 'minItems'], [minItems - 1, 'too_few_items', 'minItems - 1']);
  if (maxItems !== undefined) planned.push([Math.floor(maxItems), undefined, 'maxItems (full)'], [Math.floor(maxItems) + 1, 'too_many_items', 'maxItems + 1']);
  return planned.flatMap(([length, rule, label]) => {
    const value = listOf(length);
    return value === undefined ? [] : [rule ? { value, rule, label } : { value, label }];
  });
}

/** The boundary values of a parameter, each with the label it must earn. */
export function boundaryValues(spec: ParamSpec): BoundaryValue[] {
  const { schema } = spec;
  const values: BoundaryValue[] = [];
  if (Array.isArray(schema.enum)) values.push(...schema.enum.map((member) => ({ value: member, label: 'enum member' })));
  if (!spec.validated || knownTypes(schema) === null) return values;
  if (hasType(schema, 'boolean')) values.push({ value: true, label: 'true' }, { value: false, label: 'false' });
  values.push(...numericBoundaries(schema), ...stringBoundaries(schema), ...arrayBoundaries(spec, stableHash(`boundary ${spec.name}`)));
  return values;
}
