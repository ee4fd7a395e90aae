/** out_of_bounds: a number just outside, or far outside, `minimum`/`maximum` (boolean exclusive bounds honoured). */
import fc from 'fast-check';
import type { ArgSchema } from '../../descriptor/types.js';
import type { MutationOperator } from './types.js';
import { hasType, numberKeyword } from './schema-facts.js';

/** Multiples of `step` around `edge`, so `multipleOf` (checked first) does not hide the bound. */
function around(edge: number, step: number, direction: -1 | 1): number[] {
  const nearest = direction < 0 ? Math.floor(edge / step) * step : Math.ceil(edge / step) * step;
  return [edge, edge + direction, nearest, nearest + direction * step, nearest + direction * 10 * step, edge + direction * 0.5].map((value) => value + 0);
}

export function boundsText(schema: ArgSchema): string {
  const parts: string[] = [];
  if (schema.minimum !== undefined) parts.push(`${schema.exclusiveMinimum ? 'exclusive ' : ''}minimum ${schema.minimum}`);
  if (schema.maximum !== undefined) parts.push(`${schema.exclusiveMaximum ? 'exclusive ' : ''}maximum ${schema.maximum}`);
  return parts.join(', ');
}

export const outOfBounds: MutationOperator = {
  rule: 'out_of_bounds',
  codes: ['rest_out_of_bounds'],
  nested: true,
  candidates(schema) {
    if (!hasType(schema, 'integer') && !hasType(schema, 'number')) return null;
    const minimum = numberKeyword(schema, 'minimum');
    const maximum = numberKeyword(schema, 'maximum');
    if (minimum === undefined && maximum === undefined) return null;
    const step = numberKeyword(schema, 'multipleOf') ?? 1;
    const sources: Array<fc.Arbitrary<number>> = [];
    if (minimum !== undefined)
      sources.push(
        fc.constantFrom(...around(minimum, step, -1)),
        fc.integer({ min: -1000, max: -1 }).map((k) => Math.floor(minimum / step) * step + k * step),
      );
    if (maximum !== undefined)
      sources.push(
        fc.constantFrom(...around(maximum, step, 1)),
        fc.integer({ min: 1, max: 1000 }).map((k) => Math.ceil(maximum / step) * step + k * step),
      );
    return fc.oneof(...sources);
  },
  describe: boundsText,
};
