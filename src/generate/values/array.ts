/**
 * Valid arrays: lists of valid items within `minItems`/`maxItems` (kept short), unique after WordPress's
 * sanitising when `uniqueItems` asks; sometimes as the comma-separated string WordPress also accepts (`"1,2"`).
 * In the query an empty list is sent as `key=`, which WordPress reads as an empty array too.
 */
import fc from 'fast-check';
import type { ArgSchema } from '../../descriptor/types.js';
import { isPlainObject } from '../../schema/php-values.js';
import { stableSerialization } from '../../schema/type-coercion.js';
import { sanitizeValue } from '../../schema/wordpress-rules.js';
import { asReceived } from '../as-received.js';
import type { ValueBuilder, ValueContext } from './context.js';

/** How many items beyond `minItems` a generated list may have. */
const EXTRA_ITEMS = 4;
const SCALAR_ITEM_TYPES = new Set(['integer', 'number', 'boolean', 'string']);

/** A key equal for items WordPress would count as duplicates (after sanitising them). */
export function itemIdentity(itemSchema: ArgSchema | undefined, location: ValueContext['location']): (item: unknown) => string {
  return (item) => {
    const received = asReceived(item, location);
    if (!received.present) return 'absent';
    if (!itemSchema) return stableSerialization(received.value);
    const sanitized = sanitizeValue(received.value, itemSchema);
    return 'value' in sanitized ? stableSerialization(sanitized.value) : `raw:${stableSerialization(received.value)}`;
  };
}

/** Valid item values for an array schema (any scalar text when `items` is absent). */
export function itemValues(schema: ArgSchema, context: ValueContext): fc.Arbitrary<unknown> | null {
  if (isPlainObject(schema.items)) return context.nested(schema.items, context.name);
  return fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.integer({ min: 0, max: 100 }));
}

/** Lists of `count` valid items in [min, max], unique by WordPress's reckoning when the schema asks. */
export function listValues(schema: ArgSchema, context: ValueContext, min: number, max: number): fc.Arbitrary<unknown[]> | null {
  const items = itemValues(schema, context);
  if (items === null) return min === 0 ? fc.constant([]) : null;
  const itemSchema = isPlainObject(schema.items) ? (schema.items as ArgSchema) : undefined;
  if (schema.uniqueItems) return fc.uniqueArray(items, { minLength: min, maxLength: max, selector: itemIdentity(itemSchema, context.location) });
  return fc.array(items, { minLength: min, maxLength: max });
}

function itemType(schema: ArgSchema): string | undefined {
  const items = schema.items;
  return isPlainObject(items) && typeof items.type === 'string' ? items.type : undefined;
}

export const arrayValues: ValueBuilder = (schema, context) => {
  const min = typeof schema.minItems === 'number' ? Math.max(0, Math.ceil(schema.minItems)) : 0;
  const max = typeof schema.maxItems === 'number' ? Math.floor(schema.maxItems) : min + EXTRA_ITEMS;
  if (max < min) return null;
  const lists = listValues(schema, context, min, Math.min(max, min + EXTRA_ITEMS));
  if (lists === null) return null;
  const type = itemType(schema);
  if (type === undefined || !SCALAR_ITEM_TYPES.has(type)) return lists;
  // A list of scalars may also travel as one comma-separated string; WordPress splits it on commas and spaces.
  const joined = lists.map((list): unknown => {
    const received = list.map((item) => asReceived(item, 'query'));
    const pieces = received.map((item) => (item.present && typeof item.value === 'string' ? item.value : ''));
    return pieces.every((piece) => /^[^\s,]+$/.test(piece)) ? pieces.join(',') : list;
  });
  return fc.oneof({ weight: 5, arbitrary: lists as fc.Arbitrary<unknown> }, { weight: 1, arbitrary: joined });
};
