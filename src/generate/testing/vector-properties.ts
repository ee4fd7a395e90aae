/**
 * The generator held against WordPress's validation vectors (issue 9, item 3): for each distinct schema of a
 * `validate` vector that the generator supports, labelled sample values as WordPress receives them. Any
 * validator of the rule book (the harness's `classifyValue`, the reference server's, a live WordPress) must
 * accept every value labelled valid and reject every value labelled invalid:
 *
 *   for (const schema of supportedVectorSchemas())
 *     for (const { value, valid } of labelledValues(schema, 'body', 7))
 *       expect(otherValidatorAccepts(schema, value)).toBe(valid);
 */
import fc from 'fast-check';
import type { ArgSchema } from '../../descriptor/types.js';
import { vectorsOf } from '@restconform/interface/testing/validation-vectors';
import { asReceived } from '../as-received.js';
import { knownTypes } from '../mutations/schema-facts.js';
import type { MutationRule } from '../types.js';
import { buildParamGenerators, type ParamSpec } from '../value-generators.js';

export interface LabelledValue {
  /** As WordPress receives it (a query value is a string or an array of them). */
  value: unknown;
  valid: boolean;
  /** For invalid values: the rule broken. */
  rule?: MutationRule;
}

/** The parameter spec a vector schema is generated under: optional, validated, named `param`. */
export function vectorSpec(schema: ArgSchema, location: 'query' | 'body'): ParamSpec {
  return { name: 'param', schema, location, required: false, validated: true };
}

/** Whether a schema names a type WordPress does not know (`"lalala"`): it then accepts anything, so nothing is generated. */
function namesUnknownType(schema: ArgSchema): boolean {
  return schema.type !== undefined && knownTypes(schema) === null;
}

/** Distinct schemas of the `validate` vectors (without unknown type names) the generator produces valid values for in `location`. */
export function supportedVectorSchemas(location: 'query' | 'body' = 'body'): ArgSchema[] {
  const distinct = new Map<string, ArgSchema>();
  for (const vector of vectorsOf('validate')) {
    if (vector.schema !== null) distinct.set(JSON.stringify(vector.schema), vector.schema);
  }
  return [...distinct.values()].filter((schema) => !namesUnknownType(schema) && buildParamGenerators(vectorSpec(schema, location)).valid !== null);
}

/** Sample values of a schema sent in `location`, as received, each labelled valid or invalid (with its rule). */
export function labelledValues(schema: ArgSchema, location: 'query' | 'body', seed: number, runs = 15): LabelledValue[] {
  const generators = buildParamGenerators(vectorSpec(schema, location));
  const labelled: LabelledValue[] = [];
  const receive = (value: unknown): unknown => {
    const received = asReceived(value, location);
    return received.present ? received.value : undefined;
  };
  if (generators.valid) {
    for (const value of fc.sample(generators.valid, { seed, numRuns: runs })) labelled.push({ value: receive(value), valid: true });
  }
  for (const source of generators.invalid) {
    for (const { value } of fc.sample(source.values, { seed, numRuns: runs })) labelled.push({ value: receive(value), valid: false, rule: source.rule });
  }
  return labelled;
}
