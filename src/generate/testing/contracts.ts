/**
 * Contracts every generator must meet, written once and applied to many schemas and operations (in the manner
 * of fast-check's own arbitrary test helpers): same seed → same values; every value carries a true label
 * under the rule book as WordPress will receive it; shrinking never leaves the label.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Operation } from '../../descriptor/types.js';
import { classifyValue } from '../../schema/wordpress-rules.js';
import { ABSENT, asReceived, classifyRequestCase } from '../as-received.js';
import { MUTATION_OPERATORS, type MutatedValue } from '../mutations/index.js';
import type { MutationRule, RequestCase } from '../types.js';
import { rejectionCode, type ParamSpec } from '../value-generators.js';

/** A label check: null when the value earns its label, else what is wrong. */
export type LabelCheck<T> = (value: T) => string | null;

function serialize(values: unknown[]): string {
  return JSON.stringify(values, (_key, item: unknown) => (item === ABSENT ? '<absent>' : item));
}

export function expectSameSeedSameValues<T>(arbitrary: fc.Arbitrary<T>, seed: number, runs = 25): void {
  const first = fc.sample(arbitrary, { seed, numRuns: runs });
  const again = fc.sample(arbitrary, { seed, numRuns: runs });
  expect(serialize(again)).toBe(serialize(first));
}

export function expectEveryValue<T>(arbitrary: fc.Arbitrary<T>, check: LabelCheck<T>, seed: number, runs = 60): T[] {
  const values = fc.sample(arbitrary, { seed, numRuns: runs });
  for (const value of values) expect(check(value), serialize([value])).toBeNull();
  return values;
}

/** Drives fast-check's shrinker with an always-failing property and checks every value it tries. */
export function expectShrinkingKeepsLabel<T>(arbitrary: fc.Arbitrary<T>, check: LabelCheck<T>, seed: number, budget = 300): void {
  const tried: T[] = [];
  const result = fc.check(
    fc.property(arbitrary, (value) => {
      if (tried.length >= budget) return true;
      tried.push(value);
      return false;
    }),
    { seed, numRuns: 1 },
  );
  expect(result.failed).toBe(true);
  for (const value of tried) expect(check(value), serialize([value])).toBeNull();
}

/** A valid value of a parameter: sent, and taken by WordPress. */
export function validValueCheck(spec: ParamSpec): LabelCheck<unknown> {
  return (value) => {
    if (!asReceived(value, spec.location).present) return 'not sent at all';
    const code = rejectionCode(spec, value);
    return code === null ? null : `rejected with ${code}`;
  };
}

/** An invalid value of a parameter: rejected with a code of its rule, and not coercible back once received. */
export function invalidValueCheck(spec: ParamSpec, rule: MutationRule): LabelCheck<MutatedValue> {
  const codes = MUTATION_OPERATORS.get(rule)?.codes ?? [];
  return ({ value }) => {
    const code = rejectionCode(spec, value);
    if (code === null || !codes.includes(code)) return `expected one of ${codes.join(', ')}, got ${code}`;
    const received = asReceived(value, spec.location);
    if (rule !== 'missing_required' && received.present && classifyValue(spec.schema, received.value, spec.name).valid) return 'coercible back to valid';
    return null;
  };
}

function containsNull(value: unknown): boolean {
  if (value === null) return true;
  if (Array.isArray(value)) return value.some(containsNull);
  if (typeof value === 'object' && value !== undefined) return Object.values(value as object).some(containsNull);
  return false;
}

/**
 * A request case earns its kind: WordPress names no parameter for valid and boundary cases, exactly the
 * mutated one for invalid cases (leaving out `ignored`: parameters whose own default WordPress rejects).
 */
export function caseCheck(operation: Operation, ignored: readonly string[] = []): LabelCheck<RequestCase> {
  return (requestCase) => {
    if (requestCase.operationId !== operation.id) return 'wrong operation';
    if (!operation.pattern.matcher.test(operation.pattern.build(requestCase.path))) return 'path does not match the route';
    if (containsNull(requestCase.query)) return 'null in the query';
    const named = [...classifyRequestCase(operation, requestCase)].filter((name) => !ignored.includes(name));
    if (requestCase.kind !== 'invalid') return named.length === 0 ? null : `named ${named.join(', ')}`;
    const mutation = requestCase.mutation;
    if (mutation === undefined) return 'invalid case without a mutation';
    if (mutation.location === 'path') return 'path variable mutated';
    return named.length === 1 && named[0] === mutation.param ? null : `named ${named.join(', ')} for a mutation of ${mutation.param}`;
  };
}
