/**
 * The other spellings WordPress accepts for a scalar: `"TRUE"`, `"1"` and `0` for booleans, `"5"` and `"5.0"`
 * for integers, `"2.5"` for numbers. In the query a number already arrives as its string, so only the
 * spellings that differ from `String(value)` are listed there.
 */
import type { ParamLocation } from '../../descriptor/types.js';

export function alternativeSpellings(value: unknown, type: string, location: ParamLocation): unknown[] {
  if (type === 'boolean' && typeof value === 'boolean') {
    const body = value ? ['true', 'TRUE', 'True', '1', 1] : ['false', 'FALSE', 'False', '0', 0];
    return location === 'query' ? body.filter((spelling) => spelling !== String(value)) : body;
  }
  if (type === 'integer' && typeof value === 'number' && Number.isSafeInteger(value)) {
    return location === 'query' ? [`${value}.0`] : [String(value), `${value}.0`];
  }
  if (type === 'number' && typeof value === 'number' && Number.isFinite(value)) {
    return location === 'query' ? [] : [String(value)];
  }
  return [];
}
