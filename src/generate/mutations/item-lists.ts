/** Lists of valid items of a given length, for the array rules (unique by WordPress's reckoning when asked). */
import fc from 'fast-check';
import type { ArgSchema } from '../../descriptor/types.js';
import { itemIdentity } from '../values/array.js';
import type { MutationContext } from './types.js';
import { itemSchema } from './schema-facts.js';

/** Valid items of an array schema (short text and small numbers when `items` is absent). */
export function validItems(schema: ArgSchema, context: MutationContext): fc.Arbitrary<unknown> | null {
  const items = itemSchema(schema);
  return items ? context.validValues(items) : fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 100 }));
}

export function itemLists(schema: ArgSchema, context: MutationContext, minLength: number, maxLength: number, unique: boolean): fc.Arbitrary<unknown[]> | null {
  const items = validItems(schema, context);
  if (items === null) return minLength === 0 ? fc.constant([]) : null;
  if (!unique) return fc.array(items, { minLength, maxLength });
  return fc.uniqueArray(items, { minLength, maxLength, selector: itemIdentity(itemSchema(schema), context.location) });
}
