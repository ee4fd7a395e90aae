/**
 * Valid integers and numbers within `minimum`/`maximum` (draft-4 boolean exclusive bounds) and `multipleOf`.
 * Integers favour small ids (1..20) so they hit seeded resources; both come in other spellings at times.
 */
import fc from 'fast-check';
import type { ArgSchema } from '../../descriptor/types.js';
import type { ValueBuilder, ValueContext } from './context.js';
import { alternativeSpellings } from './spellings.js';

const DEFAULT_INTEGER_SPAN = 2 ** 31;
const DEFAULT_NUMBER_SPAN = 1e6;

export interface IntegerRange {
  min: number;
  max: number;
}

/** The integers a schema's bounds allow (before `multipleOf`), or null when none. */
export function integerRange(schema: ArgSchema): IntegerRange | null {
  let min = -DEFAULT_INTEGER_SPAN;
  let max = DEFAULT_INTEGER_SPAN - 1;
  if (typeof schema.minimum === 'number') {
    min = Math.ceil(schema.minimum);
    if (schema.exclusiveMinimum && min === schema.minimum) min += 1;
  }
  if (typeof schema.maximum === 'number') {
    max = Math.floor(schema.maximum);
    if (schema.exclusiveMaximum && max === schema.maximum) max -= 1;
  }
  min = Math.max(min, Number.MIN_SAFE_INTEGER);
  max = Math.min(max, Number.MAX_SAFE_INTEGER);
  return min <= max ? { min, max } : null;
}

function withSpellings(values: fc.Arbitrary<number>, type: string, context: ValueContext): fc.Arbitrary<unknown> {
  const spelled = values.chain((value) => {
    const spellings = alternativeSpellings(value, type, context.location);
    return spellings.length === 0 ? fc.constant<unknown>(value) : fc.constantFrom<unknown>(...spellings);
  });
  return fc.oneof({ weight: 5, arbitrary: values as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: spelled });
}

/** Whole numbers within the bounds and multiples, favouring small ids; no spellings yet. */
function integerCandidates(schema: ArgSchema): fc.Arbitrary<number> | null {
  const range = integerRange(schema);
  if (range === null) return null;
  const step = typeof schema.multipleOf === 'number' && schema.multipleOf > 0 ? schema.multipleOf : 1;
  const lowest = Math.ceil(range.min / step);
  const highest = Math.floor(range.max / step);
  if (lowest > highest) return null;
  const scaled = (arbitrary: fc.Arbitrary<number>): fc.Arbitrary<number> => arbitrary.map((k) => k * step + 0);
  const sources: Array<fc.WeightedArbitrary<number>> = [
    { weight: 3, arbitrary: scaled(fc.integer({ min: lowest, max: highest })) },
    { weight: 1, arbitrary: scaled(fc.constantFrom(lowest, highest)) },
  ];
  const smallLow = Math.max(lowest, Math.ceil(1 / step));
  const smallHigh = Math.min(highest, Math.floor(20 / step));
  if (smallLow <= smallHigh) sources.push({ weight: 6, arbitrary: scaled(fc.integer({ min: smallLow, max: smallHigh })) });
  return fc.oneof(...sources);
}

export const integerValues: ValueBuilder = (schema, context) => {
  const candidates = integerCandidates(schema);
  return candidates && withSpellings(candidates, 'integer', context);
};

export const numberValues: ValueBuilder = (schema, context) => {
  const min = typeof schema.minimum === 'number' ? schema.minimum : -DEFAULT_NUMBER_SPAN;
  const max = typeof schema.maximum === 'number' ? schema.maximum : DEFAULT_NUMBER_SPAN;
  if (min > max) return null;
  if (typeof schema.multipleOf === 'number' && schema.multipleOf > 0) {
    const step = schema.multipleOf;
    const lowest = Math.ceil(min / step);
    const highest = Math.floor(max / step);
    if (lowest > highest) return null;
    // Small multiples first: k * step is exact in floating point far more often for small k (fmod must give 0).
    const small = fc.integer({ min: Math.max(lowest, -10), max: Math.min(highest, 10) });
    const multiples =
      Math.max(lowest, -10) <= Math.min(highest, 10)
        ? fc.oneof({ weight: 3, arbitrary: small }, fc.integer({ min: lowest, max: highest }))
        : fc.integer({ min: lowest, max: highest });
    return withSpellings(
      multiples.map((k) => k * step + 0),
      'number',
      context,
    );
  }
  const doubles = fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((value) => value + 0);
  const integers = integerCandidates(schema);
  return withSpellings(integers ? fc.oneof(doubles, integers) : doubles, 'number', context);
};
