/** duplicate_items: a list with `uniqueItems` where one valid item appears twice. */
import fc from 'fast-check';
import type { MutationOperator } from './types.js';
import { itemLists } from './item-lists.js';
import { hasType, numberKeyword } from './schema-facts.js';

export const duplicateItems: MutationOperator = {
  rule: 'duplicate_items',
  codes: ['rest_duplicate_items'],
  nested: true,
  candidates(schema, context) {
    if (!schema.uniqueItems || !hasType(schema, 'array')) return null;
    const maxItems = numberKeyword(schema, 'maxItems') ?? 5;
    if (maxItems < 2) return null;
    const minItems = Math.max(1, Math.ceil((numberKeyword(schema, 'minItems') ?? 0) - 1));
    const lists = itemLists(schema, context, minItems, Math.max(minItems, Math.min(maxItems - 1, minItems + 3)), false);
    if (lists === null) return null;
    return fc.tuple(lists, fc.nat()).map(([list, pick]) => {
      const copy = list[pick % list.length];
      const position = pick % (list.length + 1);
      return [...list.slice(0, position), copy, ...list.slice(position)];
    });
  },
  describe() {
    return 'unique items';
  },
};
