/**
 * Applies an operator inside a value too: to one item of an array, or one property of an object, the rest
 * staying valid. The top-level parameter is still the one WordPress names (the error path is `p[0][k]`).
 */
import fc from 'fast-check';
import type { ArgSchema } from '../../descriptor/types.js';
import { isPlainObject } from '../../schema/php-values.js';
import type { MutatedValue, MutationContext, MutationOperator } from './types.js';
import { itemSchema, numberKeyword } from './schema-facts.js';

const MAX_NESTING = 3;

function inItems(operator: MutationOperator, schema: ArgSchema, context: MutationContext, depth: number): fc.Arbitrary<MutatedValue> | null {
  const items = itemSchema(schema);
  if (schema.type !== 'array' || items === undefined) return null;
  const broken = deepCandidates(operator, items, { ...context, missingBreaksRequired: false }, depth + 1);
  if (broken === null) return null;
  const maxItems = numberKeyword(schema, 'maxItems') ?? 3;
  if (maxItems < 1) return null;
  const minOthers = Math.max(0, Math.ceil((numberKeyword(schema, 'minItems') ?? 0) - 1));
  const maxOthers = Math.min(Math.floor(maxItems) - 1, minOthers + 2);
  const valid = context.validValues(items);
  if (valid === null || maxOthers < minOthers)
    return minOthers === 0 ? broken.map((inner) => ({ ...inner, value: [inner.value], path: `[0]${inner.path}` })) : null;
  return fc.tuple(fc.array(valid, { minLength: minOthers, maxLength: maxOthers }), broken, fc.nat()).map(([others, inner, at]) => {
    const position = at % (others.length + 1);
    return { ...inner, value: [...others.slice(0, position), inner.value, ...others.slice(position)], path: `[${position}]${inner.path}` };
  });
}

function inProperties(operator: MutationOperator, schema: ArgSchema, context: MutationContext, depth: number): Array<fc.Arbitrary<MutatedValue>> {
  if (schema.type !== 'object' || !isPlainObject(schema.properties)) return [];
  const objects = context.validValues(schema);
  if (objects === null) return [];
  return Object.entries(schema.properties as Record<string, ArgSchema>).flatMap(([name, property]) => {
    const broken = isPlainObject(property) ? deepCandidates(operator, property, { ...context, missingBreaksRequired: false }, depth + 1) : null;
    if (broken === null) return [];
    return [
      fc
        .tuple(objects, broken)
        .map(([object, inner]) => ({ ...inner, value: { ...(object as Record<string, unknown>), [name]: inner.value }, path: `[${name}]${inner.path}` })),
    ];
  });
}

/** Candidates breaking the operator's rule at the top of `schema` or, for nesting operators, inside it. */
export function deepCandidates(operator: MutationOperator, schema: ArgSchema, context: MutationContext, depth = 0): fc.Arbitrary<MutatedValue> | null {
  const sources: Array<fc.Arbitrary<MutatedValue>> = [];
  const own = operator.candidates(schema, context);
  if (own !== null) {
    const constraint = operator.describe(schema);
    sources.push(own.map((value) => ({ value, path: '', constraint })));
  }
  if (operator.nested && depth < MAX_NESTING) {
    const items = inItems(operator, schema, context, depth);
    if (items !== null) sources.push(items);
    sources.push(...inProperties(operator, schema, context, depth));
  }
  return sources.length === 0 ? null : fc.oneof(...sources);
}
