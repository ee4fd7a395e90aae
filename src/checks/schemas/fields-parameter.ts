/** `_fields` leaves exactly the keys asked for, as WordPress filters every answer with it. */
import type { EvidenceCheck } from '../types.js';
import { isSuccess, missingFrom } from './answer-items.js';
import type { FieldsAsked } from './evidence.js';

/** Links WordPress adds to an answer after `_fields` has filtered it. */
const HYPERMEDIA: ReadonlySet<string> = new Set(['_links', '_embedded']);

/** The `_fields` value that asks for these keys: the plain keys, then the dot path. */
export function fieldsValue({ plain, nested }: Pick<FieldsAsked, 'plain' | 'nested'>): string {
  return [...plain, ...(nested === undefined ? [] : [`${nested.field}.${nested.key}`])].join(',');
}

/** What is wrong with one item of a `_fields` answer, or undefined. */
function fieldsProblem(item: unknown, expected: readonly string[], nested: FieldsAsked['nested'], whole: boolean): string | undefined {
  if (typeof item !== 'object' || item === null || Array.isArray(item)) return `an item that is not an object`;
  const keys = Object.keys(item)
    .filter((key) => !HYPERMEDIA.has(key))
    .sort();
  const extra = missingFrom(keys, expected);
  const lacking = whole ? missingFrom(expected, keys) : [];
  if (extra.length > 0 || lacking.length > 0) return `keys ${keys.join(', ') || '(none)'} where ${expected.join(', ')} were asked for`;
  const inner = nested === undefined ? undefined : (item as Record<string, unknown>)[nested.field];
  if (nested !== undefined && typeof inner === 'object' && inner !== null) {
    const innerKeys = Object.keys(inner);
    if (innerKeys.some((key) => key !== nested.key) || (whole && !innerKeys.includes(nested.key))) {
      return `${nested.field} with keys ${innerKeys.join(', ') || '(none)'} where only ${nested.field}.${nested.key} was asked for`;
    }
  }
  return undefined;
}

export const fieldsParameter: EvidenceCheck<FieldsAsked> = {
  name: 'fields_parameter',
  evidence: 'schemas',
  severity: 'failure',
  description: '_fields=a,b.c leaves exactly the named keys of each item (dot paths reach into nested objects), as WordPress filters every answer.',
  judge({ plain, nested, answer }) {
    if (!isSuccess(answer)) return [];
    const body = answer.response?.json;
    const items = Array.isArray(body) ? body : [body];
    const expected = [...plain, ...(nested === undefined ? [] : [nested.field])].sort();
    for (const [index, item] of items.entries()) {
      // Only the first item is the one the keys were taken from; the others may lack some, never have more.
      const problem = fieldsProblem(item, expected, nested, index === 0);
      if (problem !== undefined) return [{ message: `_fields=${fieldsValue({ plain, nested })} answered ${problem}`, cause: 'fields' }];
    }
    return [];
  },
};
